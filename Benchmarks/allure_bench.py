"""The cost of --allure-results on the shipped corpus (Benchmarks/allure.sh).

For each work folder (by default the repository's own disk, `.build/allure-bench`, and memory,
`/dev/shm`, where it exists), runs, ROUNDS times in turn: `conformance run` plain (JUnit only);
with `--allure-results` replacing the previous round's results (as CI reruns on one machine
do); with `--allure-results` into a folder that does not exist yet (as on a clean clone); and
this Python creating the same files in a new folder (same names and bytes, one thread, no
rendering), then removing them, each timed: what many small files cost on that file system,
whatever writes them. It prints the medians, the CPU time (user + system) of the plain and the
replacing run, and the files and bytes written.

The floor of an Allure run is the plain run plus the script's time to create the files; the
ratio of the Allure run to it is the figure the aim is stated in (at most 1.3x). A run that
replaces earlier results also removes the earlier run's files, which the script's creating
does not: that ratio is printed against plain + creating + removing too. What is above the
floor is the writer's own work: rendering, digests, checking the folder.

With --baseline BINARY (another build, say main's), that build's two Allure runs are timed in
the same rounds too, so that the two builds are compared in the same minutes.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(arguments):
    """Wall seconds, CPU seconds (user + system of the process) and the last line of output."""
    start = time.perf_counter()
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stdout, stderr = process.communicate()
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"{' '.join(arguments)} exited {process.returncode}: {stderr.decode()}")
    return elapsed, stdout.decode().strip().splitlines()[-1]


def cpu_of(arguments):
    """User + system seconds of one run (through wait4's resource usage)."""
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


def create_files(target, contents):
    """Seconds to create `contents` (name to bytes) in a new folder `target`, and to remove them."""
    os.mkdir(target)
    start = time.perf_counter()
    for name, data in contents.items():
        descriptor = os.open(os.path.join(target, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(descriptor, data)
        os.close(descriptor)
    created = time.perf_counter()
    shutil.rmtree(target)
    return created - start, time.perf_counter() - created


def measure(binary, rounds, workdir, baseline=None):
    os.makedirs(workdir, exist_ok=True)
    work = tempfile.mkdtemp(dir=workdir)
    try:
        plain, allure, fresh, floor, removal, base_allure, base_fresh = [], [], [], [], [], [], []
        closing = ""
        results = os.path.join(work, "allure")
        new_results = os.path.join(work, "new-allure")
        plain_command = [binary, "run", "--junit", os.path.join(work, "plain.xml")]
        allure_command = [binary, "run", "--junit", os.path.join(work, "allure.xml"), "--allure-results", results]
        fresh_command = [binary, "run", "--junit", os.path.join(work, "new.xml"), "--allure-results", new_results]
        base_results = os.path.join(work, "baseline-allure")
        base_command = [baseline, "run", "--junit", os.path.join(work, "base.xml"), "--allure-results", base_results]
        base_fresh_command = [baseline, "run", "--junit", os.path.join(work, "base-new.xml"), "--allure-results", new_results]
        timed(allure_command)  # the first round replaces something too
        if baseline:
            timed(base_command)
        names = os.listdir(results)
        contents = {}
        for name in names:
            with open(os.path.join(results, name), "rb") as file:
                contents[name] = file.read()
        for _ in range(rounds):
            seconds, closing = timed(plain_command)
            plain.append(seconds)
            seconds, _ = timed(allure_command)
            allure.append(seconds)
            seconds, _ = timed(fresh_command)
            fresh.append(seconds)
            shutil.rmtree(new_results)
            if baseline:
                seconds, _ = timed(base_command)
                base_allure.append(seconds)
                seconds, _ = timed(base_fresh_command)
                base_fresh.append(seconds)
                shutil.rmtree(new_results)
            creating, removing = create_files(os.path.join(work, "floor"), contents)
            floor.append(creating)
            removal.append(removing)
        plain_cpu = statistics.median(cpu_of(plain_command) for _ in range(3))
        allure_cpu = statistics.median(cpu_of(allure_command) for _ in range(3))
        return {
            "closing": closing, "plain": plain, "allure": allure, "fresh": fresh, "floor": floor,
            "removal": removal, "baseline": base_allure, "baseline_fresh": base_fresh, "plain_cpu": plain_cpu, "allure_cpu": allure_cpu, "names": names,
            "bytes": sum(len(data) for data in contents.values()),
        }
    finally:
        shutil.rmtree(work)


def file_system(path):
    """`ext4 (/dev/vda)` and the like, from /proc/mounts: the longest mount point holding path."""
    real = os.path.realpath(path)
    best = ("", "?", "?")
    try:
        with open("/proc/mounts") as mounts:
            for line in mounts:
                device, point, kind = line.split()[:3]
                if (real == point or real.startswith(point.rstrip("/") + "/")) and len(point) >= len(best[0]):
                    best = (point, kind, device)
    except OSError:
        pass
    return f"{best[1]} ({best[2]})"


def main(binary, rounds, workdirs, baseline=None):
    ratios = []
    rows = []
    for workdir in workdirs:
        figures = measure(binary, rounds, workdir, baseline)
        median = {key: statistics.median(figures[key]) for key in ("plain", "allure", "fresh", "floor", "removal")}
        floor = median["plain"] + median["floor"]
        ratio = median["allure"] / median["plain"]
        ratios.append(ratio)
        names = figures["names"]
        results_count = sum(1 for name in names if name.endswith("-result.json"))

        def line(label, key, cpu=None):
            runs = ", ".join(f"{s:.3f}" for s in figures[key])
            print(f"{label:<44} median {median[key]:.3f} s  (all: {runs})" + (f"; CPU {cpu:.2f} s" if cpu else ""))

        print(f"== {workdir}: {file_system(workdir)}")
        print(f"corpus: {figures['closing']}; {os.cpu_count()} cores; {rounds} rounds, each every run below in turn")
        line("plain run (JUnit):", "plain", figures["plain_cpu"])
        line("with --allure-results, replacing results:", "allure", figures["allure_cpu"])
        line("with --allure-results, into a new folder:", "fresh")
        print(f"written: {len(names)} files ({results_count} results, {len(names) - results_count - 4} distinct attachments, 4 run files), "
              f"{figures['bytes'] / 1e6:.1f} MB")
        line("creating those files alone (Python):", "floor")
        line("removing them (Python, shutil.rmtree):", "removal")
        print(f"ratio to the plain run (replacing): {ratio:.2f}x (limit 5x)")
        for label, key in (("into a new folder", "fresh"), ("replacing results", "allure")):
            print(f"ratio to the floor, {label}: {median[key]:.3f} / ({median['plain']:.3f} + {median['floor']:.3f}) = "
                  f"{median[key] / floor:.2f}x (aim at most 1.3x: {'met' if median[key] <= 1.3 * floor else 'not met'}); "
                  f"above the floor: {median[key] - floor:+.3f} s")
        replacing_floor = floor + median["removal"]
        print(f"replacing results against plain + creating + removing the earlier files: {median['allure'] / replacing_floor:.2f}x")
        if baseline:
            for key in ("baseline", "baseline_fresh"):
                median[key] = statistics.median(figures[key])
            line(f"baseline {baseline}, replacing:", "baseline")
            line(f"baseline {baseline}, new folder:", "baseline_fresh")
            print(f"baseline's ratio to the floor: new folder {median['baseline_fresh'] / floor:.2f}x, replacing "
                  f"{median['baseline'] / floor:.2f}x; this build / baseline: new folder "
                  f"{median['fresh'] / median['baseline_fresh']:.2f}, replacing {median['allure'] / median['baseline']:.2f}")
        print()
        rows.append(f"| {file_system(workdir)} (`{workdir}`) | {median['plain']:.3f} s | {median['fresh']:.3f} s / {median['allure']:.3f} s | "
                    f"{median['floor']:.3f} s / {median['removal']:.3f} s | **{median['fresh'] / floor:.2f}x** / **{median['allure'] / floor:.2f}x** | "
                    f"{median['allure'] / replacing_floor:.2f}x | {figures['plain_cpu']:.2f} s / {figures['allure_cpu']:.2f} s |")
    print("| where | plain run | Allure run: new folder / replacing | script: creating / removing the files | "
          "ratio to plain + creating: new / replacing | replacing to plain + creating + removing | CPU plain / replacing |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    return 0 if all(ratio <= 5 for ratio in ratios) else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="--allure-results against its floor (Benchmarks/allure.sh)")
    parser.add_argument("binary")
    parser.add_argument("rounds", type=int, nargs="?", default=5)
    parser.add_argument("workdirs", nargs="*")
    parser.add_argument("--baseline", help="another conformance build, timed in the same rounds")
    arguments = parser.parse_args()
    workdirs = arguments.workdirs or [".build/allure-bench"] + (
        ["/dev/shm/conformance-allure-bench"] if os.path.isdir("/dev/shm") else [])
    sys.exit(main(arguments.binary, arguments.rounds, workdirs, arguments.baseline))
