#!/usr/bin/env bash
# Builds a tiny app the way SwiftPM packages are normally depended on: by version. A copy of this
# checkout (its tracked and untracked, not ignored files) becomes a git repository tagged 1.0.0, and an
# app in another temporary package depends on it with `.package(url: "file://…", from: "1.0.0")`.
# SwiftPM refuses unsafe flags in such a dependency, and an app's build must not need the test-only
# system libraries (libxtst), so the script fails if the build does, if its output mentions either,
# or if a test-support target was built.
# Usage: scripts/check-versioned-dependency.sh   (XKIT_KEEP_TMP=1 keeps the temporary folder)
# It also checks that the display-free core tests depend on no X library (XKitCoreTests' targets).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/xkit-versioned.XXXXXX)
[[ -n "${XKIT_KEEP_TMP:-}" ]] || trap 'rm -rf "$tmp"' EXIT

# The dependency: what is on disk now, committed and tagged in a fresh repository.
mkdir -p "$tmp/xkit"
(cd "$root" && git ls-files -z --cached --others --exclude-standard -- . ':!:Examples' \
    | while IFS= read -r -d '' f; do if [[ -e "$f" ]]; then printf '%s\0' "$f"; fi; done \
    | tar --null -T - -cf -) | tar -xf - -C "$tmp/xkit"
git -C "$tmp/xkit" init -q
git -C "$tmp/xkit" add -A
git -C "$tmp/xkit" -c user.name=ci -c user.email=ci@localhost commit -qm "XKit, as released"
git -C "$tmp/xkit" tag 1.0.0

# The app: the README's first app, with the README's manifest pointed at the tagged copy.
mkdir -p "$tmp/hello/Sources/Hello"
cat > "$tmp/hello/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Hello",
    dependencies: [
        .package(url: "file://$tmp/xkit", from: "1.0.0"),
    ],
    targets: [.executableTarget(name: "Hello", dependencies: [.product(name: "XKit", package: "xkit")])],
    swiftLanguageModes: [.v6]
)
EOF
cat > "$tmp/hello/Sources/Hello/main.swift" <<'EOF'
import XKit

final class HelloController: ViewController {
    let price = Label(text: "Giá vé: 250.000 ₫", font: .system(size: 16, weight: .semibold))
    let tags = TagInputView(titles: ["swift", "日本語"])

    override func viewDidLoad() {
        price.isCopyable = true                                    // long press or right-click → Copy
        price.menuItems = [MenuItem(title: "Share…") { context in print((context.target as? Label)?.text ?? "") }]
        tags.onAdd = { tag in print("added \(tag.title)") }
        let stack = StackView(spacing: 12, [price, tags])
        stack.frame = Rect(x: 20, y: 20, width: 380, height: 200)
        view.addSubview(stack)
    }
}

let app = try Application.start()
let window = Window(title: "Hello", size: Size(width: 420, height: 240), app: app)
window.rootViewController = HelloController()
window.show()
app.run()
EOF

log="$tmp/build.log"
echo "xkit: building an app that depends on XKit from: \"1.0.0\" (in $tmp)" >&2
if ! swift build --package-path "$tmp/hello" >"$log" 2>&1; then
  cat "$log" >&2
  echo "xkit: the versioned-dependency build failed" >&2
  exit 1
fi
status=0
if grep -Ein 'unsafe|libxtst|-lxtst|\bxtst\b|pkg-config|you may be able to install' "$log" >&2; then
  echo "xkit: the app's build mentions unsafe flags or a system library it should not need (above)" >&2
  status=1
fi
# SwiftPM plans (though it does not build) a dependency's executable products, and evaluates
# pkg-config for every system library in the plan: the plan must not mention the test support.
plan="$tmp/hello/.build/debug.yaml"
if grep -oE 'XKitTesting|XKitHeadless|CXTest|-lXtst' "$plan" | sort | uniq -c >&2; then
  echo "xkit: the app's build plan includes test support (above, in $plan)" >&2
  status=1
fi
[[ -x "$tmp/hello/.build/debug/Hello" ]] || { echo "xkit: no Hello binary after the build" >&2; status=1; }
# The display-free core tests must build without X: no X library in XKitCoreTests' dependencies.
if ! closure=$(swift package --package-path "$root" describe --type json 2>/dev/null | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
seen, todo = set(), ["XKitCoreTests"]
while todo:
    for dep in targets[todo.pop()].get("target_dependencies", []):
        if dep not in seen:
            seen.add(dep); todo.append(dep)
print(" ".join(sorted(seen)))'); then
  echo "xkit: could not read the package description" >&2
  status=1
elif grep -qE '\b(XKit|XKitTesting|CX11|CXTest)\b' <<<"$closure"; then
  echo "xkit: XKitCoreTests depends on the X backend: $closure" >&2
  status=1
fi
((status == 0)) && echo "xkit: an app builds against XKit 1.0.0 with no unsafe flags and no test-only libraries" >&2
exit $status
