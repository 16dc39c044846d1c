#!/usr/bin/env bash
# Builds the Java kit with javac and jar only (no Maven, no Gradle), in one javac call:
#   build/conformance-adapter.jar  the kit (package conformance.adapter)
#   build/example-adapter.jar      the example adapter (conformance.example.ExampleAdapter)
#   build/kit-tests.jar            the kit's tests (conformance.kittest.ConformanceAdapterTest)
# Gson comes from GSON_JAR (default: Debian's libgoogle-gson-java, /usr/share/java/gson.jar).
# JAVAC_WERROR=1 (Kits/check.sh sets it) turns every lint warning into an error; off by default,
# so that a newer JDK's new warnings never stop a team's build.
set -euo pipefail
cd "$(dirname "$0")"
gson="${GSON_JAR:-/usr/share/java/gson.jar}"
if [[ ! -f "$gson" ]]; then
  echo "build.sh: no Gson at $gson (apt-get install libgoogle-gson-java, or set GSON_JAR)" >&2
  exit 2
fi
rm -rf build/classes
mkdir -p build/classes
javac --release 17 -Xlint:all ${JAVAC_WERROR:+-Werror} -encoding UTF-8 -cp "$gson" -d build/classes \
  $(find src -name '*.java' | sort)
# Into temporary names, then renamed: a failed build never leaves a half-written jar.
jar --create --file build/conformance-adapter.jar.tmp -C build/classes conformance/adapter
jar --create --file build/example-adapter.jar.tmp -C build/classes conformance/example
jar --create --file build/kit-tests.jar.tmp -C build/classes conformance/kittest
for name in conformance-adapter example-adapter kit-tests; do
  mv "build/$name.jar.tmp" "build/$name.jar"
done
echo "built build/conformance-adapter.jar, build/example-adapter.jar, build/kit-tests.jar"
