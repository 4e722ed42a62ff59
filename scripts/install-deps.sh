#!/usr/bin/env bash
# Installs the Debian packages swift-writing-tools needs, if any is missing.
# Swift itself (6.x, with Swift Testing) must already be on PATH.
#
#   scripts/install-deps.sh           what the build, the program and all tests need (test.sh, CI)
#   scripts/install-deps.sh --build   what the build and the program need, nothing for the tests
#                                     and nothing from PyPI (demo.sh)
#
# apt waits up to 10 minutes for another apt or dpkg to release its lock.
set -euo pipefail
build_only=0
[ "${1:-}" = "--build" ] && build_only=1
packages=(
  pkg-config
  libhunspell-dev hunspell-en-us hunspell-en-gb   # spelling (Hunspell C library + dictionaries)
  libcmark-gfm-dev libcmark-gfm-extensions-dev    # Markdown (cmark-gfm + GFM extensions)
  wamerican wbritish scowl                        # word lists and frequency tiers for suggestions
  liblingua-en-tagger-perl wordnet-base           # part-of-speech lexicon (Penn Treebank counts) and lemmas (WordNet)
  link-grammar-dictionaries-en                    # countability of nouns (Link Grammar's English dictionary: noun=count, noun=mass)
  libcurl4 diffutils                              # HTTP for language models (FoundationNetworking); --diff
  libcurl4-openssl-dev                            # the release build links Foundation statically (--static-swift-stdlib)
  libmicrohttpd-dev                               # writing-tools serve: the HTTP server (GNU libmicrohttpd)
  zsh                                             # spelling: zsh's builtins and options are words (`setopt`; bash's come with bash)
  make                                            # make build / make install (README, Install)
)
test_packages=(
  liblingua-stem-perl                             # Benchmarks/books.py: Poe's works (Project Gutenberg text), unseen books
  python3                                         # scripts/eval_docs.py and the evaluation tools
  wrk                                             # Benchmarks/http-load.sh: the HTTP load generator
  haproxy                                         # deploy/: two instances behind HAProxy (Benchmarks/http-failover.sh)
  tmux                                            # Tests/interactive-e2e: proofread --interactive in a real terminal
  chromium chromium-driver fonts-noto-color-emoji # Tests/browser-e2e: the browser library in real Chromium (selenium)
  neovim                                          # Tests/lsp-e2e: the README's Neovim snippet on the Neovim Debian ships (0.7)
  man-db debian-policy zstd                       # Benchmarks/tech-docs.py: man pages and docs rendered as text
  manpages                                        # the C library's pages, read by the manual pages' vocabulary layer (TechDocsS51Tests)
  g++                                             # scripts/setup-llama.sh builds llama.cpp's server (tests only)
)
# Tests/install-e2e/test_deploy.py builds deploy/Containerfile into an image and runs it when
# WT_TEST_CONTAINER=1: podman, runc (crun, podman's default, refuses a hybrid cgroup hierarchy) and
# mmdebstrap (the Debian base image is made locally: no container registry is reachable).
if [ "${WT_TEST_CONTAINER:-0}" = 1 ]; then
  test_packages+=(podman runc mmdebstrap)
fi
[ "$build_only" = 1 ] || packages+=("${test_packages[@]}")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "install-deps: installing ${missing[*]}" >&2
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
fi
# The manual pages' vocabulary layer reads /usr/share/man, and its test needs the pages: an image
# whose dpkg leaves them out (`path-exclude=/usr/share/man/*` in /etc/dpkg/dpkg.cfg.d, as slim and
# minimised images do) installs the packages without them, so say so rather than skip the test.
if [ "$build_only" != 1 ] && [ ! -e /usr/share/man/man8/ld.so.8.gz ]; then
  echo "install-deps: manpages is installed but /usr/share/man/man8/ld.so.8.gz is missing: dpkg excludes" \
       "manual pages here (see /etc/dpkg/dpkg.cfg.d; remove the path-exclude line for /usr/share/man and" \
       "reinstall manpages and man-db); the manual pages' vocabulary test needs them" >&2
  exit 1
fi
if [ "$build_only" = 1 ]; then
  command -v swift >/dev/null || { echo "install-deps: swift is not on PATH (Swift 6 toolchain needed: https://www.swift.org/install/linux/)" >&2; exit 1; }
  exit 0
fi
# The language server's end-to-end test drives it with a real LSP client (pytest-lsp, from PyPI).
python3 -c 'import pytest_lsp' 2>/dev/null || python3 -m pip install --quiet pytest-lsp
# The HTTP server's end-to-end test drives it with LanguageTool's own Python clients (PyPI).
python3 -c 'import language_tool_python, pylanguagetool' 2>/dev/null || python3 -m pip install --quiet language_tool_python pyLanguagetool
# The summary benchmark (Benchmarks/summaries) scores with Google's ROUGE implementation (PyPI).
python3 -c 'import rouge_score' 2>/dev/null || python3 -m pip install --quiet rouge-score
# The browser tests drive Debian's chromium through its chromium-driver with selenium (PyPI).
python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --quiet selenium
command -v swift >/dev/null || { echo "install-deps: swift is not on PATH (Swift 6 toolchain needed: https://www.swift.org/install/linux/)" >&2; exit 1; }
