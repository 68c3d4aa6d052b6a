#!/usr/bin/env bash
# Builds XKit's API documentation as a static site in out/docs, with the toolchain's docc and no
# plugin: symbol graphs of the debug build's modules, then `docc convert` of Sources/XKit/XKit.docc.
#
# Apps write `import XKit`, which re-exports XKitCore, so the core's symbols are published as part
# of the XKit module: their graphs are renamed to XKit before docc sees them, and one set of pages
# covers everything an app can call.
#
# Fails when docc warns (a symbol link in the catalog or a doc comment that does not resolve, a
# documented parameter that does not exist), or when more public symbols lack a doc comment than
# scripts/docs-undocumented-baseline allows.
# Usage: scripts/build-docs.sh [OUTPUT]   (default out/docs)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/docs}
graphs=.build/docs-symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs/raw" "$graphs/merged"

swift build --target XKit >/dev/null
bin=$(swift build --show-bin-path)
triple=$(basename "$(dirname "$bin")")
# The module search paths the XKit module needs: Swift modules, then the C modules' maps.
flags=(-I "$bin/Modules" -I "$bin")
for map in Sources/*/module.modulemap "$bin"/*.build/module.modulemap; do
  [[ -e "$map" ]] && flags+=(-Xcc "-fmodule-map-file=$map")
done
for dir in Sources/C*/include; do flags+=(-Xcc -I -Xcc "$dir"); done
for f in $(pkg-config --cflags-only-I x11 xft fontconfig freetype2); do flags+=(-Xcc "$f"); done
for module in XKitCore XKit; do
  swift-symbolgraph-extract -module-name "$module" -target "$triple" "${flags[@]}" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs/raw"
done

python3 - "$graphs/raw" "$graphs/merged" <<'EOF'
import json, os, sys
raw, merged = sys.argv[1], sys.argv[2]
undocumented = []
for name in sorted(os.listdir(raw)):
    with open(os.path.join(raw, name)) as f:
        graph = json.load(f)
    # XKitCore.symbols.json -> XKit; XKitCore@Swift (extensions of the standard library) -> XKit@Swift;
    # XKit@XKitCore (XKit's extensions of core types) joins the XKit graph itself.
    module, _, extended = name[:-len(".symbols.json")].partition("@")
    if module == "XKitCore":
        module = "XKit"
    if extended == "XKitCore":
        extended = ""
    graph["module"]["name"] = module
    # XKit's `typealias Window = XKitCore.Window` (and Font, Cursor) only shadow Xlib's names inside
    # XKit; on one set of pages they would be a second `Window`.
    if name == "XKit.symbols.json":
        aliases = {s["identifier"]["precise"] for s in graph["symbols"] if s["kind"]["identifier"] == "swift.typealias"
                   and s["names"]["title"] in ("Window", "Font", "Cursor")}
        graph["symbols"] = [s for s in graph["symbols"] if s["identifier"]["precise"] not in aliases]
        graph["relationships"] = [r for r in graph["relationships"] if r["source"] not in aliases and r["target"] not in aliases]
    # Unique names, with "@" only where the graph still extends another module.
    target = name.replace("@XKitCore", "-XKitCore").replace("XKitCore@", "XKitCore-XKit@")
    with open(os.path.join(merged, target), "w") as f:
        json.dump(graph, f)
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if not (symbol.get("docComment") or {}).get("lines"):
            loc = symbol.get("location", {}).get("uri", "").split("/Sources/")[-1]
            undocumented.append(f'{"/".join(symbol["pathComponents"])} ({loc})')
with open(os.path.join(merged, "..", "undocumented.txt"), "w") as f:
    f.write("\n".join(undocumented) + ("\n" if undocumented else ""))
EOF
undocumented=$(wc -l < "$graphs/undocumented.txt")

diagnostics="$graphs/diagnostics.json"
rm -rf "$out" && mkdir -p "$(dirname "$out")"
docc convert Sources/XKit/XKit.docc --additional-symbol-graph-dir "$graphs/merged" \
  --fallback-display-name XKit --fallback-bundle-identifier org.xkit.XKit \
  --transform-for-static-hosting --output-path "$out" --diagnostics-file "$diagnostics" >"$graphs/docc.log" 2>&1 \
  || { cat "$graphs/docc.log" >&2; echo "xkit: docc convert failed" >&2; exit 1; }

status=0
# Every docc warning fails the build: most are symbol links that do not resolve (a renamed or
# removed symbol, an ambiguous overload), the rest are doc comments that name a missing parameter.
problems=$(python3 - "$diagnostics" <<'EOF'
import json, sys
for d in json.load(open(sys.argv[1])).get("diagnostics", []):
    if d.get("severity") in ("warning", "error"):
        where = d.get("source", "").split("/Sources/")[-1]
        line = d.get("range", {}).get("start", {}).get("line", "?")
        print(f'{where}:{line}: {d.get("summary", "")}')
EOF
)
if [[ -n "$problems" ]]; then
  echo "$problems" >&2
  links=$(grep -cE "doesn't exist|ambiguous|isn't a disambiguation|can't be resolved|nresolved" <<<"$problems" || true)
  echo "xkit: docc reported $(wc -l <<<"$problems") problem(s), $links of them symbol links that do not resolve" >&2
  status=1
fi
# Every public symbol has a one-line summary (the baseline is 0): a new public symbol without a doc
# comment fails. The baseline file stays so a count can be tolerated for a while if it must.
baseline=$(cat scripts/docs-undocumented-baseline)
if ((undocumented > baseline)); then
  sed 's/^/  no summary: /' "$graphs/undocumented.txt" >&2
  echo "xkit: $undocumented public symbols without a doc comment, more than the $baseline of scripts/docs-undocumented-baseline;" \
       "document the new ones (all listed in $graphs/undocumented.txt)" >&2
  status=1
elif ((undocumented < baseline)); then
  echo "xkit: $undocumented public symbols without a doc comment, fewer than the baseline: write $undocumented to scripts/docs-undocumented-baseline" >&2
else
  echo "xkit: $undocumented public symbols still without a doc comment (listed in $graphs/undocumented.txt)" >&2
fi
((status == 0)) && echo "xkit: documentation in $out (open $out/documentation/xkit/index.html through a web server)" >&2
exit $status
