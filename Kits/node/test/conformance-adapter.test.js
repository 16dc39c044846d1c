'use strict';
// Tests of the Node kit: node --test Kits/node/test/
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { Readable } = require('node:stream');
const test = require('node:test');

const kit = require('../conformance-adapter.js');
const example = require('../example-adapter.js');

/** Runs the loop over request lines (strings or Buffers); returns the answer lines. */
async function serve(lines, evaluate, { suites = ['leeep.fid'], version } = {}) {
  const chunks = lines.map((line) => Buffer.concat([Buffer.from(line), Buffer.from('\n')]));
  const answers = [];
  const status = await kit.run({
    name: 'test', suites, version, evaluate, input: Readable.from(chunks), write: (text) => answers.push(text),
  });
  assert.equal(status, 0);
  assert.ok(answers.every((answer) => answer.endsWith('\n') && answer.indexOf('\n') === answer.length - 1));
  return answers.map((answer) => answer.slice(0, -1));
}

const evaluateRequest = (id, input, extra = {}) => JSON.stringify({ type: 'evaluate', id, suite: 'leeep.fid', input, ...extra });

test('hello names the protocol, the adapter, its suites and version', async () => {
  const answers = await serve(['{"type":"hello","protocol":"conformance-adapter/2"}'], () => kit.accept(), {
    suites: ['a.b', 'c'], version: '2.3.0',
  });
  assert.deepEqual(answers, ['{"protocol":"conformance-adapter/2","name":"test","suites":["a.b","c"],"version":"2.3.0"}']);
});

test('answers echo each id, in order, async evaluate included', async () => {
  const seen = [];
  const answers = await serve([evaluateRequest(17, 'x', { context: { k: 1 } }), evaluateRequest(3, 'no')], async (suite, input, context) => {
    seen.push([suite, input, context]);
    await new Promise((resolve) => setTimeout(resolve, input === 'x' ? 20 : 0));
    return input === 'x' ? kit.accept({ echo: input }) : kit.reject('invalid_fid');
  });
  assert.deepEqual(answers, ['{"id":17,"result":"accept","output":{"echo":"x"}}', '{"id":3,"result":"reject","error":"invalid_fid"}']);
  assert.deepEqual(seen, [['leeep.fid', 'x', { k: 1 }], ['leeep.fid', 'no', {}]]);
});

test('accept without output, accept(null), reject with a field', async () => {
  const outcomes = [kit.accept(), kit.accept(null), kit.reject('missing_key', 'app_id')];
  const answers = await serve([1, 2, 3].map((n) => evaluateRequest(n, n)), () => outcomes.shift());
  assert.deepEqual(answers, [
    '{"id":1,"result":"accept"}',
    '{"id":2,"result":"accept","output":null}',
    '{"id":3,"result":"reject","error":"missing_key","field":"app_id"}',
  ]);
});

test('a thrown error or rejected promise is an error answer on its test, and the run goes on', async () => {
  const answers = await serve([evaluateRequest(5, 1), evaluateRequest(6, 2), evaluateRequest(7, 3)], async (suite, input) => {
    if (input === 1) throw new RangeError('no scope');
    if (input === 2) throw 'a string';
    return kit.accept(input);
  });
  assert.deepEqual(answers, [
    '{"id":5,"error":"evaluate threw RangeError: no scope"}',
    '{"id":6,"error":"evaluate threw \\"a string\\""}',
    '{"id":7,"result":"accept","output":3}',
  ]);
});

test('results that cannot be answered are errors on their test', async () => {
  const outcomes = [true, undefined, kit.accept(NaN), kit.accept({ a: [1, undefined] }), kit.accept(new Map()), kit.reject(3), kit.reject('e', 4)];
  const answers = await serve([1, 2, 3, 4, 5, 6, 7].map((n) => evaluateRequest(n, n)), () => outcomes.shift());
  assert.deepEqual(answers.map((answer) => JSON.parse(answer)), [
    { id: 1, error: 'evaluate returned true; expected accept(...) or reject(...)' },
    { id: 2, error: 'evaluate returned undefined; expected accept(...) or reject(...)' },
    { id: 3, error: 'the output is not JSON: output is NaN, which JSON cannot hold' },
    { id: 4, error: 'the output is not JSON: output.a[1] is undefined, which is not JSON' },
    { id: 5, error: 'the output is not JSON: output is a Map, which is not JSON' },
    { id: 6, error: 'reject(...) needs a string error code, got 3' },
    { id: 7, error: 'reject(...) needs a string field, got 4' },
  ]);
});

