// Headers only: CXKitShaping opens HarfBuzz and FriBidi with dlopen, so nothing here is linked.
// pkg-config's freetype2 gives the FreeType include path that hb-ft.h needs; HarfBuzz and FriBidi
// are named by their folder under the system include directory, because asking pkg-config for them
// would also link them, and every app would then load HarfBuzz (and glib) at launch.
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <fribidi/fribidi.h>
