"""Versioned edits with a real LSP client (pytest-lsp / pygls) that takes `documentChanges` but
not change annotations: `workspace/applyEdit` and quick fixes carry the document's version
(an OptionalVersionedTextDocumentIdentifier), so that the client refuses a stale edit (issue 35,
break-it trial: they were sent in the unversioned `changes` form). Built-in engine."""
import asyncio
import os
import pathlib
import tempfile

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from test_lsp_e2e import BIN, apply_edits, server_command

TMP = pathlib.Path(tempfile.mkdtemp(prefix="wt-lsp-versioned-"))
ENV = dict(os.environ, XDG_CONFIG_HOME=str(TMP / "config"), WRITING_TOOLS_CONFIG=str(TMP / "none.json"))
URI = (TMP / "draft.md").as_uri()
TEXT = "In order to build it, run `make test` before you commit.\n\nI has a apple.\n"
APPLIED = []


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp", "--stdio"], server_env=ENV))
async def client(lsp_client: LanguageClient):
    @lsp_client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams):
        APPLIED.append(params)
        return types.ApplyWorkspaceEditResult(applied=True)

    capabilities = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            apply_edit=True, workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True)))
    await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities, root_uri=TMP.as_uri(),
                                                               initialization_options={"debounceMilliseconds": 30}))
    yield
    await lsp_client.shutdown_session()


async def _diagnostics(client, version):
    while True:
        params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if params.uri == URI and params.version == version:
            return params.diagnostics


async def test_apply_edit_and_quick_fixes_carry_the_version(client: LanguageClient):
    waiter = asyncio.ensure_future(_diagnostics(client, 4))
    await asyncio.sleep(0)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="markdown", version=4, text=TEXT)))
    diags = await asyncio.wait_for(waiter, timeout=60)

    # A Writing Tool run through workspace/applyEdit.
    selection = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=56))
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=selection,
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.RefactorRewrite])))
    command = server_command(next(a for a in actions if a.title == "Writing Tools: Concise"))
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=command["command"], arguments=command["arguments"]))
    assert result == {"applied": True}, result
    edit = APPLIED[-1].edit
    assert edit.changes is None and not edit.change_annotations, edit
    doc_edit = edit.document_changes[0]
    assert doc_edit.text_document.uri == URI and doc_edit.text_document.version == 4, doc_edit
    assert all(getattr(e, "annotation_id", None) is None for e in doc_edit.edits)
    assert "To build it, run `make test` before you commit." in apply_edits(TEXT, doc_edit.edits)

    # A quick fix of a diagnostic.
    a_apple = next(d for d in diags if d.range.start.line == 2 and d.code == "EN_A_VS_AN")
    fixes = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=a_apple.range,
        context=types.CodeActionContext(diagnostics=[a_apple], only=[types.CodeActionKind.QuickFix])))
    fix = next(a for a in fixes if getattr(a, "is_preferred", False))
    assert fix.edit.changes is None, fix.edit
    fix_doc = fix.edit.document_changes[0]
    assert fix_doc.text_document.version == 4, fix_doc
    assert "I has an apple." in apply_edits(TEXT, fix_doc.edits)
