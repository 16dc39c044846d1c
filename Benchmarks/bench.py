#!/usr/bin/env python3
"""Times `conformance run` against a plain Python harness and a Swift Testing baseline.

Python 3.11 standard library only. See docs/benchmarks.md for what each baseline is.

    Benchmarks/run.sh                    # 10k, 100k and 1M vectors, 5 rounds, Swift Testing at 10k
    Benchmarks/run.sh --quick            # 10k and 100k only, no Swift Testing baseline
    Benchmarks/run.sh --no-1m --no-swift-testing --rounds 3

Every measurement is one process run from start to exit (start-up included), wrapped in
`/usr/bin/time -v` for its peak resident set size. Tools alternate within each round so that
a noisy neighbour hurts them alike; the table shows medians.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the repository

import corpus  # noqa: E402

SIZES = {"10k": 10_000, "100k": 100_000, "1M": 1_000_000}
TIME = "/usr/bin/time"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_checked(command, cwd=None, env=None):
    log("$ " + " ".join(shlex.quote(part) for part in command))
    completed = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    if completed.returncode != 0:
        log(completed.stdout)
        raise SystemExit("command failed with status %d" % completed.returncode)
    return completed.stdout


def build_conformance() -> str:
    run_checked(["swift", "build", "-c", "release", "--product", "conformance"], cwd=REPO)
    bin_path = run_checked(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO).strip().splitlines()[-1]
    return os.path.join(bin_path, "conformance")


def build_static_conformance(workdir: str) -> str:
    """The same sources linked with --static-swift-stdlib (no dynamic Swift runtime to load)."""
    scratch = os.path.join(workdir, "static-build")
    run_checked(["swift", "build", "-c", "release", "--product", "conformance", "--static-swift-stdlib",
                 "--scratch-path", scratch], cwd=REPO)
    bin_path = run_checked(["swift", "build", "-c", "release", "--static-swift-stdlib", "--scratch-path", scratch,
                            "--show-bin-path"], cwd=REPO).strip().splitlines()[-1]
    return os.path.join(bin_path, "conformance")


def build_swift_testing_baseline(workdir: str) -> str:
    package = os.path.join(workdir, "SwiftTestingBaseline")
    tests = os.path.join(package, "Tests", "BaselineTests")
    os.makedirs(tests, exist_ok=True)
    shutil.copy(os.path.join(HERE, "SwiftTestingBaseline", "Package.swift.template"),
                os.path.join(package, "Package.swift"))
    shutil.copy(os.path.join(HERE, "SwiftTestingBaseline", "BaselineTests.swift"), tests)
    # The build is not part of the measurement.
    run_checked(["swift", "build", "--build-tests"], cwd=package)
    return package


class Measurement:
    def __init__(self, seconds: float, cpu: float, peak_kib: int, status: int, counts: dict):
        self.seconds = seconds
        self.cpu = cpu
        self.peak_kib = peak_kib
        self.status = status
        self.counts = counts


def timed(command, cwd=None, env=None, stdout_path=None) -> tuple[float, float, int, int, str]:
    """Runs `command` under /usr/bin/time -v; returns (wall s, CPU s, peak RSS KiB, status, stdout)."""
    with tempfile.NamedTemporaryFile("w+", suffix=".time") as time_file, \
            open(stdout_path or os.devnull, "w+") as out:
        started = time.perf_counter()
        completed = subprocess.run([TIME, "-v", "-o", time_file.name] + command, cwd=cwd, env=env,
                                   stdout=out, stderr=subprocess.DEVNULL)
        seconds = time.perf_counter() - started
        time_file.seek(0)
        report = time_file.read()
        out.seek(0)
        text = out.read() if stdout_path else ""
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    cpu = sum(float(m) for m in re.findall(r"(?:User|System) time \(seconds\): ([0-9.]+)", report))
    return seconds, cpu, int(match.group(1)) if match else 0, completed.returncode, text


def junit_counts(path: str) -> dict:
    """tests/failures/errors/skipped from a JUnit root, read without building the whole tree."""
    for _, element in ET.iterparse(path, events=("start",)):
        if element.tag == "testsuites":
            return {key: int(element.get(key, "0")) for key in ("tests", "failures", "errors", "skipped")}
        if element.tag == "testsuite":  # a report without <testsuites>: sum the suites
            break
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for _, element in ET.iterparse(path):
        if element.tag == "testsuite":
            for key in totals:
                totals[key] += int(element.get(key, "0"))
            element.clear()
    return totals


def junit_testcases(path: str) -> set:
    """The set of (testsuite name, classname, name) of a JUnit report."""
    cases = set()
    suite = None
    for event, element in ET.iterparse(path, events=("start", "end")):
        if event == "start" and element.tag == "testsuite":
            suite = element.get("name")
        elif event == "end" and element.tag == "testcase":
            cases.add((suite, element.get("classname"), element.get("name")))
            element.clear()
    return cases


def conformance_tool(binary: str):
    def run(vectors: str, report: str, log_path: str) -> Measurement:
        command = [binary, "run", "--vectors", vectors, "--junit", report]
        seconds, cpu, peak, status, out = timed(command, stdout_path=log_path)
        if os.path.exists(report):
            counts = junit_counts(report)
            counts["passed"] = counts["tests"] - counts["failures"] - counts["errors"] - counts["skipped"]
        else:
            counts = parse_closing_line(out)
        return Measurement(seconds, cpu, peak, status, counts)

    run.command = lambda vectors, report: [binary, "run", "--vectors", vectors, "--junit", report]
    return run


def parse_closing_line(out: str) -> dict:
    match = re.search(r"^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?", out, re.M)
    if not match:
        return {}
    passed, failed, skipped = int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)
    return {"tests": passed + failed + skipped, "passed": passed, "failures": failed, "errors": 0,
            "skipped": skipped, "note": "no JUnit report written; counts from the console"}


def python_tool(lenient=False):
    """The Python harness: checking vector files as docs/vector-format.md says, or (lenient) not."""
    script = os.path.join(HERE, "python_harness.py")
    flags = ["--lenient"] if lenient else []

    def run(vectors: str, report: str, log_path: str) -> Measurement:
        seconds, cpu, peak, status, _ = timed(
            [sys.executable, script, "--vectors", vectors, "--junit", report] + flags, stdout_path=log_path)
        counts = junit_counts(report)
        counts["passed"] = counts["tests"] - counts["failures"] - counts["errors"] - counts["skipped"]
        return Measurement(seconds, cpu, peak, status, counts)

    run.command = lambda vectors, report: [sys.executable, script, "--vectors", vectors, "--junit", report] + flags
    return run


def swift_testing_tool(package: str):
    def run(vectors: str, report: str, log_path: str) -> Measurement:
        env = dict(os.environ, BENCH_VECTORS=os.path.abspath(vectors))
        seconds, cpu, peak, status, out = timed(
            ["swift", "test", "--skip-build", "--disable-xctest", "--xunit-output", report], cwd=package, env=env,
            stdout_path=log_path)
        # Swift Testing's xUnit file holds one <testcase> per @Test function, not per argument, so the
        # per-vector counts come from its console summary.
        match = re.search(r"Test vector\(_:\) with (\d+) test cases? (passed|failed)", out)
        total = int(match.group(1)) if match else 0
        # A failing argument prints "✘ Test vector(_:) recorded an issue with 1 argument vector → SUITE ID at ...".
        failing = re.findall(r"^✘ Test vector\(_:\) recorded an issue with 1 argument vector → (\S+ \S+) at", out, re.M)
        issues, failed = len(failing), len(set(failing))
        counts = {"tests": total, "passed": total - failed, "failures": failed, "errors": 0, "skipped": 0,
                  "issues": issues}
        return Measurement(seconds, cpu, peak, status, counts)

    run.command = lambda vectors, report: ["env", "BENCH_VECTORS=" + vectors, "swift", "test", "--skip-build",
                                           "--disable-xctest", "--xunit-output", report]
    return run


def fmt_seconds(value: float | None) -> str:
    if value is None:
        return "–"
    return "%.3f s" % value if value < 10 else "%.1f s" % value


def fmt_mib(kib: int | None) -> str:
    return "–" if kib is None else "%.0f MiB" % (kib / 1024)


def fmt_ratio(value: float | None, digits=2) -> str:
    return "–" if value is None else ("%.*fx" % (digits, value))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="measurements per tool and size (default 5)")
    parser.add_argument("--rounds-10k", type=int, default=15,
                        help="rounds for conformance and Python at 10k, whose runs are short (default 15; "
                             "the Swift Testing baseline still runs --rounds times)")
    parser.add_argument("--quick", action="store_true", help="same as --no-1m --no-swift-testing")
    parser.add_argument("--no-1m", action="store_true", help="skip the 1,000,000-vector corpus")
    parser.add_argument("--no-swift-testing", action="store_true", help="skip the Swift Testing baseline")
    parser.add_argument("--no-python-at-1m", action="store_true",
                        help="time only conformance at 1M (the Python harness needs ~1 GB and a minute there)")
    parser.add_argument("--conformance", help="use this conformance binary instead of building one")
    parser.add_argument("--baseline-conformance", metavar="BINARY",
                        help="also time this conformance binary (a build of an earlier commit), alternating with the "
                             "others: before/after figures from one run")
    parser.add_argument("--with-static", action="store_true",
                        help="also time conformance built with --static-swift-stdlib (start-up without loading "
                             "the Swift runtime libraries)")
    parser.add_argument("--workdir", help="where corpora and reports go (default: a fresh temp dir, deleted)")
    parser.add_argument("--output", default=os.path.join(HERE, "results.md"), help="Markdown results file")
    args = parser.parse_args(argv)
    if args.quick:
        args.no_1m = args.no_swift_testing = True
    if not os.path.exists(TIME):
        raise SystemExit("%s is missing: apt-get install -y time" % TIME)

    invocation = "Benchmarks/run.sh " + " ".join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))
    keep = args.workdir is not None
    workdir = os.path.abspath(args.workdir) if keep else tempfile.mkdtemp(prefix="conformance-bench-")
    os.makedirs(workdir, exist_ok=True)
    try:
        binary = os.path.abspath(args.conformance) if args.conformance else build_conformance()
        tools = {"conformance": conformance_tool(binary), "python": python_tool(),
                 "python-lenient": python_tool(lenient=True)}
        if args.baseline_conformance:
            tools["conformance-before"] = conformance_tool(os.path.abspath(args.baseline_conformance))
        if args.with_static:
            tools["conformance-static"] = conformance_tool(build_static_conformance(workdir))
        baseline_package = None
        if not args.no_swift_testing:
            baseline_package = build_swift_testing_baseline(workdir)
            tools["swift-testing"] = swift_testing_tool(baseline_package)

        sizes = ["10k", "100k"] + ([] if args.no_1m else ["1M"])
        results: dict[str, dict[str, list[Measurement]]] = {}
        facts: dict[str, dict] = {}
        problems: list[str] = []
        for size in sizes:
            root = os.path.join(workdir, "vectors-" + size)
            if not os.path.exists(os.path.join(root, ".complete")):
                log("generating %s vectors into %s" % (size, root))
                shutil.rmtree(root, ignore_errors=True)
                counts = corpus.generate(root, SIZES[size])
                with open(os.path.join(root, ".complete"), "w") as marker:
                    json.dump(counts, marker)
            with open(os.path.join(root, ".complete")) as marker:
                facts[size] = json.load(marker)
            facts[size]["bytes"] = sum(os.path.getsize(os.path.join(folder, name))
                                       for folder, _, names in os.walk(root) for name in names)
            names = [name for name in tools if name != "swift-testing" or size == "10k"]
            if size == "1M" and args.no_python_at_1m:
                names.remove("python")
                names.remove("python-lenient")
            results[size] = {name: [] for name in names}
            rounds = max(args.rounds, args.rounds_10k) if size == "10k" else args.rounds
            facts[size]["load"] = [os.getloadavg()[0]]
            for round_index in range(rounds):
                in_round = [n for n in names if n != "swift-testing" or round_index < args.rounds]
                # Rotate the order each round so no tool always runs first (cold caches) or last.
                shift = round_index % len(in_round)
                order = in_round[shift:] + in_round[:shift]
                for name in order:
                    report = os.path.join(workdir, "%s-%s.xml" % (name, size))
                    if os.path.exists(report):
                        os.remove(report)
                    measurement = tools[name](root, report, os.path.join(workdir, "%s-%s.log" % (name, size)))
                    results[size][name].append(measurement)
                    log("%-5s round %d %-14s %8.3f s  %7.1f MiB  status %d  %s" % (
                        size, round_index + 1, name, measurement.seconds, measurement.peak_kib / 1024,
                        measurement.status, measurement.counts))
            facts[size]["load"].append(os.getloadavg()[0])
            facts[size]["rounds"] = {name: len(runs) for name, runs in results[size].items()}
            # Every tool must have run every vector and passed it.
            for name, runs in results[size].items():
                for run in runs:
                    if run.counts.get("passed") != facts[size]["vectors"] or run.status != 0:
                        problems.append("%s at %s: %s vectors, counts %s, exit status %d" % (
                            name, size, facts[size]["vectors"], run.counts, run.status))
            # Each Python report must hold the same testcases as conformance's.
            conformance_report = os.path.join(workdir, "conformance-%s.xml" % size)
            for python_name in ("python", "python-lenient"):
                python_report = os.path.join(workdir, "%s-%s.xml" % (python_name, size))
                if os.path.exists(conformance_report) and os.path.exists(python_report):
                    same = junit_testcases(conformance_report) == junit_testcases(python_report)
                    facts[size].setdefault("same_testcases", {})[python_name] = same
                    if not same:
                        problems.append("at %s the %s and conformance reports hold different testcases" % (
                            size, python_name))

        table, verdicts = render(results, facts, args)
        machine = machine_facts()
        commands = example_commands(binary, baseline_package, args.with_static)
        document = "\n".join([
            "# Benchmark results", "",
            "Made by `%s` on %s." % (invocation.strip(), machine["date"]), "",
            "Machine: %s" % machine["summary"], "",
            table, "", *verdicts, "",
            "Each time is the median over rounds (%d at 10k for conformance and Python, %d otherwise) of one "
            "whole process run (start-up included), the tools alternating within each round. CPU is user + system "
            "time; peak memory is the maximum resident set size, both from `/usr/bin/time -v` (largest over the "
            "rounds)." % (max(args.rounds, args.rounds_10k), args.rounds),
            "", "Commands measured (DIR is the generated corpus, OUT the report):", "", "```", *commands, "```", "",
            *same_lines(facts),
            *(["Problems:", ""] + ["- " + p for p in problems] + [""] if problems else []),
        ])
        with open(args.output, "w") as handle:
            handle.write(document)
        # Every round's numbers, for whoever wants more than medians.
        raw = {size: {name: [{"wall_s": round(m.seconds, 4), "cpu_s": m.cpu, "peak_kib": m.peak_kib,
                              "status": m.status} for m in runs] for name, runs in by_tool.items()}
               for size, by_tool in results.items()}
        with open(os.path.splitext(args.output)[0] + ".json", "w") as handle:
            json.dump({"command": invocation.strip(), "machine": machine, "corpora": facts, "runs": raw}, handle,
                      indent=1)
            handle.write("\n")
        print(document)
        return 1 if problems else 0
    finally:
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)


def same_lines(facts):
    lines = []
    for size, fact in facts.items():
        for name, same in fact.get("same_testcases", {}).items():
            lines.append("- %s: the %s report holds %s (testsuite, classname, name) testcases as "
                         "conformance's, and both count every vector as passed." % (
                             size, "lenient Python harness's" if name == "python-lenient" else "Python harness's",
                             "the same" if same else "DIFFERENT"))
    return (["Checks:", ""] + lines + [""]) if lines else []


def median(runs):
    return statistics.median(m.seconds for m in runs) if runs else None


def median_cpu(runs):
    return statistics.median(m.cpu for m in runs) if runs else None


def render(results, facts, args):
    wall = ["| vectors | files | corpus | conformance | Python harness | conformance / Python | "
            "Python harness, lenient | conformance / lenient | Swift Testing | Swift Testing / conformance |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    other = ["| vectors | conformance CPU | Python CPU | conformance / Python (CPU) | conformance peak RSS | "
             "Python peak RSS | Swift Testing peak RSS | load average (start → end) |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    verdicts = []
    medians = {}
    for size, by_tool in results.items():
        c, p, s, l = (median(by_tool.get(name, []))
                      for name in ("conformance", "python", "swift-testing", "python-lenient"))
        c_cpu, p_cpu = (median_cpu(by_tool.get(name, [])) for name in ("conformance", "python"))
        c_peak, p_peak, s_peak = (max((m.peak_kib for m in by_tool.get(name, [])), default=None)
                                  for name in ("conformance", "python", "swift-testing"))
        medians[size] = c
        vectors = "{:,}".format(facts[size]["vectors"])
        wall.append("| %s | %d | %.0f MB | %s | %s | %s | %s | %s | %s | %s |" % (
            vectors, facts[size]["files"], facts[size]["bytes"] / 1e6, fmt_seconds(c), fmt_seconds(p),
            fmt_ratio(c / p if c and p else None), fmt_seconds(l), fmt_ratio(c / l if c and l else None),
            fmt_seconds(s), fmt_ratio(s / c if s and c else None, 0)))
        other.append("| %s | %s | %s | %s | %s | %s | %s | %.2f → %.2f |" % (
            vectors, fmt_seconds(c_cpu), fmt_seconds(p_cpu), fmt_ratio(c_cpu / p_cpu if c_cpu and p_cpu else None),
            fmt_mib(c_peak), fmt_mib(p_peak), fmt_mib(s_peak), facts[size]["load"][0], facts[size]["load"][-1]))
        if size == "10k" and c and p:
            verdicts.append("- 10k: conformance takes %.2fx the Python harness's wall time (target ≤ 0.20x): %s" % (
                c / p, "met" if c / p <= 0.2 else "NOT met"))
        if size in ("10k", "100k") and c and l:
            verdicts.append("- %s: conformance takes %.2fx the lenient Python loop's wall time (no docs/vector-format.md "
                            "checks; target ≤ 0.18x, the aim since the plain-code restructuring, 0.12x before it): %s"
                            % (size, c / l, "met" if c / l <= 0.18 else "NOT met"))
        if size == "10k" and c_peak is not None and "conformance-before" not in by_tool:
            verdicts.append("- 10k: conformance peak RSS %.1f MiB (target: no higher than the 14 MB of before, 13.4 MiB): %s"
                            % (c_peak / 1024, "met" if c_peak * 1024 <= 14e6 else "NOT met"))
        if size == "10k" and c and s:
            verdicts.append("- 10k: the Swift Testing baseline takes %.0fx conformance's wall time (target ≥ 100x): %s"
                            % (s / c, "met" if s / c >= 100 else "NOT met"))
        if size == "1M" and c_peak is not None:
            verdicts.append("- 1M: conformance peak RSS %.0f MiB = %.0f MB (target < 200 MB): %s" % (
                c_peak / 1024, c_peak * 1024 / 1e6, "met" if c_peak * 1024 < 200e6 else "NOT met"))
    if medians.get("1M") and medians.get("100k"):
        # Judged on medians, as every other target: wall time (what a CI job waits for) and CPU
        # time (which the machine's other jobs disturb less) must both grow at most 11x for 10x
        # the vectors. The best single round is shown too; with 5 rounds it is too noisy to judge.
        growth = medians["1M"] / medians["100k"]
        best = {size: min(m.cpu for m in results[size]["conformance"]) for size in ("100k", "1M")}
        cpu_growth = best["1M"] / best["100k"]
        median_growth = median_cpu(results["1M"]["conformance"]) / median_cpu(results["100k"]["conformance"])
        linear = growth <= 11 and median_growth <= 11
        verdicts.append("- 100k → 1M: conformance median wall time grows %.1fx and median CPU time %.1fx (best "
                        "rounds %.1fx) for 10x the vectors (linear: 10x; met when both medians grow at most 11x): %s"
                        % (growth, median_growth, cpu_growth, "met" if linear else "NOT met"))
    for size, by_tool in results.items():
        before, c = median(by_tool.get("conformance-before", [])), median(by_tool.get("conformance", []))
        l = median(by_tool.get("python-lenient", []))
        if before and c:
            before_cpu, c_cpu = median_cpu(by_tool["conformance-before"]), median_cpu(by_tool["conformance"])
            before_peak = max(m.peak_kib for m in by_tool["conformance-before"])
            c_peak = max(m.peak_kib for m in by_tool["conformance"])
            verdicts.append("- %s, the baseline binary (`--baseline-conformance`): wall %s (%s of the lenient loop), CPU "
                            "%s, peak RSS %s; this build: wall %s (%.2fx the baseline's), CPU %s, peak RSS %s (%s)" % (
                                size, fmt_seconds(before), fmt_ratio(before / l if l else None),
                                fmt_seconds(before_cpu), fmt_mib(before_peak), fmt_seconds(c), c / before,
                                fmt_seconds(c_cpu), fmt_mib(c_peak),
                                "no higher" if c_peak <= before_peak else "HIGHER"))
    static_lines = []
    for size, by_tool in results.items():
        static = median(by_tool.get("conformance-static", []))
        c, p = median(by_tool.get("conformance", [])), median(by_tool.get("python", []))
        if static and c:
            static_lines.append("- %s, conformance built with `--static-swift-stdlib`: %s (%s of the Python harness's "
                                "time; %s of the dynamically linked build's)" % (
                                    size, fmt_seconds(static), fmt_ratio(static / p if p else None),
                                    fmt_ratio(static / c)))
    if static_lines:
        verdicts += [""] + static_lines
    return "\n".join(wall + [""] + other), verdicts


def machine_facts():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as handle:
            total_kib = int(handle.readline().split()[1])
            memory = ", %.0f GiB RAM" % (total_kib / 1024 / 1024)
    except (OSError, ValueError, IndexError):
        pass
    swift = subprocess.run(["swift", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True).stdout.strip().splitlines()
    summary = "nproc %d (%s%s), %s, %s, Python %s" % (
        os.cpu_count() or 0, cpu, memory, platform.platform(), swift[0] if swift else "swift ?",
        platform.python_version())
    return {"summary": summary, "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def example_commands(binary, baseline_package, with_static=False):
    relative = os.path.relpath(binary, REPO)
    commands = [
        "%s run --vectors DIR --junit OUT" % relative,
        "python3 Benchmarks/python_harness.py --vectors DIR --junit OUT",
        "python3 Benchmarks/python_harness.py --vectors DIR --junit OUT --lenient",
    ]
    if with_static:
        commands.append("<swift build -c release --static-swift-stdlib>/conformance run --vectors DIR --junit OUT")
    if baseline_package:
        commands.append("cd <generated package> && BENCH_VECTORS=DIR swift test --skip-build --disable-xctest "
                        "--xunit-output OUT   # after swift build --build-tests")
    return commands


if __name__ == "__main__":
    sys.exit(main())
