'use strict';
// Tests of conformance-tests.js, the in-process kit: node --test Kits/node/test/

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { test, describe } = require('node:test');

const kitFile = path.join(__dirname, '..', 'conformance-tests.js');
const kit = require(kitFile);
const { accept, reject, skip, exact, difference, verdict, loadPack, parseExact, stringify, answerFor } = kit;

function temporaryDirectory() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'node-kit-'));
}

// A pack written as FORMATS.md says, from test objects given as JSON text (so that number
// literals stay exactly as written); the digest over the tests array's bytes.
function writePack(directory, testTexts, { format = 'conformance-pack/1' } = {}) {
  const tests = `[${testTexts.join(',')}]`;
  const digest = crypto.createHash('sha256').update(tests, 'utf8').digest('hex');
  const file = path.join(directory, 'test.pack.json');
  fs.writeFileSync(
    file,
    `{"format":${JSON.stringify(format)},"corpus":{"version":null,"digest":"${'0'.repeat(64)}"},"digest":"${digest}","tests":${tests}}`,
  );
  return { file, digest };
}

// Runs a script with node:test in a child process (TAP on standard output); the child must not
// see this runner's NODE_TEST_CONTEXT, or it would report to it instead.
function runScript(directory, source, env = {}) {
  const script = path.join(directory, 'script.test.js');
  fs.writeFileSync(script, source);
  const childEnv = { ...process.env, ...env };
  delete childEnv.NODE_TEST_CONTEXT;
  delete childEnv.CONFORMANCE_ANSWERS;
  delete childEnv.CONFORMANCE_PACK;
  Object.assign(childEnv, env);
  return spawnSync(process.execPath, ['--test-reporter=tap', script], { env: childEnv, encoding: 'utf8' });
}

function readLines(file) {
  const text = fs.readFileSync(file, 'utf8');
  assert.ok(text.endsWith('\n'), 'every line ends in a newline');
  return text.slice(0, -1).split('\n');
}

describe('the comparison rules (Kits/comparison-cases.json)', () => {
  const file = path.join(__dirname, '..', '..', 'comparison-cases.json');
  const cases = parseExact(fs.readFileSync(file, 'utf8'));
  assert.equal(cases.format, 'conformance-comparison-cases/1');
  assert.ok(cases.cases.length >= 50);
  for (const item of cases.cases) {
    test(`${item.name}: ${item.verdict}`, () => {
      const judged = verdict(item.expect, item.answer);
      assert.equal(judged.verdict, item.verdict, `${item.description}: ${judged.difference ?? judged.reason ?? ''}`);
      if (item.verdict === 'fail') {
        const place = (text) => text.slice(0, text.indexOf(': '));
        assert.equal(place(judged.difference), place(item.difference));
        // The whole text too: the kit words a difference as the harness does.
        assert.equal(judged.difference, item.difference);
      }
    });
  }
});

