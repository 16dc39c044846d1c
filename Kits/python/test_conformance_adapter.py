"""Tests of the Python kit: python3 -m unittest discover -s Kits/python"""

import io
import json
import os
import subprocess
import sys
import textwrap
import unittest

import conformance_adapter as kit
import example_adapter

HERE = os.path.dirname(os.path.abspath(__file__))


def serve(lines, evaluate, suites=("leeep.fid",), version=None):
    """Runs the loop over request lines; returns (answers as text lines, log text, status)."""
    requests = io.BytesIO(b"".join(line.encode("utf-8") + b"\n" for line in lines))
    answers = io.BytesIO()
    log = io.StringIO()
    status = kit.run(evaluate, name="test", suites=list(suites), version=version,
                     input=requests, output=answers, log_stream=log)
    kit._log_stream[0] = sys.stderr
    return answers.getvalue().decode("utf-8").split("\n")[:-1], log.getvalue(), status


def evaluate_request(request_id, input, suite="leeep.fid", context=None):
    request = {"type": "evaluate", "id": request_id, "suite": suite, "input": input}
    if context is not None:
        request["context"] = context
    return json.dumps(request)


class ProtocolTests(unittest.TestCase):
    def test_hello_names_protocol_name_suites_and_version(self):
        answers, _, status = serve(['{"type":"hello","protocol":"conformance-adapter/2"}'],
                                   lambda *_: kit.accept(), suites=["a.b", "c"], version="2.3.0")
        self.assertEqual(answers, ['{"protocol":"conformance-adapter/2","name":"test",'
                                   '"suites":["a.b","c"],"version":"2.3.0"}'])
        self.assertEqual(status, 0)

    def test_hello_of_another_protocol_is_answered_and_logged(self):
        answers, log, _ = serve(['{"type":"hello","protocol":"conformance-adapter/1"}'],
                                lambda *_: kit.accept())
        self.assertEqual(json.loads(answers[0])["protocol"], "conformance-adapter/2")
        self.assertIn('the harness asked for protocol "conformance-adapter/1"', log)

    def test_answers_echo_each_id_in_order(self):
        seen = []

        def evaluate(suite, input, context):
            seen.append((suite, input, context))
            return kit.accept({"echo": input}) if input != "no" else kit.reject("invalid_fid")

        answers, _, _ = serve([evaluate_request(17, "x", context={"k": 1}),
                               evaluate_request(3, "no")], evaluate)
        self.assertEqual(answers, ['{"id":17,"result":"accept","output":{"echo":"x"}}',
                                   '{"id":3,"result":"reject","error":"invalid_fid"}'])
        self.assertEqual(seen, [("leeep.fid", "x", {"k": 1}), ("leeep.fid", "no", {})])

    def test_accept_without_output_and_reject_with_field(self):
        outcomes = iter([kit.accept(), kit.accept(None), kit.reject("missing_key", field="app_id")])
        answers, _, _ = serve([evaluate_request(n, n) for n in (1, 2, 3)],
                              lambda *_: next(outcomes))
        self.assertEqual(answers, ['{"id":1,"result":"accept"}',
                                   '{"id":2,"result":"accept","output":null}',
                                   '{"id":3,"result":"reject","error":"missing_key","field":"app_id"}'])

    def test_exception_becomes_an_error_answer_and_traceback_goes_to_the_log(self):
        def evaluate(suite, input, context):
            raise KeyError("expected_scope")

        answers, log, status = serve([evaluate_request(5, {}), evaluate_request(6, {})], evaluate)
        self.assertEqual(answers, ['{"id":5,"error":"evaluate raised KeyError: \'expected_scope\'"}',
                                   '{"id":6,"error":"evaluate raised KeyError: \'expected_scope\'"}'])
        self.assertIn('evaluate("leeep.fid") raised for request 5:', log)
        self.assertIn("Traceback (most recent call last):", log)
        self.assertEqual(status, 0)

    def test_results_that_cannot_be_answered_are_errors_on_their_test(self):
        outcomes = iter([True, kit.accept(float("nan")), kit.accept("\ud800"), kit.reject(3),
                         kit.reject("e", field=4), kit.accept({1j: 1})])
        answers, _, _ = serve([evaluate_request(n, n) for n in range(1, 7)],
                              lambda *_: next(outcomes))
        self.assertEqual([json.loads(a)["id"] for a in answers], [1, 2, 3, 4, 5, 6])
        self.assertEqual(
            [json.loads(a)["error"] for a in answers],
            ["evaluate returned True; expected accept(...) or reject(...)",
             "the output is not JSON: Out of range float values are not JSON compliant",
             "the answer is not valid UTF-8 (a lone surrogate?): 'utf-8' codec can't encode "
             "character '\\ud800' in position 36: surrogates not allowed",
             "reject(...) needs a string error code, got 3",
             "reject(...) needs a string field, got 4",
             "the output is not JSON: keys must be str, int, float, bool or None, not complex"])

    def test_requests_that_cannot_be_evaluated(self):
        answers, _, _ = serve(
            ["not json", '{"type":"evaluate","suite":"leeep.fid","input":1}',
             '{"type":"evaluate","id":true,"suite":"leeep.fid","input":1}',
             '{"type":"evaluate","id":7,"input":1}',
             '{"type":"evaluate","id":8,"suite":"leeep.link","input":1}',
             '{"type":"evaluate","id":9,"suite":"leeep.fid","input":1,"context":[]}',
             '{"type":"bye","id":10}', '[1]'],
            lambda *_: kit.accept())
        self.assertEqual(answers, [
            '{"error":"request is not JSON: Expecting value: line 1 column 1 (char 0)"}',
            '{"error":"evaluate request without an integer \\"id\\": {\\"type\\":\\"evaluate\\",'
            '\\"suite\\":\\"leeep.fid\\",\\"input\\":1}"}',
            '{"error":"evaluate request without an integer \\"id\\": {\\"type\\":\\"evaluate\\",'
            '\\"id\\":true,\\"suite\\":\\"leeep.fid\\",\\"input\\":1}"}',
            '{"id":7,"error":"an evaluate request needs a string \\"suite\\" and an \\"input\\""}',
            '{"id":8,"error":"suite \\"leeep.link\\" is not implemented by this adapter '
            '(it announced [\\"leeep.fid\\"])"}',
            '{"id":9,"error":"\\"context\\" must be an object"}',
            '{"id":10,"error":"unknown request type \\"bye\\""}',
            '{"error":"request must be an object with a string \\"type\\""}'])

    def test_request_that_is_not_utf8(self):
        answers = io.BytesIO()
        kit.run(lambda *_: kit.accept(), name="t", suites=[], input=io.BytesIO(b'"\xff"\n'),
                output=answers, log_stream=io.StringIO())
        kit._log_stream[0] = sys.stderr
        self.assertEqual(answers.getvalue(), b'{"error":"request is not UTF-8: \'utf-8\' codec can\'t '
                                             b'decode byte 0xff in position 1: invalid start byte"}\n')

    def test_unicode_and_control_characters_round_trip_on_one_line(self):
        value = "a\u2028b\nc\u0000\U0001F600"
        answers, _, _ = serve([evaluate_request(1, value)], lambda s, i, c: kit.accept(i))
        self.assertEqual(len(answers), 1)
        self.assertEqual(json.loads(answers[0])["output"], value)


