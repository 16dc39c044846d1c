"""Benchmark of the pytest plugin over a whole pack (not a timed test; rerun it to measure).

    .build/release/conformance pack --out /tmp/all.pack.json      # every shipped vector
    python3 Kits/python/benchmark_pytest.py /tmp/all.pack.json [--repeat 3] [--isolated]

Timings in one run, each the best of --repeat runs, as wall seconds and as the CPU seconds of
the pytest process (user + system: what the run costs when the 2 cores are shared):
  kit       load_pack and check(evaluate) of every vector, in this process (no pytest);
  floor     pytest over as many minimal pytest.Item tests as the pack holds, made by a plugin
            that does nothing else (pytest's own cost per test: the run cannot go below it);
  plugin    the documented route, `test_pack = conformance_tests(evaluate, ...)`: one test per
            vector, answers recorded (the figure held against the 5 s target);
  fixture   the fixture route, `def test_vector(conformance_vector)` (one parametrized test per
            vector, through pytest's fixture machinery), answers recorded; left out with --quick;
with a trivial evaluate answering each vector's expected outcome (a conforming SDK), and each
figure's ratio to the 5 s target. --isolated runs pytest with PYTEST_DISABLE_PLUGIN_AUTOLOAD=1, so
that third-party plugins installed on the machine (hypothesis, pytest-benchmark, ...) are not
counted; the default measures pytest as the machine has it and prints the plugins it loaded.
"""

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import textwrap
import time

KIT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, KIT)

import conformance_pytest as plugin  # noqa: E402

TARGET_SECONDS = 5.0

TRIVIAL = '''
from conformance_adapter import Accept, Reject, NO_OUTPUT

def trivial(expect):
    """The expected outcome of a vector, as a conforming SDK answers it."""
    if expect["result"] == "accept":
        return Accept(expect.get("output", NO_OUTPUT))
    return Reject(expect.get("error", "x"), expect.get("field"))
'''

CONFTEST = '''
import sys
sys.path.insert(0, %r)
pytest_plugins = ["conformance_pytest"]
''' % KIT

# The documented route. evaluate is handed no vector id, so the expected outcomes are looked up
# by the context object, which the pack gives every test its own of; the conftest fills the map
# once the tests are collected.
ITEMS_CONFTEST = CONFTEST + TRIVIAL + '''
def pytest_collection_finish(session):
    for item in session.items:
        item.parent.obj.OUTCOMES[id(item.vector.context)] = trivial(item.vector.expect)
'''

ITEMS_TEST = '''
from conformance_pytest import Implementation, conformance_tests

OUTCOMES = {}

def evaluate(suite, input, context):
    return OUTCOMES[id(context)]

test_pack = conformance_tests(evaluate, Implementation("benchmark", version="1"))
'''

FIXTURE_TEST = TRIVIAL + '''
def test_vector(conformance_vector):
    outcome = trivial(conformance_vector.expect)
    conformance_vector.check(lambda suite, input, context: outcome)
'''

FLOOR_CONFTEST = '''
import pytest

class Nothing(pytest.Item):
    def runtest(self):
        pass

    def reportinfo(self):
        return self.path, None, self.name

class Tests(pytest.File):
    def collect(self):
        for index in range(%d):
            yield Nothing.from_parent(self, name="test_nothing[%%d]" %% index)

def pytest_collect_file(file_path, parent):
    if file_path.name == "tests.floor":
        return Tests.from_parent(parent, path=file_path)
'''


def in_process(pack_path):
    namespace = {}
    exec(TRIVIAL, namespace)
    pack = plugin.load_pack(pack_path)
    for vector in pack.tests:
        outcome = namespace["trivial"](vector.expect)
        vector.check(lambda suite, input, context: outcome)
    return len(pack.tests)


def timed_in_process(function, repeat):
    best = None
    for _ in range(repeat):
        started, cpu = time.perf_counter(), time.process_time()
        function()
        sample = (time.perf_counter() - started, time.process_time() - cpu)
        best = sample if best is None or sample[0] < best[0] else best
    return best


