"""Where a run's wall time goes: the serial start, the workers' span and how many cores it keeps
busy, the serial end, and the hypervisor's steal over the same runs.

`perf record -e cpu-clock` samples every thread of ROUNDS runs of `conformance run` at 999 Hz;
per run, the first and last samples of the worker threads split it into three phases (samples of
the main thread alone before and after). Medians over the runs. The cores-busy figure counts
samples of every thread inside the workers' span; what is missing from 2.00 on two cores was
idle or taken by the hypervisor, which /proc/stat's steal column tells apart.

Usage: python3 Benchmarks/phases.py [--conformance BINARY] [--vectors DIR] [--rounds N]
Without --conformance it builds one in release; without --vectors it measures the 10,000- and
100,000-vector benchmark corpora (Benchmarks/corpus.py), made in a temporary folder. Needs `perf`
(Debian's linux-perf; Benchmarks/phases.sh installs it).
"""
import argparse
import collections
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

import bench
import corpus


def cpu_ticks():
    with open("/proc/stat") as stat:
        fields = [int(value) for value in stat.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal
    return sum(fields[:8]), fields[7]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conformance", help="the conformance binary (default: a release build)")
    parser.add_argument("--vectors", help="the corpus to run (default: the 10k and 100k benchmark corpora)")
    parser.add_argument("--rounds", type=int, default=20, help="runs sampled (default 20; half at 100k)")
    args = parser.parse_args(argv)
    binary = os.path.abspath(args.conformance) if args.conformance else bench.build_conformance()
    if args.vectors:
        measure(binary, os.path.abspath(args.vectors), args.rounds)
        return
    with tempfile.TemporaryDirectory(prefix="conformance-phases-corpora-") as corpora:
        for size, rounds in ((10_000, args.rounds), (100_000, (args.rounds + 1) // 2)):
            root = os.path.join(corpora, str(size))
            corpus.generate(root, size)
            measure(binary, root, rounds)


def measure(binary, vectors, rounds):
    with tempfile.TemporaryDirectory(prefix="conformance-phases-") as work:
        report = os.path.join(work, "junit.xml")
        data = os.path.join(work, "perf.data")
        loop = "for i in $(seq %d); do %s run --vectors %s --junit %s >/dev/null; done" % (
            rounds, shlex.quote(binary), shlex.quote(vectors), report)
        before = cpu_ticks()
        subprocess.run(["perf", "record", "-q", "-F", "999", "-e", "cpu-clock", "-o", data, "--", "bash", "-c", loop],
                       check=True, stderr=subprocess.DEVNULL)
        after = cpu_ticks()
        script = subprocess.run(["perf", "script", "-i", data, "-F", "comm,pid,tid,time"], check=True,
                                capture_output=True, text=True).stdout
    runs = collections.defaultdict(list)
    for line in script.splitlines():
        parts = line.split()
        if len(parts) < 3 or parts[0] in ("bash", "seq"):
            continue
        pid, tid = parts[1].split("/")
        runs[pid].append((tid != pid, float(parts[2].rstrip(":"))))
    start, span, busy, end, total = [], [], [], [], []
    for samples in runs.values():
        workers = [time for is_worker, time in samples if is_worker]
        if len(workers) < 2:
            continue
        first, last = min(time for _, time in samples), max(time for _, time in samples)
        first_worker, last_worker = min(workers), max(workers)
        inside = sum(1 for _, time in samples if first_worker <= time <= last_worker)
        start.append(first_worker - first)
        span.append(last_worker - first_worker)
        busy.append(inside / 999 / max(span[-1], 1e-9))
        end.append(last - last_worker)
        total.append(last - first)
    if not total:
        sys.exit("no run with worker samples: is perf allowed to sample here?")
    ms = lambda values: "%.1f ms" % (statistics.median(values) * 1000)
    ticks, steal = after[0] - before[0], after[1] - before[1]
    print("%d runs of %s" % (len(total), vectors))
    print("  serial start (to the first worker sample): %s" % ms(start))
    print("  workers' span: %s, cores busy %.2f" % (ms(span), statistics.median(busy)))
    print("  serial end (after the last worker sample): %s" % ms(end))
    print("  whole run (first to last sample): %s" % ms(total))
    print("  steal over the runs: %.1f%% of the machine's CPU time" % (100 * steal / max(ticks, 1)))


if __name__ == "__main__":
    main()
