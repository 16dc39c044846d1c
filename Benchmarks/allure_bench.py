"""The cost of --allure-results on the shipped corpus (Benchmarks/allure.sh).

Runs `conformance run` plain (JUnit only) and with `--allure-results`, alternating, ROUNDS times
each; prints the median wall time of each, the ratio, the files and bytes written, and the time
this Python takes to create the same files (same names and sizes, one thread, no rendering):
the floor that many small files set, whatever writes them.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(arguments):
    start = time.perf_counter()
    completed = subprocess.run(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if completed.returncode != 0:
        sys.exit(f"{' '.join(arguments)} exited {completed.returncode}: {completed.stderr.decode()}")
    return elapsed, completed.stdout.decode().strip().splitlines()[-1]


def main(binary, rounds, workdir):
    os.makedirs(workdir, exist_ok=True)
    # In the repository's own file system, where a CI job writes its reports (a busy /tmp can be
    # many times slower at creating files).
    work = tempfile.mkdtemp(dir=workdir)
    try:
        plain, allure = [], []
        closing = ""
        results = os.path.join(work, "allure")
        for _ in range(rounds):
            seconds, closing = timed([binary, "run", "--junit", os.path.join(work, "plain.xml")])
            plain.append(seconds)
            seconds, _ = timed(
                [binary, "run", "--junit", os.path.join(work, "allure.xml"), "--allure-results", results])
            allure.append(seconds)
        names = os.listdir(results)
        contents = {}
        for name in names:
            with open(os.path.join(results, name), "rb") as file:
                contents[name] = file.read()
        floor = []
        for _ in range(rounds):
            target = os.path.join(work, "floor")
            os.mkdir(target)
            start = time.perf_counter()
            for name, data in contents.items():
                descriptor = os.open(os.path.join(target, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                os.write(descriptor, data)
                os.close(descriptor)
            floor.append(time.perf_counter() - start)
            shutil.rmtree(target)
        results_count = sum(1 for name in names if name.endswith("-result.json"))
        median_plain = statistics.median(plain)
        median_allure = statistics.median(allure)
        print(f"corpus: {closing}; {os.cpu_count()} cores; {rounds} rounds each, alternating")
        print(f"plain run (JUnit):               median {median_plain:.3f} s  (all: {', '.join(f'{s:.3f}' for s in plain)})")
        print(f"with --allure-results:           median {median_allure:.3f} s  (all: {', '.join(f'{s:.3f}' for s in allure)})")
        print(f"ratio: {median_allure / median_plain:.2f}x (limit 5x)")
        print(f"written: {len(names)} files ({results_count} results, {len(names) - results_count - 4} distinct attachments, 4 run files), "
              f"{sum(len(data) for data in contents.values()) / 1e6:.1f} MB")
        print(f"creating those files alone (Python, one thread): median {statistics.median(floor):.3f} s")
        return 0 if median_allure <= 5 * median_plain else 1
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5, sys.argv[3] if len(sys.argv) > 3 else ".build/allure-bench"))
