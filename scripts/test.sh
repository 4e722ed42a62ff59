#!/usr/bin/env bash
# Runs every test: installs missing packages, sets up the real language model the integration
# tests use (llama.cpp's llama-server and Gemma 3 270M, built/fetched once and cached in
# ~/.cache/writing-tools: about 10 minutes the first time), builds with warnings as errors,
# runs the Swift tests, drives `writing-tools lsp` with a real LSP client (Tests/lsp-e2e,
# pytest-lsp, and the README's set-up in Debian's Neovim), serves LanguageTool's API to LanguageTool's own clients and abuses it (Tests/http-e2e), drives the browser library in Debian's Chromium (Tests/browser-e2e, selenium; screenshots in Tests/browser-e2e/artifacts), reviews suggestions with `proofread --interactive` in a real terminal (Tests/interactive-e2e,
# tmux), sends batch requests one at a time through a pipe (Tests/batch-e2e), writes files with
# real processes killed and racing (Tests/files-e2e), installs and uninstalls with `make install`
# under a temporary prefix (Tests/install-e2e), then checks the CLI
# end to end on real Markdown documents with answer keys, and last fuzzes each libFuzzer target
# of Fuzz/ for 2,000 executions (scripts/fuzz.sh --smoke: its own build in .build-fuzz; a trap
# shows as itself, the Swift backtracer being off under AddressSanitizer).
# WT_SKIP_LLAMA=1 skips the real-model tests (they are then reported as skipped).
# WT_TEST_CONTAINER=1 also builds deploy/Containerfile into an image with podman and runs it
# (Tests/install-e2e/test_deploy.py): a release build and a Debian base image, 15–40 minutes more
# on 2 cores; without it that test is reported as skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
if [ "${WT_SKIP_LLAMA:-0}" != 1 ]; then
  # Exports WT_LLAMA_SERVER and WT_TEST_GGUF for LlamaServerIntegrationTests.
  eval "$(bash scripts/setup-llama.sh | sed 's/^/export /')"
else
  echo "test.sh: WT_SKIP_LLAMA=1: the real llama-server tests are skipped" >&2
fi
swift build -Xswiftc -warnings-as-errors
# The indexes every test process memory-maps (spelling suggestions, part-of-speech lexicon, the
# vocabulary layers, which are rebuilt when installed packages change) are built once here, by
# one process, before the tests start many at once under their time limits.
for lang in en-US en-GB; do
  echo "Warm up the caches." | .build/debug/writing-tools proofread --language "$lang" - >/dev/null || test $? -eq 1
done
swift test -Xswiftc -warnings-as-errors
WRITING_TOOLS_BIN=.build/debug/writing-tools python3 -m pytest Tests/lsp-e2e -q
WRITING_TOOLS_BIN=.build/debug/writing-tools python3 -m pytest Tests/http-e2e -q
WRITING_TOOLS_BIN=.build/debug/writing-tools python3 -m pytest Tests/browser-e2e -q
WRITING_TOOLS_BIN=.build/debug/writing-tools python3 -m pytest Tests/interactive-e2e -q
WRITING_TOOLS_BIN=.build/debug/writing-tools python3 -m pytest Tests/batch-e2e -q
WRITING_TOOLS_BIN=.build/debug/writing-tools python3 -m pytest Tests/files-e2e -q
python3 -m pytest Tests/install-e2e -q
python3 scripts/eval_docs.py --checker .build/debug/writing-tools Tests/WritingToolsCLITests/Fixtures/docs
if [ -d ../shared/data/dev/docs ]; then
  python3 scripts/eval_docs.py --checker .build/debug/writing-tools ../shared/data/dev/docs
fi
bash scripts/fuzz.sh --smoke
