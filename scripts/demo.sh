#!/usr/bin/env bash
# Installs what is missing, builds a release binary and proofreads Examples/sample.md offline.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --build   # the build and the program only: no test tools, nothing from PyPI
swift build -c release --static-swift-stdlib --product writing-tools
set +e
.build/release/writing-tools proofread Examples/sample.md "$@"
code=$?
set -e
# Exit code 1 means "findings reported", which is what the sample is for.
if [ "$code" -le 1 ]; then exit 0; else exit "$code"; fi
