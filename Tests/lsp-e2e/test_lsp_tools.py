"""Writing Tools as code actions, end to end with a real LSP client (pytest-lsp / pygls): the
server offers the tools on a selection, runs one when it is executed, shows $/progress, and
applies the result with workspace/applyEdit, annotated "needs confirmation"; protected text
(inline code) is untouched. Uses the built-in engine (no model configured)."""
import os
import pathlib
import tempfile

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from test_lsp_e2e import BIN, apply_edits, server_command

TMP = pathlib.Path(tempfile.mkdtemp(prefix="wt-lsp-tools-"))
ENV = dict(os.environ, XDG_CONFIG_HOME=str(TMP / "config"), WRITING_TOOLS_CONFIG=str(TMP / "none.json"))
URI = (TMP / "draft.md").as_uri()
TEXT = "# Draft\n\nIn order to build it, run `make test` before you commit.\n\nWe need eggs, flour and milk.\n"
APPLIED = []


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp", "--stdio"], server_env=ENV))
async def client(lsp_client: LanguageClient):
    @lsp_client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams):
        APPLIED.append(params)
        return types.ApplyWorkspaceEditResult(applied=True)

    capabilities = types.ClientCapabilities(
        window=types.WindowClientCapabilities(work_done_progress=True),
        workspace=types.WorkspaceClientCapabilities(
            apply_edit=True,
            workspace_edit=types.WorkspaceEditClientCapabilities(
                document_changes=True,
                change_annotation_support=types.ChangeAnnotationsSupportOptions(groups_on_label=True))))
    await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities, root_uri=TMP.as_uri(),
                                                               initialization_options={"debounceMilliseconds": 30}))
    yield
    await lsp_client.shutdown_session()


async def run_tool(client: LanguageClient, title: str, line: int, end: int):
    """Asks for the refactorings of (line, 0)–(line, end), runs the one titled `title`, and
    returns the command's result and the text after the edit the server asked to apply."""
    selection = types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=end))
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=selection,
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.RefactorRewrite])))
    command = server_command(next(a for a in actions if a.title == title))
    assert command["command"] == "writing-tools.runTool"
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=command["command"], arguments=command["arguments"]))
    return actions, result, apply_edits(TEXT, APPLIED[-1].edit.document_changes[0].edits)


async def test_tools_as_code_actions(client: LanguageClient):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="markdown", version=1, text=TEXT)))
    selection = types.Range(start=types.Position(line=2, character=0), end=types.Position(line=2, character=57))
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=selection,
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.RefactorRewrite])))
    titles = [a.title for a in actions]
    for tool in ["Rewrite", "Friendly", "Professional", "Concise", "Summary", "Key Points", "List", "Table"]:
        assert f"Writing Tools: {tool}" in titles, titles
    concise = server_command(next(a for a in actions if a.title == "Writing Tools: Concise"))
    assert concise["command"] == "writing-tools.runTool"
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=concise["command"], arguments=concise["arguments"]))
    assert result == {"applied": True}, result
    edit = APPLIED[-1].edit
    assert APPLIED[-1].label == "Writing Tools: Concise"
    annotation = edit.change_annotations["writing-tools"]
    assert annotation.needs_confirmation is True and annotation.label == "Writing Tools: Concise"
    doc_edit = edit.document_changes[0]
    assert doc_edit.text_document.uri == URI and doc_edit.text_document.version == 1
    new_text = apply_edits(TEXT, doc_edit.edits)
    assert "To build it, run `make test` before you commit." in new_text, new_text
    # Progress was shown: begin … end.
    kinds = [type(v).__name__ for reports in client.progress_reports.values() for v in reports]
    assert "WorkDoneProgressBegin" in kinds and "WorkDoneProgressEnd" in kinds, client.progress_reports

    # List on the last paragraph replaces it by a list.
    _, result, new_text = await run_tool(client, "Writing Tools: List", 4, 29)
    assert result == {"applied": True}, result
    assert "- eggs\n- flour\n- milk" in new_text, new_text
    assert "`make test`" in new_text


async def test_tools_with_a_model_from_the_configuration(client: LanguageClient):
    """workspace/didChangeConfiguration names a model (the scripted server standing in for
    one); the next tool run uses it."""
    import subprocess
    fake = subprocess.Popen(["python3", str(pathlib.Path(__file__).resolve().parents[1] / "TestSupport" / "fake_model_server.py")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(fake.stdout.readline().split()[1])
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"writing-tools": {
            "model": {"provider": "openai", "baseURL": f"http://127.0.0.1:{port}/v1", "model": "replace:build it=>compile it"}}}))
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="markdown", version=1, text=TEXT)))
        _, result, new_text = await run_tool(client, "Writing Tools: Friendly", 2, 57)
        assert result == {"applied": True}, result
        assert "In order to compile it, run `make test` before you commit." in new_text, new_text
        # The model saw a placeholder, never the code.
        import json
        import urllib.request
        last = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/last"))
        prompt = last["body"]["messages"][-1]["content"]
        assert "[[KEEP_1]]" in prompt and "make test" not in prompt, prompt
    finally:
        fake.stdin.close()
        fake.terminate()
