"""Tests of the pytest plugin (conformance_pytest.py): python3 -m pytest Kits/python/pytest_kit_tests

Every case of Kits/comparison-cases.json; the refusal of a pack of another format; answers
recorded line by line, with a run killed (SIGKILL) half-way; numbers kept exact. Inner pytest
runs are separate processes over packs written here, per the pack format (docs/adapters.md).
"""

import hashlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

KIT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPOSITORY = os.path.dirname(os.path.dirname(KIT))
sys.path.insert(0, KIT)

import conformance_pytest as plugin  # noqa: E402
from conformance_pytest import Decimal, accept, reject  # noqa: E402


def load_cases():
    with open(os.path.join(REPOSITORY, "Kits", "comparison-cases.json"), encoding="utf-8") as handle:
        document = json.load(handle, parse_float=plugin._parse_float, parse_int=plugin._parse_int)
    assert document["format"] == "conformance-comparison-cases/1"
    return document["cases"]


CASES = load_cases()


def place(text):
    return text.split(": ", 1)[0]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_comparison_case(case):
    verdict, difference = plugin.verdict(case["expect"], case["answer"])
    assert verdict == case["verdict"]
    if verdict == "fail":
        assert place(difference) == place(case["difference"])


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_comparison_case_through_accept_and_reject(case):
    # The same case as the team's code gives it: accept(...)/reject(...) turned into an answer.
    answer = case["answer"]
    if "result" not in answer:
        return
    if answer["result"] == "accept":
        outcome = accept(answer["output"]) if "output" in answer else accept()
    else:
        outcome = reject(answer["error"], field=answer.get("field"))
    verdict, difference = plugin.verdict(case["expect"], plugin.answer_of(outcome))
    assert verdict == case["verdict"]
    if verdict == "fail":
        assert place(difference) == place(case["difference"])


def test_most_differences_are_the_harness_words_exactly():
    # Numbers are shown as Python writes the Decimal (1E-400 for 1e-400), so a few differ after
    # the place; every other failure's words are the harness's own.
    failures = [case for case in CASES if case["verdict"] == "fail"]
    exact = [case["name"] for case in failures
             if plugin.verdict(case["expect"], case["answer"])[1] == case["difference"]]
    different = sorted(set(case["name"] for case in failures) - set(exact))
    assert different == ["decimal.tiny"]


def test_float_answers_compare_as_their_shortest_decimal():
    assert plugin.difference({"result": "accept", "output": Decimal("0.1")}, {"result": "accept", "output": 0.1}) is None
    assert plugin.difference({"result": "accept", "output": Decimal("0.10000000000000001")},
                             {"result": "accept", "output": 0.1}) == \
        "at output: expected 0.10000000000000001, got 0.1"


def test_output_that_is_not_json_is_an_error_answer():
    assert plugin.answer_of(accept({"n": float("nan")})) == \
        {"error": "the output is not JSON: output.n is nan, which is not a JSON number"}
    assert plugin.answer_of(accept({1: "x"})) == \
        {"error": "the output is not JSON: output has the key 1, which is not a string"}
    assert plugin.answer_of(accept("\ud800")) == \
        {"error": "the output is not JSON: output holds a lone surrogate, which is not UTF-8"}
    assert plugin.answer_of("accept") == \
        {"error": "evaluate returned 'accept'; expected accept(...) or reject(...)"}


# ---------------------------------------------------------------------------------------------
# Inner pytest runs


def write_pack(path, tests, format=plugin.PACK_FORMAT, raw_tests=None):
    """A pack as FORMATS.md fixes it: the digest is the sha256 of the tests array's bytes."""
    text = raw_tests if raw_tests is not None else json.dumps(tests, ensure_ascii=False)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write('{"format": %s, "corpus": {"version": null, "digest": "%s"}, "digest": "%s", "tests": %s}'
                     % (json.dumps(format), "0" * 64, digest, text))
    return digest


def vector(suite, id, input, expect, context=None):
    return {"suite": suite, "id": id, "file": suite.replace(".", "/") + "/t.json", "description": "",
            "tags": [], "input": input, "context": context or {}, "expect": expect}


