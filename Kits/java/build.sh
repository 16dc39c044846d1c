#!/usr/bin/env bash
# Builds the Java kit with javac and jar only (no Maven, no Gradle), in one javac call, into
# OUT (default: build/ beside this script; `--out DIR`, or the JAVA_KIT_OUT variable, puts it
# elsewhere, e.g. a read-only checkout's kit into your own build tree):
#   OUT/conformance-adapter.jar  the kit (package conformance.adapter)
#   OUT/example-adapter.jar      the example adapter (conformance.example.ExampleAdapter)
#   OUT/kit-tests.jar            the kit's tests (conformance.kittest.ConformanceAdapterTest)
# Nothing else is written: the classes go to a temporary folder inside OUT, removed at the end.
# Gson comes from GSON_JAR (default: Debian's libgoogle-gson-java, /usr/share/java/gson.jar).
# JAVAC_WERROR=1 (Kits/check.sh sets it) turns every lint warning into an error; off by default,
# so that a newer JDK's new warnings never stop a team's build.
set -euo pipefail
kit="$(cd "$(dirname "$0")" && pwd)"
out="${JAVA_KIT_OUT:-$kit/build}"
while (($#)); do
  case "$1" in
    --out) [[ $# -ge 2 ]] || { echo "build.sh: --out needs a folder" >&2; exit 2; }; out="$2"; shift 2 ;;
    --out=*) out="${1#--out=}"; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build.sh: unknown argument $1 (usage: build.sh [--out DIR])" >&2; exit 2 ;;
  esac
done
[[ -n "$out" ]] || { echo "build.sh: the output folder is empty" >&2; exit 2; }
gson="${GSON_JAR:-/usr/share/java/gson.jar}"
if [[ ! -f "$gson" ]]; then
  echo "build.sh: no Gson at $gson (apt-get install libgoogle-gson-java, or set GSON_JAR)" >&2
  exit 2
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
classes="$(mktemp -d "$out/.classes.XXXXXX")"
trap 'rm -rf "$classes"; rm -f "$out"/*.jar.tmp' EXIT
javac --release 17 -Xlint:all ${JAVAC_WERROR:+-Werror} -encoding UTF-8 -cp "$gson" -d "$classes" \
  $(find "$kit/src" -name '*.java' | sort)
# Into temporary names, then renamed: a failed build never leaves a half-written jar.
jar --create --file "$out/conformance-adapter.jar.tmp" -C "$classes" conformance/adapter
jar --create --file "$out/example-adapter.jar.tmp" -C "$classes" conformance/example
jar --create --file "$out/kit-tests.jar.tmp" -C "$classes" conformance/kittest
for name in conformance-adapter example-adapter kit-tests; do
  mv "$out/$name.jar.tmp" "$out/$name.jar"
done
echo "built $out/conformance-adapter.jar, $out/example-adapter.jar, $out/kit-tests.jar"
