// Hunspell's C API (Debian libhunspell-dev; headers in /usr/include/hunspell via pkg-config).
#include <hunspell.h>
