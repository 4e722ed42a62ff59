// GNU libmicrohttpd's C API (Debian libmicrohttpd-dev; header via pkg-config libmicrohttpd).
// microhttpd.h expects the socket and integer types declared before it.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
