#include "CDBus.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>


static dbus_bool_t (*p_dbus_bus_register)(DBusConnection *c, DBusError *e);
static const char * (*p_dbus_bus_get_unique_name)(DBusConnection *c);
static void (*p_dbus_connection_close)(DBusConnection *c);
static DBusDispatchStatus (*p_dbus_connection_get_dispatch_status)(DBusConnection *c);
static dbus_bool_t (*p_dbus_connection_get_is_connected)(DBusConnection *c);
static dbus_bool_t (*p_dbus_connection_get_unix_fd)(DBusConnection *c, int *fd);
static dbus_bool_t (*p_dbus_connection_has_messages_to_send)(DBusConnection *c);
static DBusConnection * (*p_dbus_connection_open_private)(const char *address, DBusError *e);
static DBusMessage * (*p_dbus_connection_pop_message)(DBusConnection *c);
static dbus_bool_t (*p_dbus_connection_read_write)(DBusConnection *c, int timeout);
static dbus_bool_t (*p_dbus_connection_send)(DBusConnection *c, DBusMessage *m, dbus_uint32_t *serial);
static DBusMessage * (*p_dbus_connection_send_with_reply_and_block)(DBusConnection *c, DBusMessage *m, int timeout, DBusError *e);
static void (*p_dbus_connection_set_exit_on_disconnect)(DBusConnection *c, dbus_bool_t exit);
static void (*p_dbus_connection_set_max_received_size)(DBusConnection *c, long size);
static void (*p_dbus_connection_unref)(DBusConnection *c);
static void (*p_dbus_error_free)(DBusError *e);
static void (*p_dbus_error_init)(DBusError *e);
static dbus_bool_t (*p_dbus_error_is_set)(const DBusError *e);
static void (*p_dbus_free)(void *p);
static const char * (*p_dbus_message_get_error_name)(DBusMessage *m);
static const char * (*p_dbus_message_get_interface)(DBusMessage *m);
static const char * (*p_dbus_message_get_member)(DBusMessage *m);
static const char * (*p_dbus_message_get_path)(DBusMessage *m);
static const char * (*p_dbus_message_get_sender)(DBusMessage *m);
static const char * (*p_dbus_message_get_signature)(DBusMessage *m);
static dbus_bool_t (*p_dbus_message_get_no_reply)(DBusMessage *m);
static dbus_uint32_t (*p_dbus_message_get_reply_serial)(DBusMessage *m);
static dbus_uint32_t (*p_dbus_message_get_serial)(DBusMessage *m);
static int (*p_dbus_message_get_type)(DBusMessage *m);
static void (*p_dbus_message_iter_abandon_container)(DBusMessageIter *i, DBusMessageIter *sub);
static dbus_bool_t (*p_dbus_message_iter_append_basic)(DBusMessageIter *i, int type, const void *value);
static dbus_bool_t (*p_dbus_message_iter_close_container)(DBusMessageIter *i, DBusMessageIter *sub);
static int (*p_dbus_message_iter_get_arg_type)(DBusMessageIter *i);
static void (*p_dbus_message_iter_get_basic)(DBusMessageIter *i, void *value);
static void (*p_dbus_message_iter_get_fixed_array)(DBusMessageIter *i, void *value, int *n);
static int (*p_dbus_message_iter_get_element_type)(DBusMessageIter *i);
static char * (*p_dbus_message_iter_get_signature)(DBusMessageIter *i);
static dbus_bool_t (*p_dbus_message_iter_init)(DBusMessage *m, DBusMessageIter *i);
static void (*p_dbus_message_iter_init_append)(DBusMessage *m, DBusMessageIter *i);
static dbus_bool_t (*p_dbus_message_iter_next)(DBusMessageIter *i);
static dbus_bool_t (*p_dbus_message_iter_open_container)(DBusMessageIter *i, int type, const char *signature, DBusMessageIter *sub);
static void (*p_dbus_message_iter_recurse)(DBusMessageIter *i, DBusMessageIter *sub);
static DBusMessage * (*p_dbus_message_new_error)(DBusMessage *reply_to, const char *name, const char *text);
static DBusMessage * (*p_dbus_message_new_method_call)(const char *destination, const char *path, const char *interface, const char *method);
static DBusMessage * (*p_dbus_message_new_method_return)(DBusMessage *m);
static DBusMessage * (*p_dbus_message_new_signal)(const char *path, const char *interface, const char *name);
static void (*p_dbus_message_unref)(DBusMessage *m);
static dbus_bool_t (*p_dbus_threads_init_default)(void);

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;

