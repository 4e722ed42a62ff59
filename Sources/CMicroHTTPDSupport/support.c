#include "CMicroHTTPDSupport.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <stdio.h>

struct MHD_Daemon *wt_mhd_start(const struct wt_mhd_settings *s, const char **error_message) {
    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME;
    struct sockaddr_in *v4 = (struct sockaddr_in *)&address;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&address;
    if (inet_pton(AF_INET, s->host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(s->port);
    } else if (inet_pton(AF_INET6, s->host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(s->port);
        flags |= MHD_USE_IPv6;
    } else {
        *error_message = "the host must be a numeric IPv4 or IPv6 address (127.0.0.1, ::1, 0.0.0.0, ::)";
        return NULL;
    }
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_SOCK_ADDR, 0, &address},
        {MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)s->thread_pool_size, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)s->connection_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)s->connection_timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)s->connection_memory_limit, NULL},
        {MHD_OPTION_LISTEN_BACKLOG_SIZE, (intptr_t)s->listen_backlog, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)s->completed, s->completed_context},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)s->connection_notify, s->connection_notify_context},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)s->uri_log, s->uri_log_context},
        {MHD_OPTION_END, 0, NULL},
    };
    struct MHD_Daemon *d = MHD_start_daemon(flags, s->port, NULL, NULL, s->handler, s->handler_context,
                                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    if (d == NULL) *error_message = "could not listen (is the port in use, or the address not this machine's?)";
    return d;
}

uint16_t wt_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

int wt_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

void wt_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length) {
    if (length == 0) return;
    buffer[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *a = info->client_addr;
    if (a->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)a)->sin_addr, buffer, (socklen_t)length);
    } else if (a->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)a)->sin6_addr, buffer, (socklen_t)length);
    }
}

unsigned int wt_mhd_http_status(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS);
    return info == NULL ? 0 : info->http_status;
}