CONFTEST = textwrap.dedent("""
    import sys
    sys.path.insert(0, %r)
    import pytest
    from conformance_pytest import Implementation
    pytest_plugins = ["conformance_pytest"]

    @pytest.fixture(scope="session")
    def conformance_implementation():
        return Implementation("kit-test", version="0.1", suites=SUITES)
""") % KIT


def project(tmp_path, test_body, suites=None):
    (tmp_path / "conftest.py").write_text(CONFTEST.replace("SUITES", repr(suites)))
    (tmp_path / "test_vectors.py").write_text(textwrap.dedent(test_body))
    return tmp_path


def run_pytest(directory, *arguments, env=None):
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rfEs", str(directory)]
    return subprocess.run(command + list(arguments), capture_output=True, text=True, cwd=str(directory),
                          env=dict(os.environ, **(env or {})), timeout=120)


ECHO = """
    from conformance_pytest import accept, reject

    def evaluate(suite, input, context):
        if input == "bad":
            return reject("invalid", field="f")
        if input == "raise":
            raise KeyError("k")
        return accept(input)

    def test_vectors(conformance_vector):
        conformance_vector.check(evaluate)
"""

SMALL = [
    vector("a.b", "echo", "x", {"result": "accept", "output": "x"}),
    vector("a.b", "wrong", "y", {"result": "accept", "output": "z"}),
    vector("a.b", "rejected", "bad", {"result": "reject", "error": "invalid", "field": "f"}),
    vector("a.b", "raises", "raise", {"result": "accept"}),
    vector("c.d", "other-suite", "x", {"result": "accept"}),
]


def lines(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line, parse_float=Decimal) for line in handle.read().splitlines()]


# The same evaluate through conformance_tests: one pytest.Item per vector, no fixture.
ECHO_ITEMS = ECHO.split("    def test_vectors")[0] + """
    from conformance_pytest import Implementation, conformance_tests

    test_vectors = conformance_tests(evaluate, Implementation("kit-test", version="0.1", suites=SUITES))
"""


def items_project(tmp_path, body, suites=None):
    (tmp_path / "conftest.py").write_text(CONFTEST.replace("SUITES", repr(None)))
    (tmp_path / "test_vectors.py").write_text(textwrap.dedent(body).replace("SUITES", repr(suites)))
    return tmp_path


ROUTES = {
    "fixture": lambda tmp_path, suites=None: project(tmp_path, ECHO, suites=suites),
    "conformance_tests": lambda tmp_path, suites=None: items_project(tmp_path, ECHO_ITEMS, suites=suites),
}


def test_refuses_a_pack_of_another_format(tmp_path):
    pack = tmp_path / "pack.json"
    write_pack(pack, SMALL, format="conformance-pack/2")
    with pytest.raises(plugin.PackError) as refused:
        plugin.load_pack(str(pack))
    assert str(refused.value) == ('%s: unknown pack format: got format "conformance-pack/2"; '
                                  'this kit reads "conformance-pack/1"' % pack)
    result = run_pytest(project(tmp_path, ECHO), "--conformance-pack", str(pack))
    assert result.returncode == 4, result.stdout + result.stderr
    assert 'unknown pack format: got format "conformance-pack/2"; this kit reads "conformance-pack/1"' \
        in result.stderr