def pytest_run(directory, environment, *arguments):
    """(wall, cpu) seconds of one pytest process over directory, and its output."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", directory] + list(arguments)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, cwd=directory, capture_output=True, text=True, env=environment)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode != 0:
        sys.exit("benchmark run %s failed (exit %d):\n%s" % (" ".join(command), result.returncode,
                                                              result.stdout[-2000:] + result.stderr[-2000:]))
    return wall, cpu, result.stdout


def timed_pytest(directory, environment, repeat, *arguments):
    best = None
    for _ in range(repeat):
        wall, cpu, output = pytest_run(directory, environment, *arguments)
        best = (wall, cpu, output) if best is None or wall < best[0] else best
    return best


def write(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(textwrap.dedent(text))


def line(label, sample):
    wall, cpu = sample[0], sample[1]
    return "%-60s %6.2f s wall (%.2f x the 5 s target), %6.2f s CPU (%.2f x)" % (
        label, wall, wall / TARGET_SECONDS, cpu, cpu / TARGET_SECONDS)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pack")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--isolated", action="store_true",
                        help="PYTEST_DISABLE_PLUGIN_AUTOLOAD=1: no third-party pytest plugins")
    parser.add_argument("--quick", action="store_true", help="leave out the fixture route")
    options = parser.parse_args()
    pack_path = os.path.abspath(options.pack)
    environment = dict(os.environ)
    environment.pop("CONFORMANCE_PACK", None)
    environment.pop("CONFORMANCE_ANSWERS", None)
    if options.isolated:
        environment["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    count = in_process(pack_path)
    with tempfile.TemporaryDirectory() as work:
        directories = {}
        for name in ("floor", "items", "fixture"):
            directories[name] = os.path.join(work, name)
            os.makedirs(directories[name])
        write(os.path.join(directories["floor"], "conftest.py"), FLOOR_CONFTEST % count)
        write(os.path.join(directories["floor"], "tests.floor"), "")
        write(os.path.join(directories["items"], "conftest.py"), ITEMS_CONFTEST)
        write(os.path.join(directories["items"], "test_pack.py"), ITEMS_TEST)
        write(os.path.join(directories["fixture"], "conftest.py"), CONFTEST)
        write(os.path.join(directories["fixture"], "test_pack.py"), FIXTURE_TEST)
        for directory in directories.values():
            # A project's ini file fixes pytest's rootdir, as in a real test tree; the options are
            # given as --NAME=PATH (README, "Run"): without both, pytest would take the pack's
            # folder into its rootdir guess and list that folder while collecting.
            write(os.path.join(directory, "pytest.ini"), "[pytest]\n")
        answers = os.path.join(work, "answers.jsonl")
        pack_options = ("--conformance-pack=" + pack_path, "--conformance-answers=" + answers)

        kit = timed_in_process(lambda: in_process(pack_path), options.repeat)
        floor = timed_pytest(directories["floor"], environment, options.repeat)
        items = timed_pytest(directories["items"], environment, options.repeat, *pack_options)
        with open(answers, "rb") as handle:
            recorded = sum(1 for _ in handle) - 2
        fixture = None
        if not options.quick:
            fixture = timed_pytest(directories["fixture"], environment, options.repeat, *pack_options)
    passed = re.search(r"^(\d+) passed", items[2], re.MULTILINE)
    print("vectors: %d; pytest tests passed: %s; answers recorded: %d"
          % (count, passed.group(1) if passed else "?", recorded))
    print("pytest plugins: %s" % ("none from outside pytest (--isolated)" if options.isolated
                                 else "as installed on this machine (without --isolated)"))
    print("best of %d runs each" % options.repeat)
    print(line("kit, in process (load_pack + check of every vector):", kit))
    print(line("floor, pytest over %d minimal pytest.Item tests:" % count, floor))
    print(line("plugin, conformance_tests: one test per vector, answers:", items))
    if fixture is not None:
        print(line("fixture route, conformance_vector parametrized, answers:", fixture))
    print("plugin / floor: %.2f (wall), %.2f (CPU)" % (items[0] / floor[0], items[1] / floor[1]))


if __name__ == "__main__":
    main()