describe('exact numbers', () => {
  const output = (value) => ({ result: 'accept', output: value });
  const expectOutput = (literal) => ({ result: 'accept', output: exact(literal) });

  test('0.1 and 0.10000000000000001 differ, though one double holds both', () => {
    assert.equal(0.1, 0.10000000000000001);
    assert.equal(
      difference(expectOutput('0.10000000000000001'), output(0.1)),
      'at output: expected 0.10000000000000001, got 0.1',
    );
    assert.equal(difference(expectOutput('0.1'), output(exact('0.10000000000000001'))), 'at output: expected 0.1, got 0.10000000000000001');
    assert.equal(difference(expectOutput('0.1'), output(0.1)), null);
    assert.equal(difference(expectOutput('0.10'), output(0.1)), null);
  });

  test('9007199254740993 and 9007199254740992 differ; a BigInt or exact() answers past 2^53', () => {
    assert.equal(9007199254740993, 9007199254740992);
    assert.equal(
      difference(expectOutput('9007199254740993'), output(9007199254740992)),
      'at output: expected 9007199254740993, got 9007199254740992',
    );
    assert.equal(difference(expectOutput('9007199254740993'), output(9007199254740993n)), null);
    assert.equal(difference(expectOutput('9007199254740993'), output(exact('9007199254740993'))), null);
    assert.equal(difference(expectOutput('9007199254740992'), output(9007199254740992)), null);
  });

  test('a 400-digit number: equal to its exponent form, different in its last digit', () => {
    const big = `1${'0'.repeat(399)}`;
    assert.equal(difference(expectOutput(big), output(10n ** 399n)), null);
    assert.equal(difference(expectOutput(big), output(exact('1e399'))), null);
    assert.equal(difference(expectOutput(big), output(exact('10E+398'))), null);
    assert.equal(
      difference(expectOutput(big), output(10n ** 399n + 1n)),
      `at output: expected …${'0'.repeat(33)}, got …${'0'.repeat(32)}1 (400 and 400 characters of JSON, first difference at character 400)`,
    );
  });

  test('decimals by value: 1.10 is 1.1, 1e2 is 100, -0 is 0, 1e-400 is not 0', () => {
    assert.equal(difference(expectOutput('1.10'), output(1.1)), null);
    assert.equal(difference(expectOutput('1e2'), output(100)), null);
    assert.equal(difference(expectOutput('-0.0'), output(0)), null);
    assert.equal(difference(expectOutput('0'), output(-0)), null);
    assert.equal(difference(expectOutput('1e21'), output(1e21)), null);
    assert.equal(difference(expectOutput('1e-400'), output(0)), 'at output: expected 1e-400, got 0');
    assert.equal(difference(expectOutput('10599.999999999999999999'), output(10600)), 'at output: expected 10599.999999999999999999, got 10600');
  });

  test('an answer JSON cannot hold is an error of the test, never a pass', async () => {
    const vector = { suite: 's', input: 1, context: {} };
    assert.deepEqual((await answerFor(() => accept(1e400), vector)).answer, {
      error: 'the output is not JSON: output is Infinity, which JSON cannot hold',
    });
    assert.deepEqual((await answerFor(() => accept({ a: [NaN] }), vector)).answer, {
      error: 'the output is not JSON: output.a[0] is NaN, which JSON cannot hold',
    });
    assert.deepEqual((await answerFor(() => accept({ 'a-b': undefined }), vector)).answer, {
      error: 'the output is not JSON: output["a-b"] is undefined, which is not JSON',
    });
    assert.deepEqual((await answerFor(() => accept(new Map()), vector)).answer, {
      error: 'the output is not JSON: output is a Map, which is not JSON',
    });
  });

  test('a lone surrogate, which a strict JSON reader refuses, is an error of the test', async () => {
    const vector = { suite: 's', input: 1, context: {} };
    assert.deepEqual((await answerFor(() => accept({ a: ['\ud800'] }), vector)).answer, {
      error: 'the output is not JSON: output.a[0] holds a lone surrogate, which is not Unicode text',
    });
    assert.deepEqual((await answerFor(() => accept({ '\udc00': 1 }), vector)).answer, {
      error: 'the output is not JSON: a key of output holds a lone surrogate, which is not Unicode text',
    });
    assert.deepEqual((await answerFor(() => reject('e\ud800'), vector)).answer, {
      error: 'reject(...) was given a code or field with a lone surrogate, which is not Unicode text',
    });
    assert.deepEqual((await answerFor(() => { throw new Error('bad \ud800'); }, vector)).answer, {
      error: 'evaluate threw Error: bad \ufffd',
    });
    assert.deepEqual((await answerFor(() => accept('😀'), vector)).answer, { result: 'accept', output: '😀' });
  });

  test('parseExact keeps every literal; stringify writes them back', () => {
    const text = '{"a":[0.10000000000000001,9007199254740993,1e400,-0],"b":"\\u00e9"}';
    assert.equal(stringify(parseExact(text)), '{"a":[0.10000000000000001,9007199254740993,1e400,-0],"b":"é"}');
    assert.throws(() => parseExact('{"a":1,"a":2}'), /duplicate key "a" at offset/);
    assert.throws(() => parseExact('[01]'), /at offset 2/);
  });
});

