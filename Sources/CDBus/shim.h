#ifndef XKIT_CDBUS_SHIM_H
#define XKIT_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
