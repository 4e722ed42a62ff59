#!/usr/bin/env bash
# Runs every test: installs missing packages, builds with warnings as errors, runs the Swift
# tests, drives `writing-tools lsp` with a real LSP client (Tests/lsp-e2e, pytest-lsp), then
# checks the CLI end to end on real Markdown documents with answer keys.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -Xswiftc -warnings-as-errors
swift test -Xswiftc -warnings-as-errors
WRITING_TOOLS_BIN=.build/debug/writing-tools python3 -m pytest Tests/lsp-e2e -q
python3 scripts/eval_docs.py --checker .build/debug/writing-tools Tests/WritingToolsCLITests/Fixtures/docs
if [ -d ../shared/data/dev/docs ]; then
  python3 scripts/eval_docs.py --checker .build/debug/writing-tools ../shared/data/dev/docs
fi
