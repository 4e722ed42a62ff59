// libFuzzer's entry point for programs that have their own main (LLVM's FuzzerInterface.h,
// LLVMFuzzerRunDriver; in libclang_rt.fuzzer of the Swift toolchain, linked by -sanitize=fuzzer).
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
