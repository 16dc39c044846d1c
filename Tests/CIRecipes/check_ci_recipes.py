#!/usr/bin/env python3
"""Reads the CI recipes of docs/ci.md and checks their jobs; prints their conformance commands.

Run by CIRecipeTests (`swift test`), which runs every printed command line through the harness's
own command-line parser. Python 3 with PyYAML (Debian's python3-yaml; .ci/run installs it).

Each recipe is the fenced block whose first line names its file (`# .github/workflows/...`,
`# .gitlab-ci.yml`, `// Jenkinsfile`). YAML blocks are parsed with yaml.safe_load; the
Jenkinsfile with the small parser below (its steps: `sh '…'`, `junit '…'`, `xunit(…)`, the
matrix axis). Checked, per recipe, that the pipeline is what docs/ci.md says it is:

- GitHub Actions: a `shard` job with a matrix of N shards whose run step runs `--shard
  ${{ matrix.shard }}/N` and uploads its reports with if: always(); a `merge` job that needs it,
  runs if: always(), downloads the shards' artifact, merges JUnit and JSON, compares with the
  baseline (`diff` or `run --compare`), writes $GITHUB_STEP_SUMMARY; `.build` cached in both.
- GitLab: one job that builds the harness (the only `swift build`) and keeps the executable as
  an artifact; a job with `parallel: N` running `--shard auto` with an `--adapter` line, in an
  image that has the adapter's runtime, its JUnit path under artifacts:reports:junit with when:
  always; a merge job that needs it and merges that glob. Every job that runs the harness needs
  the build job's artifacts and runs the executable it keeps.
- Jenkins: N parallel shards (a matrix axis) running `--shard "$AXIS/N"`, a merge over their
  reports, the `junit` step on the merged report, and `xunit` on a report written with
  `--junit-flavour strict`.

Output: one JSON object, {"commands": [{"recipe", "argv"}], "problems": [text]}.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
import sys

try:
    import yaml
except ImportError:
    print(json.dumps({"commands": [], "problems": [
        "PyYAML is not installed: apt-get install python3-yaml (or pip install pyyaml)"]}))
    sys.exit(0)

MARKERS = {
    "github": "# .github/workflows/conformance.yml",
    "gitlab": "# .gitlab-ci.yml",
    "jenkins": "// Jenkinsfile",
}
# How a recipe starts the harness: the release binary, or `swift run`.
INVOCATION = re.compile(r"(?:[\w./-]*/conformance|swift run -c release conformance)(?=\s|$)")
# The images that have an adapter command's runtime (the command's first word after `exec`).
RUNTIME_IMAGES = {
    "java": re.compile(r"jdk|temurin|openjdk|gradle|android|corretto|zulu"),
    "node": re.compile(r"node"),
    "python3": re.compile(r"python"),
}

problems: list[str] = []
commands: list[dict] = []


def problem(recipe: str, text: str) -> None:
    problems.append("%s: %s" % (recipe, text))


def blocks(markdown: str) -> dict:
    found = {}
    for match in re.finditer(r"^```(\w+)\n(.*?)^```$", markdown, re.S | re.M):
        body = match.group(2)
        first = body.split("\n", 1)[0].strip()
        for name, marker in MARKERS.items():
            if first == marker:
                found[name] = body
    return found


def shell_lines(script: str) -> list[str]:
    """The shell lines of a script, continuation backslashes joined."""
    return [line.strip() for line in script.replace("\\\n", " ").split("\n") if line.strip()]


def conformance_commands(recipe: str, script: str) -> list[list[str]]:
    """Every conformance command line in a shell script, as argv after `conformance`."""
    found = []
    for line in shell_lines(script):
        match = INVOCATION.search(line)
        if not match:
            continue
        rest = line[match.end():]
        # Up to the end of this command: a pipe, `||`, `&&` or `;` outside quotes ends it.
        text = re.sub(r"\$\{\{.*?\}\}", "EXPR", rest)
        try:
            lexer = shlex.shlex(text, posix=True, punctuation_chars="|&;")
            lexer.whitespace_split = True
            tokens = list(lexer)
        except ValueError as error:
            problem(recipe, "cannot split %r: %s" % (line, error))
            continue
        argv = []
        for token in tokens:
            if token and set(token) <= set("|&;"):
                break
            argv.append(token)
        found.append(argv)
        commands.append({"recipe": recipe, "argv": argv})
    return found


def option(argv: list[str], name: str) -> str | None:
    for index, token in enumerate(argv):
        if token == name and index + 1 < len(argv):
            return argv[index + 1]
        if token.startswith(name + "="):
            return token[len(name) + 1:]
    return None


def steps_text(job: dict) -> str:
    return "\n".join(str(step.get("run", "")) for step in job.get("steps", []) if isinstance(step, dict))


def uses(job: dict, action: str) -> list[dict]:
    return [step for step in job.get("steps", [])
            if isinstance(step, dict) and str(step.get("uses", "")).startswith(action + "@")]


def check_github(text: str) -> None:
    recipe = "GitHub Actions"
    workflow = yaml.safe_load(text)
    jobs = workflow.get("jobs", {})
    shard, merge = jobs.get("shard"), jobs.get("merge")
    if not shard or not merge:
        return problem(recipe, "needs the jobs `shard` and `merge`, has %s" % sorted(jobs))
    matrix = shard.get("strategy", {}).get("matrix", {}).get("shard")
    if not isinstance(matrix, list) or matrix != list(range(1, len(matrix) + 1)):
        return problem(recipe, "the shard job's matrix must be shard: [1, …, N], is %r" % matrix)
    count = len(matrix)
    if shard.get("strategy", {}).get("fail-fast") is not False:
        problem(recipe, "the matrix must not fail fast: every shard's report is needed")
    runs = conformance_commands(recipe, steps_text(shard))
    run_commands = [argv for argv in runs if argv[:1] == ["run"]]
    if not run_commands:
        problem(recipe, "the shard job runs no `conformance run`")
    for argv in run_commands:
        if option(argv, "--shard") != "EXPR/%d" % count:
            problem(recipe, "the shard job must run --shard ${{ matrix.shard }}/%d, runs %r" % (count, option(argv, "--shard")))
        junit = option(argv, "--junit") or ""
        uploads = uses(shard, "actions/upload-artifact")
        if not uploads or uploads[0].get("if") != "always()":
            problem(recipe, "the shard job must upload its reports with if: always()")
        elif not any(junit.startswith(str(path).rstrip("/")) for path in str(uploads[0]["with"]["path"]).split()):
            problem(recipe, "the shard job uploads %r, not its report %r" % (uploads[0]["with"]["path"], junit))
    if merge.get("needs") not in ("shard", ["shard"]):
        problem(recipe, "the merge job must need the shard job")
    if merge.get("if") != "always()":
        problem(recipe, "the merge job must run if: always(), so a failing shard is still merged")
    if not uses(merge, "actions/download-artifact"):
        problem(recipe, "the merge job downloads no artifact")
    merged = conformance_commands(recipe, steps_text(merge))
    if not any(argv[:1] == ["merge"] and "--json" not in argv for argv in merged):
        problem(recipe, "the merge job does not merge the JUnit reports")
    if not any(argv[:2] == ["merge", "--json"] for argv in merged):
        problem(recipe, "the merge job does not merge the JSON reports")
    if not any(argv[:1] == ["diff"] or "--compare" in argv for argv in merged):
        problem(recipe, "the merge job does not compare with the last main run (diff or run --compare)")
    if "$GITHUB_STEP_SUMMARY" not in steps_text(merge):
        problem(recipe, "the merge job writes no step summary")
    for name, job in (("shard", shard), ("merge", merge)):
        caches = uses(job, "actions/cache")
        if not caches or ".build" not in str(caches[0].get("with", {}).get("path", "")):
            problem(recipe, "the %s job does not cache .build" % name)


def job_lines(job: dict) -> list[str]:
    lines = []
    for key in ("before_script", "script", "after_script"):
        value = job.get(key, [])
        lines += [str(line) for line in (value if isinstance(value, list) else [value])]
    return lines


def needs_artifacts(job: dict, other: str) -> bool:
    for need in job.get("needs", []):
        if need == other or (isinstance(need, dict) and need.get("job") == other and need.get("artifacts", True)):
            return True
    return False


def check_gitlab_build(recipe: str, jobs: dict, parallel_name: str) -> None:
    """Built once: one job runs `swift build`, keeps the executable; the others use it."""
    builders = [name for name, job in jobs.items() if any("swift build" in line for line in job_lines(job))]
    if len(builders) != 1:
        return problem(recipe, "the harness must be built by one job, is built by %s" % (builders or "none"))
    builder = builders[0]
    kept = [str(path) for path in jobs[builder].get("artifacts", {}).get("paths", [])]
    for name, job in jobs.items():
        if name == builder:
            continue
        for line in job_lines(job):
            match = INVOCATION.search(line)
            if not match:
                continue
            executable = match.group(0)
            if executable.startswith("swift run") or executable not in kept:
                problem(recipe, "%s runs %s, not the executable %s keeps as an artifact (%s)"
                        % (name, executable, builder, ", ".join(kept) or "none"))
                break
            if not needs_artifacts(job, builder):
                problem(recipe, "%s runs %s without needing %s's artifacts" % (name, executable, builder))
                break


def check_gitlab_adapter(recipe: str, name: str, job: dict, runs: list) -> None:
    """The shard job has an adapter line, and its image has the adapter's runtime."""
    adapters = [option(argv, "--adapter") for argv in runs if option(argv, "--adapter")]
    if not adapters:
        return problem(recipe, "%s has no --adapter line to change to your implementation's" % name)
    words = shlex.split(adapters[0])
    runtime = words[1] if words[:1] == ["exec"] and len(words) > 1 else words[0]
    image = job.get("image", "")
    image = str(image.get("name", "") if isinstance(image, dict) else image)
    pattern = RUNTIME_IMAGES.get(runtime)
    if pattern is None:
        problem(recipe, "the adapter's runtime %r is not one this check knows (%s)" % (runtime, ", ".join(RUNTIME_IMAGES)))
    elif not pattern.search(image):
        problem(recipe, "%s runs its adapter with %s, and its image %r has no %s runtime" % (name, runtime, image, runtime))


