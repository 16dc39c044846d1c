#!/usr/bin/env bash
# Builds the Java kit with javac and jar only (no Maven, no Gradle), in one javac call, into
# OUT (default: build/ beside this script; `--out DIR`, or the JAVA_KIT_OUT variable, puts it
# elsewhere, e.g. a read-only checkout's kit into your own build tree):
#   OUT/conformance-adapter.jar  the kit (package conformance.adapter)
#   OUT/example-adapter.jar      the example adapter (conformance.example.ExampleAdapter)
#   OUT/kit-tests.jar            the kit's tests (conformance.kittest.ConformanceAdapterTest)
# and, when JUnit 5 is there (the in-process kit, README "The in-process route"):
#   OUT/conformance-junit.jar    the JUnit 5 kit (package conformance.junit)
#   OUT/junit-example.jar        the Java example (conformance.junitexample.ExampleConformanceTest)
#   OUT/junit-kit-tests.jar      its tests (package conformance.junittest)
# and, when kotlinc is there too:
#   OUT/kotlin-example.jar       the Kotlin example (conformance.kotlinexample.ExampleConformanceTest)
# Nothing else is written: the classes go to a temporary folder inside OUT, removed at the end.
# Gson comes from GSON_JAR (default: Debian's libgoogle-gson-java, /usr/share/java/gson.jar);
# JUnit 5 from JUNIT_JAR (default: Debian's junit5, its console launcher
# /usr/share/java/junit-platform-console-standalone.jar, which holds the Jupiter API);
# kotlinc from KOTLINC (default: kotlinc on the PATH). JAVA_KIT_KOTLIN=0 skips the Kotlin example.
# JAVAC_WERROR=1 (Kits/check.sh sets it) turns every lint warning into an error; off by default,
# so that a newer JDK's new warnings never stop a team's build.
set -euo pipefail
kit="$(cd "$(dirname "$0")" && pwd)"
out="${JAVA_KIT_OUT:-$kit/build}"
while (($#)); do
  case "$1" in
    --out) [[ $# -ge 2 ]] || { echo "build.sh: --out needs a folder" >&2; exit 2; }; out="$2"; shift 2 ;;
    --out=*) out="${1#--out=}"; shift ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
trap 'rm -rf "$classes"; rm -f "$out"/*.jar.tmp "$out"/*.jar.tmp.jar' EXIT
javac --release 17 -Xlint:all ${JAVAC_WERROR:+-Werror} -encoding UTF-8 -cp "$gson" -d "$classes" \
  $(find "$kit/src/main" "$kit/src/example" "$kit/src/test" -name '*.java' | sort)
# Into temporary names, then renamed: a failed build never leaves a half-written jar.
jar --create --file "$out/conformance-adapter.jar.tmp" -C "$classes" conformance/adapter
jar --create --file "$out/example-adapter.jar.tmp" -C "$classes" conformance/example
jar --create --file "$out/kit-tests.jar.tmp" -C "$classes" conformance/kittest
for name in conformance-adapter example-adapter kit-tests; do
  mv "$out/$name.jar.tmp" "$out/$name.jar"
done
echo "built $out/conformance-adapter.jar, $out/example-adapter.jar, $out/kit-tests.jar"

junit="${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}"
if [[ ! -f "$junit" ]]; then
  echo "build.sh: no JUnit 5 at $junit, so no in-process kit (apt-get install junit5, or set JUNIT_JAR)" >&2
  exit 0
fi
junit_classes="$classes/junit"
mkdir -p "$junit_classes"
javac --release 17 -Xlint:all ${JAVAC_WERROR:+-Werror} -encoding UTF-8 \
  -cp "$gson:$junit:$out/conformance-adapter.jar:$out/example-adapter.jar" -d "$junit_classes" \
  $(find "$kit/src/junit" "$kit/src/junit-example" "$kit/src/junit-test" -name '*.java' | sort)
jar --create --file "$out/conformance-junit.jar.tmp" -C "$junit_classes" conformance/junit
jar --create --file "$out/junit-example.jar.tmp" -C "$junit_classes" conformance/junitexample
jar --create --file "$out/junit-kit-tests.jar.tmp" -C "$junit_classes" conformance/junittest
for name in conformance-junit junit-example junit-kit-tests; do
  mv "$out/$name.jar.tmp" "$out/$name.jar"
done
echo "built $out/conformance-junit.jar, $out/junit-example.jar, $out/junit-kit-tests.jar"

kotlinc="${KOTLINC:-kotlinc}"
if [[ "${JAVA_KIT_KOTLIN:-1}" == 0 ]]; then
  exit 0
elif ! command -v "$kotlinc" >/dev/null 2>&1; then
  echo "build.sh: no kotlinc, so no Kotlin example (apt-get install kotlin, or set KOTLINC)" >&2
  exit 0
fi
# kotlinc 1.3 (Debian's) runs on JDK 17 but warns about options it passes the JVM: keep the
# warnings out of the log, the errors in.
"$kotlinc" -jvm-target 1.8 -nowarn -cp "$gson:$junit:$out/conformance-adapter.jar:$out/conformance-junit.jar" \
  -d "$out/kotlin-example.jar.tmp.jar" $(find "$kit/src/kotlin-example" -name '*.kt' | sort) \
  2> >(grep -v -e 'Options -Xverify:none and -noverify were deprecated' >&2)
mv "$out/kotlin-example.jar.tmp.jar" "$out/kotlin-example.jar"
echo "built $out/kotlin-example.jar"