test('requests that cannot be evaluated', async () => {
  const answers = await serve([
    '{"type":"evaluate","suite":"leeep.fid","input":1}',
    '{"type":"evaluate","id":1.5,"suite":"leeep.fid","input":1}',
    '{"type":"evaluate","id":7,"input":1}',
    '{"type":"evaluate","id":8,"suite":"leeep.link","input":1}',
    '{"type":"evaluate","id":9,"suite":"leeep.fid","input":1,"context":[]}',
    '{"type":"bye","id":10}',
    '[1]',
  ], () => kit.accept());
  assert.deepEqual(answers, [
    '{"error":"evaluate request without an integer \\"id\\": {\\"type\\":\\"evaluate\\",\\"suite\\":\\"leeep.fid\\",\\"input\\":1}"}',
    '{"error":"evaluate request without an integer \\"id\\": {\\"type\\":\\"evaluate\\",\\"id\\":1.5,\\"suite\\":\\"leeep.fid\\",\\"input\\":1}"}',
    '{"id":7,"error":"an evaluate request needs a string \\"suite\\" and an \\"input\\""}',
    '{"id":8,"error":"suite \\"leeep.link\\" is not implemented by this adapter (it announced [\\"leeep.fid\\"])"}',
    '{"id":9,"error":"\\"context\\" must be an object"}',
    '{"id":10,"error":"unknown request type \\"bye\\""}',
    '{"error":"request must be an object with a string \\"type\\""}',
  ]);
});

test('requests that are not JSON or not UTF-8', async () => {
  const answers = await serve(['not json', Buffer.from([0x22, 0xff, 0x22])], () => kit.accept());
  assert.match(answers[0], /^\{"error":"request is not JSON: /);
  assert.match(answers[1], /^\{"error":"request is not UTF-8: /);
});

test('lines split on \\n only: U+2028, CR and NUL inside strings survive, one answer per request', async () => {
  const value = 'a\u2028b\rc\u0000\u{1F600}';
  const answers = await serve([evaluateRequest(1, value)], (suite, input) => kit.accept(input));
  assert.equal(answers.length, 1);
  assert.equal(JSON.parse(answers[0]).output, value);
});

test('a request split across chunks, inside a UTF-8 sequence, and two in one chunk', async () => {
  const text = Buffer.from(`${evaluateRequest(1, 'é')}\n${evaluateRequest(2, 'b')}\n${evaluateRequest(3, 'c')}`);
  const cut = text.indexOf(Buffer.from('é')) + 1; // between the two bytes of é
  const answers = [];
  await kit.run({
    name: 'test', suites: ['leeep.fid'], evaluate: (suite, input) => kit.accept(input),
    input: Readable.from([text.subarray(0, 5), text.subarray(5, cut), text.subarray(cut)]),
    write: (line) => answers.push(line),
  });
  assert.deepEqual(answers, [
    '{"id":1,"result":"accept","output":"é"}\n',
    '{"id":2,"result":"accept","output":"b"}\n',
    '{"id":3,"result":"accept","output":"c"}\n',
  ]);
});

test('the real process: console.log goes to standard error, and end of input ends it', () => {
  const script = `
    const { accept, log, run } = require(${JSON.stringify(path.join(__dirname, '..', 'conformance-adapter.js'))});
    run({ name: 'noisy', suites: ['leeep.fid'], evaluate(suite, input) {
      console.log('console.log from evaluate');
      process.stdout.write('stdout write\\n');
      log('a log line');
      setInterval(() => {}, 1000); // a timer left running must not keep the adapter alive
      return accept(input);
    } });`;
  const requests = `{"type":"hello","protocol":"conformance-adapter/2"}\n${evaluateRequest(1, 'x')}\n`;
  const result = spawnSync(process.execPath, ['-e', script], { input: requests, timeout: 20000 });
  assert.equal(result.status, 0);
  assert.deepEqual(result.stdout.toString().split('\n'), [
    '{"protocol":"conformance-adapter/2","name":"noisy","suites":["leeep.fid"]}',
    '{"id":1,"result":"accept","output":"x"}',
    '',
  ]);
  assert.deepEqual(result.stderr.toString().split('\n'), ['console.log from evaluate', 'stdout write', 'a log line', '']);
});

test('example: leeep.fid and leeep.user-id, and the planted bug', () => {
  const show = (outcome) => JSON.stringify(outcome);
  assert.equal(show(example.fid('cAbCdEfGhIjKlMnOpQr_-0')), '{"output":"cAbCdEfGhIjKlMnOpQr_-0"}');
  assert.equal(show(example.fid('cAbCdEfGhIjKlMnOpQr_-0\n')), '{"error":"invalid_fid"}');
  assert.equal(show(example.fid(22)), '{"error":"not_a_string"}');
  assert.equal(show(example.userId('é'.repeat(128))), '{"error":"too_long"}');
  assert.equal(show(example.userId('\ufeff', { regexpSBug: true })), '{"error":"whitespace_only"}');
  assert.equal(show(example.userId('\u0085', { regexpSBug: true })), '{"output":"\u0085"}');
  assert.equal(show(example.userId('\u3000'.repeat(85))), '{"error":"whitespace_only"}');
  assert.equal(show(example.userId('\u001c')), '{"output":"\\u001c"}');
  assert.equal(show(example.userId('\ufeff')), '{"output":"\ufeff"}');
  assert.equal(show(example.userId('\u0085')), '{"error":"whitespace_only"}');
  assert.equal(show(example.userId('')), '{"error":"empty"}');
});
