"""Benchmark of the pytest plugin over a whole pack (not a timed test; rerun it to measure).

    .build/release/conformance pack --out /tmp/all.pack.json      # every shipped vector
    python3 Kits/python/benchmark_pytest.py /tmp/all.pack.json

Three timings in one run, wall seconds, each the best of --repeat runs:
  kit      load_pack and check(evaluate) of every vector, in this process (no pytest);
  baseline pytest over as many empty parametrized tests as the pack holds (pytest's own cost);
  plugin   pytest with the plugin: one test per vector, answers recorded;
with the trivial evaluate answering each vector's expected outcome (a conforming SDK), and the
ratio plugin / baseline.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import time

KIT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, KIT)

import conformance_pytest as plugin  # noqa: E402

TRIVIAL = '''
from conformance_adapter import Accept, Reject, NO_OUTPUT

def trivial(vector):
    expect = vector.expect
    if expect["result"] == "accept":
        answer = Accept(expect.get("output", NO_OUTPUT))
    else:
        answer = Reject(expect.get("error", "x"), expect.get("field"))
    return lambda suite, input, context: answer
'''


def timed(function, repeat):
    best = None
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        elapsed = time.perf_counter() - started
        best = elapsed if best is None else min(best, elapsed)
    return best


def in_process(pack_path):
    namespace = {}
    exec(TRIVIAL, namespace)
    pack = plugin.load_pack(pack_path)
    for vector in pack.tests:
        vector.check(namespace["trivial"](vector))
    return len(pack.tests)


def pytest_run(directory, *arguments):
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", directory] + list(arguments)
    result = subprocess.run(command, cwd=directory, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("benchmark run failed (exit %d):\n%s" % (result.returncode, result.stdout[-2000:]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pack")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    count = in_process(options.pack)
    with tempfile.TemporaryDirectory() as work:
        plugin_dir = os.path.join(work, "plugin")
        baseline_dir = os.path.join(work, "baseline")
        os.makedirs(plugin_dir)
        os.makedirs(baseline_dir)
        with open(os.path.join(plugin_dir, "conftest.py"), "w") as handle:
            handle.write("import sys\nsys.path.insert(0, %r)\npytest_plugins = ['conformance_pytest']\n" % KIT)
        with open(os.path.join(plugin_dir, "test_pack.py"), "w") as handle:
            handle.write(TRIVIAL + textwrap.dedent("""
                def test_vector(conformance_vector):
                    conformance_vector.check(trivial(conformance_vector))
            """))
        with open(os.path.join(baseline_dir, "test_baseline.py"), "w") as handle:
            handle.write(textwrap.dedent("""
                import pytest

                @pytest.mark.parametrize("index", range(%d))
                def test_nothing(index):
                    pass
            """ % count))
        answers = os.path.join(work, "answers.jsonl")
        kit = timed(lambda: in_process(options.pack), options.repeat)
        baseline = timed(lambda: pytest_run(baseline_dir), options.repeat)
        with_plugin = timed(lambda: pytest_run(plugin_dir, "--conformance-pack", options.pack,
                                               "--conformance-answers", answers), options.repeat)
        with open(answers, "rb") as handle:
            recorded = sum(1 for _ in handle) - 2
    print("vectors: %d (answers recorded: %d)" % (count, recorded))
    print("kit, in process (load_pack + check of every vector): %.2f s" % kit)
    print("baseline, pytest over %d empty tests: %.2f s" % (count, baseline))
    print("plugin, pytest with one test per vector, answers recorded: %.2f s (%.2f x the baseline)"
          % (with_plugin, with_plugin / baseline))


if __name__ == "__main__":
    main()