describe('the pack', () => {
  test('a pack of another format is refused, naming both formats', () => {
    const directory = temporaryDirectory();
    const { file } = writePack(directory, [], { format: 'conformance-pack/2' });
    assert.throws(() => loadPack(file), {
      name: 'PackError',
      message: `${file}: the pack has format "conformance-pack/2"; this kit reads conformance-pack/1 (make the pack with the harness this kit ships with)`,
    });
    fs.writeFileSync(file, '{"tests":[]}');
    assert.throws(() => loadPack(file), {
      message: `${file}: the pack has no "format"; this kit reads conformance-pack/1 (make the pack with the harness this kit ships with)`,
    });
  });

  test('a pack whose tests were changed after it was written is refused: its digest no longer fits', () => {
    const directory = temporaryDirectory();
    const { file, digest } = writePack(directory, [
      '{"suite":"s","id":"a","file":"s/a.json","input":"[\\"]","context":{},"expect":{"result":"accept","output":"x"}}',
    ]);
    assert.equal(loadPack(file).digest, digest);
    const changed = fs.readFileSync(file, 'utf8').replace('"output":"x"', '"output":"y"');
    fs.writeFileSync(file, changed);
    const computed = crypto.createHash('sha256').update(changed.slice(changed.indexOf('"tests":') + 8, -1)).digest('hex');
    assert.throws(() => loadPack(file), {
      message: `${file}: the pack's digest ${digest} is not that of its tests (${computed}): the file was changed after \`conformance pack\` wrote it`,
    });
    // Whitespace around the array is not part of it.
    fs.writeFileSync(file, changed.replace(`"digest":"${digest}"`, `"digest" : "${computed}"`).replace('"tests":[', '"tests" :\n [') + '\n');
    assert.equal(loadPack(file).digest, computed);
  });

  test('a pack that is not JSON, or not there, is refused with its file', () => {
    const directory = temporaryDirectory();
    const file = path.join(directory, 'broken.pack.json');
    fs.writeFileSync(file, '{"format":');
    assert.throws(() => loadPack(file), (error) => error.message.startsWith(`${file}: the pack is not JSON (`));
    assert.throws(() => loadPack(path.join(directory, 'absent.json')), {
      message: `${path.join(directory, 'absent.json')}: cannot read the pack (ENOENT)`,
    });
  });

  test('numbers: expect gets the exact literals; input and context stay as JSON.parse makes them, inputText exact', () => {
    const directory = temporaryDirectory();
    const { file } = writePack(directory, [
      '{"suite":"s","id":"n","file":"s/n.json","description":"","tags":[],"input":{"a":[1.10,9007199254740993]},"context":{"c":0.10000000000000001},' +
        '"expect":{"result":"accept","output":9007199254740993},' +
        '"numbers":{"/input/a/0":"1.10","/input/a/1":"9007199254740993","/context/c":"0.10000000000000001","/expect/output":"9007199254740993"}}',
    ]);
    const [vector] = loadPack(file).tests;
    assert.equal(vector.expect.output.literal, '9007199254740993');
    assert.deepEqual(vector.input, { a: [1.1, 9007199254740992] });
    assert.equal(vector.inputText, '{"a":[1.10,9007199254740993]}');
    assert.equal(vector.contextText, '{"c":0.10000000000000001}');
  });

  test('a "numbers" member that names no number of the test is refused', () => {
    const directory = temporaryDirectory();
    const { file } = writePack(directory, [
      '{"suite":"s","id":"n","file":"s/n.json","input":"x","context":{},"expect":{"result":"accept"},"numbers":{"/input/a":"1.5"}}',
    ]);
    assert.throws(() => loadPack(file), {
      message: `${file}: tests[0] (s n): "numbers" names "/input/a", which is not a number of the test`,
    });
  });
});