static void load(void) {
    void *lib = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
#define XK_LOAD(name) if (!(*(void **)&p_##name = dlsym(lib, #name))) return;
    XK_LOAD(dbus_bus_register)
    XK_LOAD(dbus_bus_get_unique_name)
    XK_LOAD(dbus_connection_close)
    XK_LOAD(dbus_connection_get_dispatch_status)
    XK_LOAD(dbus_connection_get_is_connected)
    XK_LOAD(dbus_connection_get_unix_fd)
    XK_LOAD(dbus_connection_has_messages_to_send)
    XK_LOAD(dbus_connection_open_private)
    XK_LOAD(dbus_connection_pop_message)
    XK_LOAD(dbus_connection_read_write)
    XK_LOAD(dbus_connection_send)
    XK_LOAD(dbus_connection_send_with_reply_and_block)
    XK_LOAD(dbus_connection_set_exit_on_disconnect)
    XK_LOAD(dbus_connection_set_max_received_size)
    XK_LOAD(dbus_connection_unref)
    XK_LOAD(dbus_error_free)
    XK_LOAD(dbus_error_init)
    XK_LOAD(dbus_error_is_set)
    XK_LOAD(dbus_free)
    XK_LOAD(dbus_message_get_error_name)
    XK_LOAD(dbus_message_get_interface)
    XK_LOAD(dbus_message_get_member)
    XK_LOAD(dbus_message_get_path)
    XK_LOAD(dbus_message_get_sender)
    XK_LOAD(dbus_message_get_signature)
    XK_LOAD(dbus_message_get_no_reply)
    XK_LOAD(dbus_message_get_reply_serial)
    XK_LOAD(dbus_message_get_serial)
    XK_LOAD(dbus_message_get_type)
    XK_LOAD(dbus_message_iter_abandon_container)
    XK_LOAD(dbus_message_iter_append_basic)
    XK_LOAD(dbus_message_iter_close_container)
    XK_LOAD(dbus_message_iter_get_arg_type)
    XK_LOAD(dbus_message_iter_get_basic)
    XK_LOAD(dbus_message_iter_get_fixed_array)
    XK_LOAD(dbus_message_iter_get_element_type)
    XK_LOAD(dbus_message_iter_get_signature)
    XK_LOAD(dbus_message_iter_init)
    XK_LOAD(dbus_message_iter_init_append)
    XK_LOAD(dbus_message_iter_next)
    XK_LOAD(dbus_message_iter_open_container)
    XK_LOAD(dbus_message_iter_recurse)
    XK_LOAD(dbus_message_new_error)
    XK_LOAD(dbus_message_new_method_call)
    XK_LOAD(dbus_message_new_method_return)
    XK_LOAD(dbus_message_new_signal)
    XK_LOAD(dbus_message_unref)
    XK_LOAD(dbus_threads_init_default)
#undef XK_LOAD
    loaded = 1;
}

int xk_dbus_load(void) {
    pthread_once(&load_once, load);
    return loaded;
}