def test_refuses_a_pack_without_format_and_an_empty_pack(tmp_path):
    pack = tmp_path / "pack.json"
    pack.write_text('{"tests": []}')
    with pytest.raises(plugin.PackError) as refused:
        plugin.load_pack(str(pack))
    assert str(refused.value) == '%s: unknown pack format: got no "format"; this kit reads "conformance-pack/1"' % pack
    write_pack(pack, [])
    with pytest.raises(plugin.PackError) as refused:
        plugin.load_pack(str(pack))
    assert str(refused.value) == "%s: the pack holds no test; nothing would be checked" % pack


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_no_pack_is_a_usage_error_never_a_green_run(tmp_path, route):
    result = run_pytest(ROUTES[route](tmp_path))
    assert result.returncode == 1 or result.returncode >= 2
    assert "no pack was given: --conformance-pack PACK or CONFORMANCE_PACK=PACK" in result.stdout + result.stderr


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_one_test_per_vector_with_the_harness_words_and_answers_recorded(tmp_path, route):
    pack = tmp_path / "pack.json"
    digest = write_pack(pack, SMALL)
    answers = tmp_path / "answers.jsonl"
    answers.write_text("stale\n")
    result = run_pytest(ROUTES[route](tmp_path, suites=["a.b"]), "--conformance-pack", str(pack),
                        env={"CONFORMANCE_ANSWERS": str(answers)})
    output = result.stdout
    assert result.returncode == 1, output
    assert "FAILED test_vectors.py::test_vectors[a.b::wrong]" in output
    assert "FAILED test_vectors.py::test_vectors[a.b::raises]" in output
    assert "SKIPPED [1]" in output and "kit-test does not implement c.d (its suites: a.b)" in output
    assert "2 failed, 2 passed, 1 skipped" in output
    assert textwrap.dedent("""\
        FAIL a.b wrong (a/b/t.json)
          input:    "y"
          expected: {"result": "accept", "output": "z"}
          actual:   {"result": "accept", "output": "y"}
          differs:  at output: expected "z", got "y"
    """) in output
    assert "could not evaluate the input: evaluate raised KeyError: 'k'" in output
    assert 'raise KeyError("k")' in output  # where in the team's code it raised
    recorded = lines(answers)
    for line in recorded[1:-1]:
        assert isinstance(line.pop("ms"), Decimal)
    assert recorded == [
        {"format": "conformance-answers/1", "implementation": "kit-test", "version": "0.1", "pack": digest,
         "suites": ["a.b"]},
        {"suite": "a.b", "id": "echo", "answer": {"result": "accept", "output": "x"}},
        {"suite": "a.b", "id": "wrong", "answer": {"result": "accept", "output": "y"}},
        {"suite": "a.b", "id": "rejected", "answer": {"result": "reject", "error": "invalid", "field": "f"}},
        {"suite": "a.b", "id": "raises", "answer": {"error": "evaluate raised KeyError: 'k'"}},
        {"end": True, "count": 4},
    ]


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_dash_k_selects_by_suite_and_id_and_the_option_names_the_answers(tmp_path, route):
    pack = tmp_path / "pack.json"
    write_pack(pack, SMALL)
    answers = tmp_path / "selected.jsonl"
    result = run_pytest(ROUTES[route](tmp_path), "--conformance-pack", str(pack), "-k", "a.b::echo",
                        "--conformance-answers", str(answers))
    assert result.returncode == 0, result.stdout
    assert "1 passed, 4 deselected" in result.stdout
    assert [line.get("id") for line in lines(answers)] == [None, "echo", None]


def test_a_vector_never_checked_fails(tmp_path):
    pack = tmp_path / "pack.json"
    write_pack(pack, SMALL[:1])
    result = run_pytest(project(tmp_path, "def test_vectors(conformance_vector):\n    pass\n"),
                        "--conformance-pack", str(pack))
    assert result.returncode == 1
    assert "a.b echo was never checked: call conformance_vector.check(evaluate) in the test" in result.stdout


