"""The README's Neovim set-up, taken from the README itself and run in the Neovim Debian ships
(0.7: `vim.lsp.start` does not exist there, so the snippet's fallback is what runs): a `.txt`
file (filetype `text`) and a Markdown file get diagnostics from `writing-tools lsp`.

Run from the repository root after `swift build`:  python3 -m pytest Tests/lsp-e2e -q
"""
import os
import pathlib
import re
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.path.abspath(os.environ.get("WRITING_TOOLS_BIN", str(ROOT / ".build" / "debug" / "writing-tools")))

CHECK = r"""
local ok = vim.wait(90000, function() return #vim.diagnostic.get(0) > 0 end, 100)
local f = io.open(os.getenv("WT_OUT"), "w")
f:write(vim.bo.filetype .. "\n")
for _, d in ipairs(vim.diagnostic.get(0)) do
  f:write(d.lnum .. ":" .. d.col .. ":" .. tostring(d.code) .. ":" .. d.source .. "\n")
end
f:close()
vim.cmd("qa!")
"""


def readme_snippet():
    text = (ROOT / "README.md").read_text()
    m = re.search(r"```lua\n(.*?)```", text, re.S)
    assert m, "the README has no Lua snippet"
    return m.group(1)


def run_neovim(tmp_path, name, content):
    nvim = shutil.which("nvim")
    assert nvim, "Neovim is not installed (scripts/install-deps.sh installs it)"
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    link = bindir / "writing-tools"
    if not link.exists():
        link.symlink_to(BIN)
    (tmp_path / "init.lua").write_text(readme_snippet())
    (tmp_path / "check.lua").write_text(CHECK)
    doc = tmp_path / name
    doc.write_text(content)
    out = tmp_path / (name + ".out")
    env = dict(os.environ, PATH=f"{bindir}:{os.environ['PATH']}", WT_OUT=str(out),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"), SWIFT_BACKTRACE="enable=no")
    subprocess.run([nvim, "--headless", "-u", str(tmp_path / "init.lua"), "-c", f"luafile {tmp_path / 'check.lua'}", str(doc)],
                   cwd=tmp_path, env=env, capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
    assert out.exists(), "Neovim wrote no result"
    lines = out.read_text().splitlines()
    return lines[0], lines[1:]


def test_text_file_gets_diagnostics(tmp_path):
    filetype, diags = run_neovim(tmp_path, "notes.txt", "Teh meeting is on Monday.\n")
    assert filetype == "text"
    assert any(d.startswith("0:0:") and "writing-tools" in d for d in diags), diags


def test_markdown_file_gets_diagnostics(tmp_path):
    filetype, diags = run_neovim(tmp_path, "notes.md", "# Notes\n\nThis is a a test.\n\n```\nteh code\n```\n")
    assert filetype == "markdown"
    assert diags and all(d.startswith("2:") for d in diags), diags
