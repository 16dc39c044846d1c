"""Checks an Allure results folder the way Allure's own model reads it, against a JUnit report
of the same run, and prints one JSON summary line.

Every `*-result.json` is loaded into allure-python-commons' model classes (`TestResult`,
`StatusDetails`, `Label`, `Parameter`, `Attachment`, `Link` from `allure_commons.model2`):
those are attrs classes, so a field the model does not define is a TypeError, and the check
fails. `executor.json` and `categories.json` are checked against the fields of Allure's
`ExecutorInfo` and `Category` (the allure2 generator's model, which has no Python copy).

Usage: allure_check.py RESULTS_DIR JUNIT_XML
"""
import glob
import json
import os
import sys
import xml.etree.ElementTree as ET

from allure_commons import model2

EXECUTOR_FIELDS = {"name", "type", "url", "buildOrder", "buildName", "buildUrl", "reportName", "reportUrl"}
CATEGORY_FIELDS = {"name", "description", "descriptionHtml", "messageRegex", "traceRegex", "matchedStatuses", "flaky"}
STATUSES = {"passed", "failed", "broken", "skipped", "unknown"}


def load(data):
    data = dict(data)
    if data.get("statusDetails") is not None:
        data["statusDetails"] = model2.StatusDetails(**data["statusDetails"])
    data["labels"] = [model2.Label(**label) for label in data.get("labels", [])]
    data["parameters"] = [model2.Parameter(**parameter) for parameter in data.get("parameters", [])]
    data["attachments"] = [model2.Attachment(**attachment) for attachment in data.get("attachments", [])]
    data["links"] = [model2.Link(**link) for link in data.get("links", [])]
    return model2.TestResult(**data)


def junit_statuses(path):
    """(parentSuite-free key, status) per testcase: classname without the implementation prefix."""
    statuses = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        children = {child.tag for child in case}
        if "error" in children:
            status = "broken"
        elif "failure" in children:
            status = "failed"
        elif "skipped" in children:
            status = "skipped"
        else:
            status = "passed"
        statuses[(case.get("classname"), case.get("name"))] = status
    return statuses


def main(folder, junit):
    problems = []
    finals = {}
    retries = {}
    results = sorted(glob.glob(os.path.join(folder, "*-result.json")))
    for path in results:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        try:
            result = load(data)
        except TypeError as error:
            problems.append(f"{os.path.basename(path)}: not Allure's model: {error}")
            continue
        if result.status not in STATUSES:
            problems.append(f"{result.uuid}: status {result.status!r}")
        if os.path.basename(path) != f"{result.uuid}-result.json":
            problems.append(f"{path}: not named by its uuid")
        if result.status in ("failed", "broken") and not (result.statusDetails and result.statusDetails.message):
            problems.append(f"{result.uuid}: {result.status} without a message")
        for attachment in result.attachments:
            if not os.path.isfile(os.path.join(folder, attachment.source)):
                problems.append(f"{result.uuid}: attachment {attachment.source} missing")
            elif attachment.type == "application/json":
                with open(os.path.join(folder, attachment.source), encoding="utf-8") as file:
                    json.load(file)
        labels = {}
        for label in result.labels:
            labels.setdefault(label.name, []).append(label.value)
        for name in ("parentSuite", "suite", "framework"):
            if len(labels.get(name, [])) != 1:
                problems.append(f"{result.uuid}: label {name} {labels.get(name)}")
        key = (labels["parentSuite"][0], labels["suite"][0], result.name)
        if key in finals:
            # Several results of one test: the latest is the test, the others its retries.
            earlier, later = sorted([finals[key], result], key=lambda r: (r.stop, r.statusDetails is not None and bool(r.statusDetails.flaky)))
            finals[key] = later
            retries.setdefault(key, []).append(earlier)
            if earlier.historyId != later.historyId:
                problems.append(f"{key}: retries with different historyIds")
        else:
            finals[key] = result
    # Statuses equal the JUnit report's, one result per testcase and implementation.
    expected = junit_statuses(junit)
    several = any("/" in (classname or "") for classname, _ in expected) and len({f.labels[0].value for f in finals.values()}) > 1
    seen = {}
    for (implementation, suite, name), result in finals.items():
        classname = f"{implementation}/{suite}" if several and suite not in ("adapter", "expectations", "conformance.run") else suite
        seen[(classname, name)] = result.status
    for key, status in expected.items():
        if key not in seen:
            # A load error's testcase is named by the file; its result too, with its suite.
            problems.append(f"JUnit testcase {key} has no Allure result")
        elif seen[key] != status:
            problems.append(f"{key}: JUnit says {status}, Allure {seen[key]}")
    for key in seen:
        if key not in expected:
            problems.append(f"Allure result {key} is not in the JUnit report")
    for name, fields in (("executor.json", EXECUTOR_FIELDS),):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                extra = set(json.load(file)) - fields
            if extra:
                problems.append(f"{name}: fields outside Allure's ExecutorInfo: {sorted(extra)}")
    with open(os.path.join(folder, "categories.json"), encoding="utf-8") as file:
        for category in json.load(file):
            extra = set(category) - CATEGORY_FIELDS
            if extra:
                problems.append(f"categories.json: fields outside Allure's Category: {sorted(extra)}")
    summary = {
        "results": len(results),
        "tests": len(finals),
        "flaky": sorted(f"{k[0]}/{k[1]}/{k[2]}" for k, r in finals.items() if r.statusDetails and r.statusDetails.flaky),
        "retries": sum(len(v) for v in retries.values()),
        "historyIds": {f"{k[0]}/{k[1]}/{k[2]}": r.historyId for k, r in finals.items()},
        "statuses": {s: sum(1 for r in finals.values() if r.status == s) for s in sorted(STATUSES)},
        "problems": problems[:20],
        "problemCount": len(problems),
    }
    print(json.dumps(summary))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
