#!/usr/bin/env bash
# Usage: Scripts/public-api.sh
# What `import ConformanceTesting` brings into a user's scope: builds the package (debug),
# lists ConformanceTesting's public declarations (swift symbolgraph-extract), and type-checks a
# user's file that imports only ConformanceTesting and Testing: the harness's internals must
# not be in scope there, and Swift Testing's `Expectation` must not be ambiguous.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target ConformanceTesting >/dev/null
modules=.build/debug/Modules
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
flags=(-target "$triple" -I "$modules")
for shim in CSystemShims CSHA256; do
  flags+=(-Xcc "-fmodule-map-file=.build/debug/$shim.build/module.modulemap" -I "Sources/$shim/include")
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift symbolgraph-extract -module-name ConformanceTesting -minimum-access-level public -output-dir "$work" \
  "${flags[@]}" >/dev/null
python3 - "$work/ConformanceTesting.symbols.json" <<'PY'
import json, sys
symbols = json.load(open(sys.argv[1]))["symbols"]
top = sorted({s["names"]["title"] for s in symbols if len(s["pathComponents"]) == 1})
print(f"public top-level declarations of ConformanceTesting ({len(top)}):")
for name in top: print("  " + name)
PY

status=0
for internal in 'ByteWord.self' 'SHA256.self' 'Runner.self' 'editDistance("a", "b")' 'JSONParser()' \
  'VectorLoader()' 'IDTable.self'; do
  printf 'import ConformanceTesting\nimport Testing\nfunc probe() { _ = %s }\n' "$internal" >"$work/probe.swift"
  if swiftc -typecheck "${flags[@]}" "$work/probe.swift" >/dev/null 2>&1; then
    echo "visible through import ConformanceTesting (it should not be): $internal"
    status=1
  fi
done
printf 'import ConformanceTesting\nimport Testing\nlet e: Expectation? = nil\nlet o: Outcome = .accept(output: nil)\n' \
  >"$work/probe.swift"
if ! swiftc -typecheck "${flags[@]}" "$work/probe.swift" 2>"$work/errors.txt"; then
  echo "a user's file with import ConformanceTesting and import Testing does not compile:"
  cat "$work/errors.txt"
  status=1
fi
[[ $status == 0 ]] && echo "internals not in scope; Expectation is Swift Testing's"
exit $status