dbus_bool_t xk_dbus_bus_register(DBusConnection *c, DBusError *e) { return p_dbus_bus_register ? p_dbus_bus_register(c, e) : 0; }
const char * xk_dbus_bus_get_unique_name(DBusConnection *c) { return p_dbus_bus_get_unique_name ? p_dbus_bus_get_unique_name(c) : 0; }
void xk_dbus_connection_close(DBusConnection *c) { if (p_dbus_connection_close) p_dbus_connection_close(c); }
DBusDispatchStatus xk_dbus_connection_get_dispatch_status(DBusConnection *c) { return p_dbus_connection_get_dispatch_status ? p_dbus_connection_get_dispatch_status(c) : DBUS_DISPATCH_COMPLETE; }
dbus_bool_t xk_dbus_connection_get_is_connected(DBusConnection *c) { return p_dbus_connection_get_is_connected ? p_dbus_connection_get_is_connected(c) : 0; }
dbus_bool_t xk_dbus_connection_get_unix_fd(DBusConnection *c, int *fd) { return p_dbus_connection_get_unix_fd ? p_dbus_connection_get_unix_fd(c, fd) : 0; }
dbus_bool_t xk_dbus_connection_has_messages_to_send(DBusConnection *c) { return p_dbus_connection_has_messages_to_send ? p_dbus_connection_has_messages_to_send(c) : 0; }
DBusConnection * xk_dbus_connection_open_private(const char *address, DBusError *e) { return p_dbus_connection_open_private ? p_dbus_connection_open_private(address, e) : 0; }
DBusMessage * xk_dbus_connection_pop_message(DBusConnection *c) { return p_dbus_connection_pop_message ? p_dbus_connection_pop_message(c) : 0; }
dbus_bool_t xk_dbus_connection_read_write(DBusConnection *c, int timeout) { return p_dbus_connection_read_write ? p_dbus_connection_read_write(c, timeout) : 0; }
dbus_bool_t xk_dbus_connection_send(DBusConnection *c, DBusMessage *m, dbus_uint32_t *serial) { return p_dbus_connection_send ? p_dbus_connection_send(c, m, serial) : 0; }
DBusMessage * xk_dbus_connection_send_with_reply_and_block(DBusConnection *c, DBusMessage *m, int timeout, DBusError *e) { return p_dbus_connection_send_with_reply_and_block ? p_dbus_connection_send_with_reply_and_block(c, m, timeout, e) : 0; }
void xk_dbus_connection_set_exit_on_disconnect(DBusConnection *c, dbus_bool_t exit) { if (p_dbus_connection_set_exit_on_disconnect) p_dbus_connection_set_exit_on_disconnect(c, exit); }
void xk_dbus_connection_set_max_received_size(DBusConnection *c, long size) { if (p_dbus_connection_set_max_received_size) p_dbus_connection_set_max_received_size(c, size); }
void xk_dbus_connection_unref(DBusConnection *c) { if (p_dbus_connection_unref) p_dbus_connection_unref(c); }
void xk_dbus_error_free(DBusError *e) { if (p_dbus_error_free) p_dbus_error_free(e); }
void xk_dbus_error_init(DBusError *e) { if (p_dbus_error_init) p_dbus_error_init(e); }
dbus_bool_t xk_dbus_error_is_set(const DBusError *e) { return p_dbus_error_is_set ? p_dbus_error_is_set(e) : 0; }
void xk_dbus_free(void *p) { if (p_dbus_free) p_dbus_free(p); }
const char * xk_dbus_message_get_error_name(DBusMessage *m) { return p_dbus_message_get_error_name ? p_dbus_message_get_error_name(m) : 0; }
const char * xk_dbus_message_get_interface(DBusMessage *m) { return p_dbus_message_get_interface ? p_dbus_message_get_interface(m) : 0; }
const char * xk_dbus_message_get_member(DBusMessage *m) { return p_dbus_message_get_member ? p_dbus_message_get_member(m) : 0; }
const char * xk_dbus_message_get_path(DBusMessage *m) { return p_dbus_message_get_path ? p_dbus_message_get_path(m) : 0; }
const char * xk_dbus_message_get_sender(DBusMessage *m) { return p_dbus_message_get_sender ? p_dbus_message_get_sender(m) : 0; }
const char * xk_dbus_message_get_signature(DBusMessage *m) { return p_dbus_message_get_signature ? p_dbus_message_get_signature(m) : 0; }
dbus_bool_t xk_dbus_message_get_no_reply(DBusMessage *m) { return p_dbus_message_get_no_reply ? p_dbus_message_get_no_reply(m) : 0; }
dbus_uint32_t xk_dbus_message_get_reply_serial(DBusMessage *m) { return p_dbus_message_get_reply_serial ? p_dbus_message_get_reply_serial(m) : 0; }
dbus_uint32_t xk_dbus_message_get_serial(DBusMessage *m) { return p_dbus_message_get_serial ? p_dbus_message_get_serial(m) : 0; }
int xk_dbus_message_get_type(DBusMessage *m) { return p_dbus_message_get_type ? p_dbus_message_get_type(m) : 0; }
void xk_dbus_message_iter_abandon_container(DBusMessageIter *i, DBusMessageIter *sub) { if (p_dbus_message_iter_abandon_container) p_dbus_message_iter_abandon_container(i, sub); }
dbus_bool_t xk_dbus_message_iter_append_basic(DBusMessageIter *i, int type, const void *value) { return p_dbus_message_iter_append_basic ? p_dbus_message_iter_append_basic(i, type, value) : 0; }
dbus_bool_t xk_dbus_message_iter_close_container(DBusMessageIter *i, DBusMessageIter *sub) { return p_dbus_message_iter_close_container ? p_dbus_message_iter_close_container(i, sub) : 0; }
int xk_dbus_message_iter_get_arg_type(DBusMessageIter *i) { return p_dbus_message_iter_get_arg_type ? p_dbus_message_iter_get_arg_type(i) : 0; }
void xk_dbus_message_iter_get_basic(DBusMessageIter *i, void *value) { if (p_dbus_message_iter_get_basic) p_dbus_message_iter_get_basic(i, value); }
void xk_dbus_message_iter_get_fixed_array(DBusMessageIter *i, void *value, int *n) { if (p_dbus_message_iter_get_fixed_array) p_dbus_message_iter_get_fixed_array(i, value, n); else *n = 0; }
int xk_dbus_message_iter_get_element_type(DBusMessageIter *i) { return p_dbus_message_iter_get_element_type ? p_dbus_message_iter_get_element_type(i) : 0; }
char * xk_dbus_message_iter_get_signature(DBusMessageIter *i) { return p_dbus_message_iter_get_signature ? p_dbus_message_iter_get_signature(i) : 0; }
dbus_bool_t xk_dbus_message_iter_init(DBusMessage *m, DBusMessageIter *i) { return p_dbus_message_iter_init ? p_dbus_message_iter_init(m, i) : 0; }
void xk_dbus_message_iter_init_append(DBusMessage *m, DBusMessageIter *i) { if (p_dbus_message_iter_init_append) p_dbus_message_iter_init_append(m, i); }
dbus_bool_t xk_dbus_message_iter_next(DBusMessageIter *i) { return p_dbus_message_iter_next ? p_dbus_message_iter_next(i) : 0; }
dbus_bool_t xk_dbus_message_iter_open_container(DBusMessageIter *i, int type, const char *signature, DBusMessageIter *sub) { return p_dbus_message_iter_open_container ? p_dbus_message_iter_open_container(i, type, signature, sub) : 0; }
void xk_dbus_message_iter_recurse(DBusMessageIter *i, DBusMessageIter *sub) { if (p_dbus_message_iter_recurse) p_dbus_message_iter_recurse(i, sub); }
DBusMessage * xk_dbus_message_new_error(DBusMessage *reply_to, const char *name, const char *text) { return p_dbus_message_new_error ? p_dbus_message_new_error(reply_to, name, text) : 0; }
DBusMessage * xk_dbus_message_new_method_call(const char *destination, const char *path, const char *interface, const char *method) { return p_dbus_message_new_method_call ? p_dbus_message_new_method_call(destination, path, interface, method) : 0; }
DBusMessage * xk_dbus_message_new_method_return(DBusMessage *m) { return p_dbus_message_new_method_return ? p_dbus_message_new_method_return(m) : 0; }
DBusMessage * xk_dbus_message_new_signal(const char *path, const char *interface, const char *name) { return p_dbus_message_new_signal ? p_dbus_message_new_signal(path, interface, name) : 0; }
void xk_dbus_message_unref(DBusMessage *m) { if (p_dbus_message_unref) p_dbus_message_unref(m); }
dbus_bool_t xk_dbus_threads_init_default(void) { return p_dbus_threads_init_default ? p_dbus_threads_init_default() : 0; }