class ProcessTests(unittest.TestCase):
    """The real process: standard output carries answers only, and end of input ends it."""

    def test_prints_go_to_standard_error_and_the_process_exits_at_end_of_input(self):
        script = textwrap.dedent("""
            import os, sys
            sys.path.insert(0, %r)
            from conformance_adapter import accept, log, run
            def evaluate(suite, input, context):
                print("print from evaluate")
                os.write(1, b"raw write to descriptor 1\\n")
                log("a log line")
                return accept(input)
            sys.exit(run(evaluate, name="noisy", suites=["leeep.fid"]))
        """ % HERE)
        completed = subprocess.run(
            [sys.executable, "-c", script], input=(
                '{"type":"hello","protocol":"conformance-adapter/2"}\n'
                + evaluate_request(1, "x") + "\n").encode(),
            capture_output=True, timeout=30)
        self.assertEqual(completed.returncode, 0)
        self.assertEqual(completed.stdout.decode().splitlines(), [
            '{"protocol":"conformance-adapter/2","name":"noisy","suites":["leeep.fid"]}',
            '{"id":1,"result":"accept","output":"x"}'])
        self.assertEqual(completed.stderr.decode().splitlines(), [
            "print from evaluate", "raw write to descriptor 1", "a log line"])


class ExampleTests(unittest.TestCase):
    def test_fid(self):
        self.assertEqual(repr(example_adapter.fid("cAbCdEfGhIjKlMnOpQr_-0")),
                         "accept('cAbCdEfGhIjKlMnOpQr_-0')")
        self.assertEqual(repr(example_adapter.fid("cAbCdEfGhIjKlMnOpQr_-0\n")), "reject('invalid_fid')")
        self.assertEqual(repr(example_adapter.fid(22)), "reject('not_a_string')")
        self.assertEqual(repr(example_adapter.fid("cAbCdEfGhIjKlMnOpQr_-0\n", trailing_newline_bug=True)),
                         "accept('cAbCdEfGhIjKlMnOpQr_-0\\n')")

    def test_user_id(self):
        self.assertEqual(repr(example_adapter.user_id("\u00e9" * 128)), "reject('too_long')")
        self.assertEqual(repr(example_adapter.user_id("\u3000" * 85)), "reject('whitespace_only')")
        self.assertEqual(repr(example_adapter.user_id("\u001c")), "accept('\\x1c')")
        self.assertEqual(repr(example_adapter.user_id("")), "reject('empty')")
        self.assertEqual(len(example_adapter.WHITE_SPACE), 25)


if __name__ == "__main__":
    unittest.main()
