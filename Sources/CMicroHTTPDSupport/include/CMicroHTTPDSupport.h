// The libmicrohttpd calls Swift cannot make itself: its variadic functions (MHD_start_daemon's
// option list, MHD_get_connection_info, MHD_get_daemon_info), and the socket address to bind.
#ifndef WT_MICROHTTPD_SUPPORT_H
#define WT_MICROHTTPD_SUPPORT_H

#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// What the server needs from the daemon; every limit in the unit its name says.
struct wt_mhd_settings {
    /// Numeric IPv4 or IPv6 address to listen on ("127.0.0.1", "::1", "0.0.0.0", "::").
    const char *host;
    /// TCP port; 0 picks a free one (read it back with wt_mhd_bound_port).
    uint16_t port;
    /// Worker threads, each with its own epoll loop (MHD_OPTION_THREAD_POOL_SIZE).
    unsigned int thread_pool_size;
    /// Open connections at most; more are closed at accept (MHD_OPTION_CONNECTION_LIMIT).
    unsigned int connection_limit;
    /// Seconds a connection may be idle (no byte read or written) before it is closed.
    unsigned int connection_timeout_seconds;
    /// Bytes per connection for the request line, headers and buffers (headers past it: 431).
    size_t connection_memory_limit;
    /// listen() backlog.
    unsigned int listen_backlog;
    MHD_AccessHandlerCallback handler;
    void *handler_context;
    MHD_RequestCompletedCallback completed;
    void *completed_context;
    MHD_NotifyConnectionCallback connection_notify;
    void *connection_notify_context;
    /// Called with the raw request target (path and query, not unescaped) once the request
    /// line is read; its result becomes the request's context (*req_cls).
    void *(*uri_log)(void *context, const char *uri, struct MHD_Connection *connection);
    void *uri_log_context;
};

/// Starts a daemon with internal epoll threads (a pool, not a thread per connection),
/// quiescing allowed (MHD_USE_ITC). Returns NULL and sets *error_message on failure (an
/// address that is no numeric IP, a port in use).
struct MHD_Daemon *wt_mhd_start(const struct wt_mhd_settings *settings, const char **error_message);

/// The port the daemon listens on (useful after port 0).
uint16_t wt_mhd_bound_port(struct MHD_Daemon *daemon);

/// The connection's socket, or -1.
int wt_mhd_connection_fd(struct MHD_Connection *connection);

/// The client's address as text ("127.0.0.1", "::1") in buffer (of size length); "" if unknown.
void wt_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length);

/// The status of the response queued on the connection (the library's own 400 or 431 too), 0 if none.
unsigned int wt_mhd_http_status(struct MHD_Connection *connection);

#endif
