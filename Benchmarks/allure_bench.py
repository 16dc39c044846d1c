"""The cost of --allure-results on the shipped corpus (Benchmarks/allure.sh).

For each work folder (by default the repository's own disk, `.build/allure-bench`, and memory,
`/dev/shm`, where it exists), runs `conformance run` plain (JUnit only) and with
`--allure-results` (replacing the previous round's results, as CI reruns do), alternating,
ROUNDS times each; prints the median wall time and CPU time (user + system) of each, the
ratio, the files and bytes written, and the time this Python takes to create the same files in
that folder (same names and bytes, one thread, no rendering), timed in the same rounds, after
each pair of runs: what many small files cost on that file system, whatever writes them.

The floor of an Allure run is the plain run plus that script's time; the ratio of the Allure
run to it is the figure the aim is stated in (at most 1.3x). What is above the floor is the
writer's own work: rendering, checking and replacing the earlier results, and the kernel's
cost of removing the earlier run's files, which the script does not do.
"""
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
    """Seconds to create `contents` (name to bytes) in a new folder `target`, then removed."""
    os.mkdir(target)
    start = time.perf_counter()
    for name, data in contents.items():
        descriptor = os.open(os.path.join(target, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(descriptor, data)
        os.close(descriptor)
    elapsed = time.perf_counter() - start
    shutil.rmtree(target)
    return elapsed


def measure(binary, rounds, workdir):
    os.makedirs(workdir, exist_ok=True)
    work = tempfile.mkdtemp(dir=workdir)
    try:
        plain, allure = [], []
        closing = ""
        results = os.path.join(work, "allure")
        plain_command = [binary, "run", "--junit", os.path.join(work, "plain.xml")]
        allure_command = [binary, "run", "--junit", os.path.join(work, "allure.xml"), "--allure-results", results]
        timed(allure_command)  # the first round replaces something too
        names = os.listdir(results)
        contents = {}
        for name in names:
            with open(os.path.join(results, name), "rb") as file:
                contents[name] = file.read()
        floor = []
        for _ in range(rounds):
            seconds, closing = timed(plain_command)
            plain.append(seconds)
            seconds, _ = timed(allure_command)
            allure.append(seconds)
            floor.append(create_files(os.path.join(work, "floor"), contents))
        plain_cpu = statistics.median(cpu_of(plain_command) for _ in range(3))
        allure_cpu = statistics.median(cpu_of(allure_command) for _ in range(3))
        return {
            "closing": closing, "plain": plain, "allure": allure, "floor": floor,
            "plain_cpu": plain_cpu, "allure_cpu": allure_cpu, "names": names,
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


def main(binary, rounds, workdirs):
    ratios = []
    rows = []
    for workdir in workdirs:
        figures = measure(binary, rounds, workdir)
        median_plain = statistics.median(figures["plain"])
        median_allure = statistics.median(figures["allure"])
        median_floor = statistics.median(figures["floor"])
        ratio = median_allure / median_plain
        to_floor = median_allure / (median_plain + median_floor)
        ratios.append(ratio)
        names = figures["names"]
        results_count = sum(1 for name in names if name.endswith("-result.json"))
        print(f"== {workdir}: {file_system(workdir)}")
        print(f"corpus: {figures['closing']}; {os.cpu_count()} cores; {rounds} rounds, each a plain run, an Allure run and the script")
        print(f"plain run (JUnit):      median {median_plain:.3f} s  (all: {', '.join(f'{s:.3f}' for s in figures['plain'])}); CPU {figures['plain_cpu']:.2f} s")
        print(f"with --allure-results:  median {median_allure:.3f} s  (all: {', '.join(f'{s:.3f}' for s in figures['allure'])}); CPU {figures['allure_cpu']:.2f} s")
        print(f"written: {len(names)} files ({results_count} results, {len(names) - results_count - 4} distinct attachments, 4 run files), "
              f"{figures['bytes'] / 1e6:.1f} MB")
        print(f"creating those files alone (Python, one thread): median {median_floor:.3f} s  (all: {', '.join(f'{s:.3f}' for s in figures['floor'])})")
        print(f"ratio to the plain run: {ratio:.2f}x (limit 5x)")
        print(f"ratio to the floor (plain run + creating the files): {median_allure:.3f} / ({median_plain:.3f} + {median_floor:.3f}) = "
              f"{to_floor:.2f}x (aim at most 1.3x: {'met' if to_floor <= 1.3 else 'not met'}); above the floor: "
              f"{median_allure - median_plain - median_floor:+.3f} s")
        print()
        rows.append(f"| {file_system(workdir)} (`{workdir}`) | {median_plain:.3f} s | {median_allure:.3f} s | {ratio:.2f}x | "
                    f"{median_floor:.3f} s | **{to_floor:.2f}x** | {figures['plain_cpu']:.2f} s / {figures['allure_cpu']:.2f} s |")
    print("| where | plain run | with `--allure-results` | ratio | creating the files alone | Allure / (plain + creating) | CPU plain / Allure |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    return 0 if all(ratio <= 5 for ratio in ratios) else 1


if __name__ == "__main__":
    binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    workdirs = sys.argv[3:] or [".build/allure-bench"] + (["/dev/shm/conformance-allure-bench"] if os.path.isdir("/dev/shm") else [])
    sys.exit(main(binary, rounds, workdirs))
