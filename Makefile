# XKit: two commands do all the set-up on a fresh Debian machine.
#   make run    builds and launches the demo gallery
#   make test   runs the whole test suite (starts its own private Xvfb, then again under openbox)
#   make docs   builds the API documentation (DocC) as a static site in out/docs
SWIFT ?= swift
ARGS ?=
# Each function in a section of its own, so the link can lay out launch code together (assets/link-order.txt).
# swiftc skips code generation for an object whose IR is unchanged (the hash in its .swift_modhash),
# even when code-generation options changed: without -disable-incremental-llvm-codegen, objects of an
# earlier plain `swift build -c release` would keep their functions in one section.
# --disable-local-rpath: without it the executables carry RUNPATH $ORIGIN, and the dynamic loader looked
# for every system library in .build first (30 failed opens and stats at each launch).
RELEASE = scripts/static-libstdcxx.sh && $(SWIFT) build -c release --disable-local-rpath -Xswiftc -Xfrontend -Xswiftc -function-sections \
          -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen

.PHONY: run test build release bench screenshot docs sanitize clean

run:
	@scripts/ensure-deps.sh run
	$(RELEASE) --product xkit-demo
	@if [ -z "$$DISPLAY" ]; then \
	  echo "xkit: no DISPLAY; showing the demo on a private Xvfb and saving out/gallery.png"; \
	  mkdir -p out; scripts/with-xvfb.sh .build/release/xkit-demo --screenshot out/gallery.png $(ARGS); \
	else .build/release/xkit-demo $(ARGS); fi

# The X suites run twice: on a bare Xvfb, then under openbox, as users run apps (reparented, decorated,
# placed and focused by a window manager).
# Swift Testing takes a backtrace at every Swift error thrown, and the standard library's lenient UTF-8
# decoding throws one inside for each invalid sequence: the UTF-8 sweeps spent three quarters of their
# time unwinding (27 s of the pass, 6 s without).
test: export SWT_SWIFT_ERROR_BACKTRACING_ENABLED = 0
test:
	@scripts/ensure-deps.sh test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel
	XKIT_TEST_WM=openbox $(SWIFT) test --skip-build --no-parallel --filter XKitTests

# AddressSanitizer over every suite, ThreadSanitizer over the display-free ones (each in its own build
# directory: about 15 minutes of building per sanitizer on two cores).
sanitize:
	@scripts/ensure-deps.sh test
	scripts/sanitize.sh

build:
	$(SWIFT) build

release:
	$(RELEASE)

bench:
	@scripts/ensure-deps.sh bench
	$(RELEASE)
	.build/release/xkit-bench $(ARGS)

screenshot:
	@scripts/ensure-deps.sh run
	$(RELEASE) --product xkit-demo
	scripts/with-xvfb.sh .build/release/xkit-demo --screenshot assets/screenshots/gallery.png

# No DocC plugin is needed: symbol graphs from the debug build, then the toolchain's docc.
# scripts/build-docs.sh fails on unresolved symbol links and on public symbols without a summary.
docs:
	scripts/build-docs.sh

clean:
	rm -rf .build out
