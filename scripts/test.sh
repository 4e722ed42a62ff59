#!/usr/bin/env bash
# Runs every test: installs missing packages, builds with warnings as errors, runs the Swift
# tests, then checks the CLI end to end on real Markdown documents with answer keys.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -Xswiftc -warnings-as-errors
swift test -Xswiftc -warnings-as-errors
python3 scripts/eval_docs.py --checker .build/debug/writing-tools Tests/WritingToolsCLITests/Fixtures/docs
if [ -d ../shared/data/dev/docs ]; then
  python3 scripts/eval_docs.py --checker .build/debug/writing-tools ../shared/data/dev/docs
fi
