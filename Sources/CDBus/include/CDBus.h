#ifndef XKIT_CDBUS_H
#define XKIT_CDBUS_H
/* libdbus-1, loaded with dlopen on first use so apps that never enable accessibility do not load
 * libdbus and its dependencies (libsystemd, libgcrypt, ...) at start-up.
 *
 * The types mirror libdbus 1.x's ABI: DBusError's public layout, and a DBusMessageIter at least as
 * large and as aligned as libdbus's (callers only ever pass pointers to it). Every function is
 * libdbus's, prefixed xk_; call xk_dbus_load() first (they return 0/NULL while it is not loaded). */
#include <stdint.h>

typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;
typedef uint32_t dbus_bool_t;
typedef uint32_t dbus_uint32_t;
typedef struct DBusMessageIter { void *opaque[16]; } DBusMessageIter;
typedef struct DBusError {
    const char *name;
    const char *message;
    unsigned int dummy_bits;
    void *padding1;
} DBusError;
typedef enum { DBUS_DISPATCH_DATA_REMAINS, DBUS_DISPATCH_COMPLETE, DBUS_DISPATCH_NEED_MEMORY } DBusDispatchStatus;

/* Loads libdbus-1.so.3 once; returns 1 when every function was found, else 0 (then nothing is usable). */
int xk_dbus_load(void);

dbus_bool_t xk_dbus_bus_register(DBusConnection *c, DBusError *e);
const char * xk_dbus_bus_get_unique_name(DBusConnection *c);
void xk_dbus_connection_close(DBusConnection *c);
DBusDispatchStatus xk_dbus_connection_get_dispatch_status(DBusConnection *c);
dbus_bool_t xk_dbus_connection_get_is_connected(DBusConnection *c);
dbus_bool_t xk_dbus_connection_get_unix_fd(DBusConnection *c, int *fd);
dbus_bool_t xk_dbus_connection_has_messages_to_send(DBusConnection *c);
DBusConnection * xk_dbus_connection_open_private(const char *address, DBusError *e);
DBusMessage * xk_dbus_connection_pop_message(DBusConnection *c);
dbus_bool_t xk_dbus_connection_read_write(DBusConnection *c, int timeout);
dbus_bool_t xk_dbus_connection_send(DBusConnection *c, DBusMessage *m, dbus_uint32_t *serial);
DBusMessage * xk_dbus_connection_send_with_reply_and_block(DBusConnection *c, DBusMessage *m, int timeout, DBusError *e);
void xk_dbus_connection_set_exit_on_disconnect(DBusConnection *c, dbus_bool_t exit);
/* libdbus stops reading the socket while this many bytes of read messages are alive (not yet freed). */
void xk_dbus_connection_set_max_received_size(DBusConnection *c, long size);
void xk_dbus_connection_unref(DBusConnection *c);
void xk_dbus_error_free(DBusError *e);
void xk_dbus_error_init(DBusError *e);
dbus_bool_t xk_dbus_error_is_set(const DBusError *e);
void xk_dbus_free(void *p);
const char * xk_dbus_message_get_error_name(DBusMessage *m);
const char * xk_dbus_message_get_interface(DBusMessage *m);
const char * xk_dbus_message_get_member(DBusMessage *m);
const char * xk_dbus_message_get_path(DBusMessage *m);
const char * xk_dbus_message_get_sender(DBusMessage *m);
const char * xk_dbus_message_get_signature(DBusMessage *m);
dbus_bool_t xk_dbus_message_get_no_reply(DBusMessage *m);
dbus_uint32_t xk_dbus_message_get_reply_serial(DBusMessage *m);
dbus_uint32_t xk_dbus_message_get_serial(DBusMessage *m);
int xk_dbus_message_get_type(DBusMessage *m);
void xk_dbus_message_iter_abandon_container(DBusMessageIter *i, DBusMessageIter *sub);
dbus_bool_t xk_dbus_message_iter_append_basic(DBusMessageIter *i, int type, const void *value);
dbus_bool_t xk_dbus_message_iter_close_container(DBusMessageIter *i, DBusMessageIter *sub);
int xk_dbus_message_iter_get_arg_type(DBusMessageIter *i);
void xk_dbus_message_iter_get_basic(DBusMessageIter *i, void *value);
/* The elements of an array of a fixed-size type, in place (no copy); *n is their count. */
void xk_dbus_message_iter_get_fixed_array(DBusMessageIter *i, void *value, int *n);
int xk_dbus_message_iter_get_element_type(DBusMessageIter *i);
char * xk_dbus_message_iter_get_signature(DBusMessageIter *i);
dbus_bool_t xk_dbus_message_iter_init(DBusMessage *m, DBusMessageIter *i);
void xk_dbus_message_iter_init_append(DBusMessage *m, DBusMessageIter *i);
dbus_bool_t xk_dbus_message_iter_next(DBusMessageIter *i);
dbus_bool_t xk_dbus_message_iter_open_container(DBusMessageIter *i, int type, const char *signature, DBusMessageIter *sub);
void xk_dbus_message_iter_recurse(DBusMessageIter *i, DBusMessageIter *sub);
DBusMessage * xk_dbus_message_new_error(DBusMessage *reply_to, const char *name, const char *text);
DBusMessage * xk_dbus_message_new_method_call(const char *destination, const char *path, const char *interface, const char *method);
DBusMessage * xk_dbus_message_new_method_return(DBusMessage *m);
DBusMessage * xk_dbus_message_new_signal(const char *path, const char *interface, const char *name);
void xk_dbus_message_unref(DBusMessage *m);
dbus_bool_t xk_dbus_threads_init_default(void);

#endif