def check_gitlab(text: str) -> None:
    recipe = "GitLab CI"
    pipeline = yaml.safe_load(text)
    jobs = {name: job for name, job in pipeline.items() if isinstance(job, dict) and not name.startswith(".")}
    parallel = [(name, job) for name, job in jobs.items() if isinstance(job.get("parallel"), int)]
    if len(parallel) != 1:
        return problem(recipe, "needs one job with parallel: N, has %d" % len(parallel))
    name, job = parallel[0]
    scripts = "\n".join(job.get("script", []))
    runs = [argv for argv in conformance_commands(recipe, scripts) if argv[:1] == ["run"]]
    if not runs or any(option(argv, "--shard") != "auto" for argv in runs):
        problem(recipe, "the parallel job must run `conformance run --shard auto`")
    check_gitlab_build(recipe, jobs, name)
    check_gitlab_adapter(recipe, name, job, runs)
    artifacts = job.get("artifacts", {})
    pattern = artifacts.get("reports", {}).get("junit")
    if artifacts.get("when") != "always":
        problem(recipe, "the parallel job must keep its artifacts when: always")
    for argv in runs:
        junit = (option(argv, "--junit") or "").replace("$CI_NODE_INDEX", "1")
        if not pattern or not fnmatch.fnmatch(junit, pattern):
            problem(recipe, "artifacts:reports:junit %r does not take the report %r" % (pattern, junit))
    merges = [(other, job) for other, job in jobs.items() if other != name
              and any(need == name or (isinstance(need, dict) and need.get("job") == name) for need in job.get("needs", []))]
    if len(merges) != 1:
        return problem(recipe, "needs one merge job that needs %s" % name)
    merge_name, merge = merges[0]
    merged = conformance_commands(recipe, "\n".join(merge.get("script", [])))
    junit_merge = [argv for argv in merged if argv[:1] == ["merge"] and "--json" not in argv]
    if not junit_merge or not pattern or junit_merge[0][-1] != pattern:
        problem(recipe, "%s must merge the shards' %r" % (merge_name, pattern))
    if merge.get("when") != "always":
        problem(recipe, "%s must run when: always" % merge_name)