def test_numbers_are_exact(tmp_path):
    literals = ["9007199254740993", "0.10000000000000001", "1.10", "1e400", "1e99999999999999999999",
                "-0.0", "1" + "0" * 399 + "1"]
    raw = json.dumps([vector("n.x", "numbers", {"n": "PLACE"}, {"result": "accept", "output": {"n": "PLACE"}}),
                      vector("n.x", "float-answer", "f", {"result": "accept", "output": "PLACE"})])
    raw = raw.replace('"PLACE"', "[%s]" % ", ".join(literals), 2).replace('"PLACE"', "0.10000000000000001")
    pack = tmp_path / "pack.json"
    write_pack(pack, None, raw_tests=raw)
    loaded = plugin.load_pack(str(pack))
    assert [str(number) for number in loaded.tests[0].input["n"]] == \
        ["9007199254740993", "0.10000000000000001", "1.10", "1E+400", "1e99999999999999999999", "-0.0",
         "1" + "0" * 399 + "1"]
    assert loaded.tests[0].input["n"][0] == 9007199254740993 and isinstance(loaded.tests[0].input["n"][0], int)
    body = """
        from conformance_pytest import accept

        def evaluate(suite, input, context):
            return accept(0.1 if input == "f" else input)

        def test_vectors(conformance_vector):
            conformance_vector.check(evaluate)
    """
    answers = tmp_path / "answers.jsonl"
    result = run_pytest(project(tmp_path, body), "--conformance-pack", str(pack), "--conformance-answers", str(answers))
    assert result.returncode == 1, result.stdout
    assert "1 failed, 1 passed" in result.stdout
    assert "differs:  at output: expected 0.10000000000000001, got 0.1" in result.stdout
    text = answers.read_text(encoding="utf-8").splitlines()
    assert text[1].startswith('{"suite":"n.x","id":"numbers","answer":{"result":"accept","output":{"n":'
                              '[9007199254740993,0.10000000000000001,1.10,1E+400,1e99999999999999999999,-0.0,1'
                              + "0" * 399 + '1]}},"ms":')
    assert text[2].startswith('{"suite":"n.x","id":"float-answer","answer":{"result":"accept","output":0.1},"ms":')


def test_a_run_killed_half_way_keeps_its_answers_without_a_trailer(tmp_path):
    tests = [vector("k.k", "v%02d" % index, index, {"result": "accept", "output": index}) for index in range(10)]
    pack = tmp_path / "pack.json"
    digest = write_pack(pack, tests)
    marker = tmp_path / "half-way"
    body = """
        import os, time
        from conformance_pytest import accept

        def evaluate(suite, input, context):
            if input == 5:
                open(%r, "w").close()
                time.sleep(120)
            return accept(input)

        def test_vectors(conformance_vector):
            conformance_vector.check(evaluate)
    """ % str(marker)
    answers = tmp_path / "answers.jsonl"
    directory = project(tmp_path, body)
    process = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", str(directory),
                                "--conformance-pack", str(pack), "--conformance-answers", str(answers)],
                               cwd=str(directory), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        assert marker.exists(), "the inner run never reached the fifth vector"
        process.send_signal(signal.SIGKILL)
        assert process.wait(timeout=30) == -signal.SIGKILL
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    recorded = lines(answers)
    assert recorded[0] == {"format": "conformance-answers/1", "implementation": "kit-test", "version": "0.1",
                           "pack": digest}
    assert [(line["id"], line["answer"]) for line in recorded[1:]] == \
        [("v%02d" % index, {"result": "accept", "output": index}) for index in range(5)]
    assert answers.read_bytes().endswith(b"}\n")


def test_conformance_tests_refuses_what_is_not_an_evaluate_or_an_implementation():
    with pytest.raises(TypeError) as refused:
        plugin.conformance_tests("evaluate")
    assert str(refused.value) == ("conformance_tests(evaluate, ...) needs evaluate(suite, input, context) "
                                  "as a function, got 'evaluate'")
    with pytest.raises(TypeError) as refused:
        plugin.conformance_tests(len, "python-sdk")
    assert str(refused.value) == \
        "conformance_tests(evaluate, implementation) needs Implementation(...), got 'python-sdk'"


def test_conformance_tests_twice_over_one_pack_answers_each_vector_once(tmp_path):
    pack = tmp_path / "pack.json"
    write_pack(pack, SMALL[:1])
    body = ECHO_ITEMS + "\n    test_again = conformance_tests(evaluate)\n"
    result = run_pytest(items_project(tmp_path, body), "--conformance-pack", str(pack))
    assert result.returncode == 1, result.stdout
    assert "1 failed, 1 passed" in result.stdout
    assert "a.b echo was answered twice in this run" in result.stdout