// Three vectors of suite "s" and one of suite "other"; the answer is the input's "answer".
const recordingPack = [
  '{"suite":"s","id":"one","file":"s/a.json","description":"first","tags":[],"input":1,"context":{},"expect":{"result":"accept","output":1}}',
  '{"suite":"s","id":"two","file":"s/a.json","description":"","tags":[],"input":2,"context":{},"expect":{"result":"reject","error":"e"}}',
  '{"suite":"s","id":"three","file":"s/b.json","description":"","tags":[],"input":1e400,"context":{},"expect":{"result":"accept","output":1e400},"numbers":{"/input":"1e400","/expect/output":"1e400"}}',
  '{"suite":"s","id":"four","file":"s/b.json","description":"","tags":[],"input":4,"context":{},"expect":{"result":"accept"}}',
  '{"suite":"other","id":"x","file":"other/x.json","description":"","tags":[],"input":0,"context":{},"expect":{"result":"accept"}}',
];

describe('answers recording', () => {
  test('header, one line per answer with its verdict in node:test, and the trailer', () => {
    const directory = temporaryDirectory();
    const { file, digest } = writePack(directory, recordingPack);
    const answers = path.join(directory, 'answers.jsonl');
    const result = runScript(
      directory,
      `const { conformanceTests, accept, reject, skip, exact } = require(${JSON.stringify(kitFile)});
conformanceTests({
  name: 'web-sdk', version: '3.1.0', suites: ['s'],
  evaluate(suite, input, context, vector) {
    if (vector.id === 'one') return accept(1.0);
    if (vector.id === 'two') return reject('e', 'f');
    if (vector.id === 'three') return accept(exact('1E+400'));
    return skip('a typed API cannot say it');
  },
});`,
      { CONFORMANCE_PACK: file, CONFORMANCE_ANSWERS: answers },
    );
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^# pass 3$/m);
    assert.match(result.stdout, /ok \d+ - s four # SKIP a typed API cannot say it/);
    assert.match(result.stdout, /ok \d+ - other: 1 vectors # SKIP web-sdk does not implement suite other/);
    const lines = readLines(answers);
    assert.equal(lines[0], `{"format":"conformance-answers/1","implementation":"web-sdk","version":"3.1.0","pack":"${digest}","suites":["s"]}`);
    const withoutMs = lines.slice(1, -1).map((line) => line.replace(/,"ms":[0-9.e-]+\}$/, '}'));
    assert.deepEqual(withoutMs, [
      '{"suite":"s","id":"one","answer":{"result":"accept","output":1}}',
      '{"suite":"s","id":"two","answer":{"result":"reject","error":"e","field":"f"}}',
      '{"suite":"s","id":"three","answer":{"result":"accept","output":1E+400}}',
      '{"suite":"s","id":"four","answer":{"skip":"a typed API cannot say it"}}',
    ]);
    for (const line of lines.slice(1, -1)) assert.match(line, /,"ms":[0-9.]+\}$/);
    assert.equal(lines.at(-1), '{"end":true,"count":4}');
  });

  test('a failing, a throwing and an erroring evaluate: node:test fails them, the answers say what they answered', () => {
    const directory = temporaryDirectory();
    const { file } = writePack(directory, recordingPack.slice(0, 3));
    const answers = path.join(directory, 'answers.jsonl');
    const result = runScript(
      directory,
      `const { conformanceTests, accept, reject } = require(${JSON.stringify(kitFile)});
conformanceTests({
  pack: ${JSON.stringify(file)}, answers: ${JSON.stringify(answers)}, name: 'web-sdk',
  evaluate(suite, input, context, vector) {
    if (vector.id === 'one') return accept('1');
    if (vector.id === 'two') throw new TypeError('no such thing');
    return 'accept';
  },
});`,
    );
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.match(result.stdout, /^# fail 3$/m);
    for (const line of [
      's one (s/a.json)',
      '  first',
      '  input:    1',
      '  expected: {"result": "accept", "output": 1}',
      '  actual:   {"result": "accept", "output": "1"}',
      '  differs:  at output: expected 1, got "1"',
    ]) {
      assert.ok(result.stdout.includes(`\n                ${line}\n`), `${line}\n${result.stdout}`);
    }
    assert.ok(result.stdout.includes('error:    web-sdk could not evaluate the input: evaluate threw TypeError: no such thing'), result.stdout);
    const lines = readLines(answers).map((line) => line.replace(/,"ms":[0-9.e-]+\}$/, '}'));
    assert.deepEqual(lines.slice(1), [
      '{"suite":"s","id":"one","answer":{"result":"accept","output":"1"}}',
      '{"suite":"s","id":"two","answer":{"error":"evaluate threw TypeError: no such thing"}}',
      '{"suite":"s","id":"three","answer":{"error":"evaluate returned \\"accept\\"; expected accept(...), reject(...) or skip(...)"}}',
      '{"end":true,"count":3}',
    ]);
  });

  test('a run killed half-way (SIGKILL) keeps every answer it made, without a trailer', () => {
    const directory = temporaryDirectory();
    const { file } = writePack(directory, recordingPack.slice(0, 4));
    const answers = path.join(directory, 'answers.jsonl');
    const result = runScript(
      directory,
      `const { conformanceTests, accept } = require(${JSON.stringify(kitFile)});
let answered = 0;
conformanceTests({
  name: 'web-sdk',
  evaluate(suite, input) {
    answered += 1;
    if (answered === 3) process.kill(process.pid, 'SIGKILL');
    return accept(input);
  },
});`,
      { CONFORMANCE_PACK: file, CONFORMANCE_ANSWERS: answers },
    );
    assert.equal(result.signal, 'SIGKILL');
    const lines = readLines(answers);
    assert.equal(lines.length, 3, lines.join('\n'));
    assert.equal(JSON.parse(lines[0]).format, 'conformance-answers/1');
    assert.deepEqual(
      lines.slice(1).map((line) => JSON.parse(line).id),
      ['one', 'two'],
    );
  });

  test('an answers file that cannot be made fails the test file, naming it', () => {
    const directory = temporaryDirectory();
    const { file } = writePack(directory, recordingPack.slice(0, 1));
    const answers = path.join(directory, 'absent', 'answers.jsonl');
    const result = runScript(
      directory,
      `const { conformanceTests, accept } = require(${JSON.stringify(kitFile)});
conformanceTests({ name: 'web-sdk', evaluate: (suite, input) => accept(input) });`,
      { CONFORMANCE_PACK: file, CONFORMANCE_ANSWERS: answers },
    );
    assert.equal(result.status, 1);
    assert.ok(result.stderr.includes(`Error: ${answers}: cannot record answers there (ENOENT)`), result.stderr);
  });

  test('CONFORMANCE_ANSWERS unset: nothing is recorded', () => {
    const directory = temporaryDirectory();
    const { file } = writePack(directory, recordingPack.slice(0, 1));
    const result = runScript(
      directory,
      `const { conformanceTests, accept } = require(${JSON.stringify(kitFile)});
conformanceTests({ name: 'web-sdk', evaluate: (suite, input) => accept(input) });`,
      { CONFORMANCE_PACK: file },
    );
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.deepEqual(fs.readdirSync(directory).sort(), ['script.test.js', 'test.pack.json']);
  });

  test('no pack, or no test in the suites: the test file fails, never a green run that checked nothing', () => {
    const directory = temporaryDirectory();
    const { file } = writePack(directory, recordingPack.slice(0, 1));
    let result = runScript(
      directory,
      `const { conformanceTests, accept } = require(${JSON.stringify(kitFile)});
conformanceTests({ name: 'web-sdk', evaluate: (suite, input) => accept(input) });`,
    );
    assert.equal(result.status, 1);
    assert.match(result.stderr, /PackError: conformanceTests: no pack; give \{pack: "file.pack.json"\} or set CONFORMANCE_PACK/);
    result = runScript(
      directory,
      `const { conformanceTests, accept } = require(${JSON.stringify(kitFile)});
conformanceTests({ name: 'web-sdk', suites: ['leeep.fid'], evaluate: (suite, input) => accept(input) });`,
      { CONFORMANCE_PACK: file },
    );
    assert.equal(result.status, 1);
    assert.ok(result.stderr.includes(`PackError: ${file}: no test of the pack is in the suites web-sdk implements (["leeep.fid"])`), result.stderr);
  });
});