def groovy_strings(text: str, step: str) -> list[str]:
    """The string argument of every `step '…'` / `step "…"` call."""
    return [match.group(2) for match in re.finditer(r"(?m)^\s*%s\s+(['\"])(.*?)(?<!\\)\1" % step, text)]


def check_jenkins(text: str) -> None:
    recipe = "Jenkins"
    if text.count("{") != text.count("}"):
        return problem(recipe, "unbalanced braces")
    axis = re.search(r"axis\s*\{\s*name\s+'(\w+)'\s+values\s+((?:'[^']*'\s*,?\s*)+)\}", text)
    if not axis:
        return problem(recipe, "no matrix axis of shards")
    variable = axis.group(1)
    values = re.findall(r"'([^']*)'", axis.group(2))
    count = len(values)
    if values != [str(k) for k in range(1, count + 1)]:
        problem(recipe, "the axis must list the shards 1…N, lists %r" % values)
    shells = groovy_strings(text, "sh")
    argvs = [argv for script in shells for argv in conformance_commands(recipe, script)]
    shards = [argv for argv in argvs if argv[:1] == ["run"] and option(argv, "--shard")]
    if not shards or option(shards[0], "--shard") != "$%s/%d" % (variable, count):
        problem(recipe, "the shard stage must run --shard \"$%s/%d\"" % (variable, count))
    merges = [argv for argv in argvs if argv[:1] == ["merge"]]
    junit_steps = groovy_strings(text, "junit")
    if not merges:
        return problem(recipe, "no merge of the shards")
    if junit_steps != [merges[0][1]]:
        problem(recipe, "the junit step must read the merged report %r, reads %r" % (merges[0][1], junit_steps))
    if shards and not fnmatch.fnmatch((option(shards[0], "--junit") or "").replace("$" + variable, "1"), merges[0][-1]):
        problem(recipe, "the merge %r does not take the shards' reports" % merges[0][-1])
    xunit = re.search(r"xunit\(.*JUnit\(pattern:\s*'([^']+)'", text)
    strict = [argv for argv in argvs if option(argv, "--junit-flavour") == "strict"]
    if not xunit:
        problem(recipe, "no xunit step")
    elif not strict or option(strict[0], "--junit") != xunit.group(1):
        problem(recipe, "xunit reads %r, which no --junit-flavour strict run writes" % xunit.group(1))


def main() -> int:
    path = sys.argv[1]
    with open(path, encoding="utf-8") as file:
        found = blocks(file.read())
    for name, check in (("github", check_github), ("gitlab", check_gitlab), ("jenkins", check_jenkins)):
        if name not in found:
            problem(name, "no block starting with %r in %s" % (MARKERS[name], path))
            continue
        try:
            check(found[name])
        except yaml.YAMLError as error:
            problem(name, "not valid YAML: %s" % error)
    print(json.dumps({"commands": commands, "problems": problems}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
