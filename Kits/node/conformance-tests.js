'use strict';
// The vectors of a conformance pack as node:test subtests, run in the SDK's own process.
//
// The harness makes the pack (`conformance pack --suite leeep.fid --out fid.pack.json`) and
// judges what the SDK answered (`conformance judge answers.jsonl --pack fid.pack.json`); this
// module runs the vectors in between, under Node's own test runner (`node --test`):
//
//   // test/conformance.test.js
//   const { conformanceTests, accept, reject } = require('./conformance-tests.js');
//   const { parseInstallationId } = require('../src/installation-id.js'); // the code under test
//
//   conformanceTests({
//     pack: 'fid.pack.json',          // or CONFORMANCE_PACK=path
//     name: 'web-sdk',
//     version: '3.1.0',
//     suites: ['leeep.fid'],
//     async evaluate(suite, input, context, vector) {
//       if (typeof input !== 'string') return reject('not_a_string');
//       try { return accept(await parseInstallationId(input)); } catch { return reject('invalid_fid'); }
//     },
//   });
//
// One subtest per vector, grouped by suite and file, named `SUITE ID — description`; a failure
// shows the input, expected and actual outcomes and the first difference in the harness's words.
// The comparison is the harness's (docs/vector-format.md), numbers by exact decimal value: the
// pack's `numbers` member puts back the literals JSON.parse rounds. With CONFORMANCE_ANSWERS=PATH
// (or `answers: PATH`) every answer is also written to PATH (conformance-answers/1), one line
// written synchronously as soon as it is known, for `conformance judge`.
//
// No dependencies; Node 20 or later (node:test). Keep it next to conformance-adapter.js, whose
// accept and reject it shares, so that one evaluate serves both routes.

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
// In a package of ES modules ("type": "module") both files are copied as .cjs.
const { Accept, Reject, NO_OUTPUT, accept, reject } = (() => {
  try {
    return require('./conformance-adapter.js');
  } catch (error) {
    if (!['MODULE_NOT_FOUND', 'ERR_REQUIRE_ESM'].includes(error.code)) throw error;
    return require('./conformance-adapter.cjs');
  }
})();

const PACK_FORMAT = 'conformance-pack/1';
const ANSWERS_FORMAT = 'conformance-answers/1';

// ---------------------------------------------------------------------------------------------
// Exact numbers

const NUMBER_LITERAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** A JSON number kept as its literal text (`1.10`, `9007199254740993`, `1e400`), never rounded. */
class ExactNumber {
  constructor(literal) {
    if (typeof literal !== 'string' || !NUMBER_LITERAL.test(literal)) {
      throw new TypeError(`not a JSON number literal: ${JSON.stringify(String(literal))}`);
    }
    this.literal = literal;
  }

  toString() {
    return this.literal;
  }
}

/** `new ExactNumber(literal)`: an answer's number JavaScript cannot hold as a double. */
function exact(literal) {
  return new ExactNumber(literal);
}

// A number's value as one canonical string: sign, significant digits without leading or trailing
// zeros, and the power of ten of the last digit (a BigInt, so 1e400 and 1e-400 stay exact).
// Two numbers are equal exactly when their keys are; every zero (-0, 0.0, 0e5) is "0".
function decimalKey(literal) {
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(literal);
  if (!match) throw new TypeError(`not a number literal: ${literal}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let digits = (whole + fraction).replace(/^0+/, '');
  if (digits === '') return '0';
  const trimmed = digits.replace(/0+$/, '');
  const power = BigInt(exponent) - BigInt(fraction.length) + BigInt(digits.length - trimmed.length);
  digits = trimmed;
  return `${sign}${digits}e${power}`;
}

// The literal of a number as the answers file writes it: a JS number as JSON.stringify writes
// it (the shortest text that reads back as the same double: 0.1, 1e+21), a BigInt in full.
function numberLiteral(value) {
  if (value instanceof ExactNumber) return value.literal;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

function isNumber(value) {
  return typeof value === 'number' || typeof value === 'bigint' || value instanceof ExactNumber;
}

// ---------------------------------------------------------------------------------------------
// JSON text: exact numbers in, exact numbers out

/**
 * Parses JSON text keeping every number as an ExactNumber (JSON.parse rounds them to doubles).
 * Strict RFC 8259; throws a SyntaxError naming the offset of the problem.
 */
function parseExact(text) {
  let at = 0;
  const fail = (what) => {
    throw new SyntaxError(`${what} at offset ${at}`);
  };
  const space = () => {
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) at += 1;
      else break;
    }
  };
  const value = (depth) => {
    if (depth > 256) fail('nesting deeper than 256');
    space();
    const c = text[at];
    if (c === '{') {
      at += 1;
      const object = {};
      const seen = new Set();
      space();
      if (text[at] === '}') {
        at += 1;
        return object;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail('expected a string key');
        const key = string();
        if (seen.has(key)) fail(`duplicate key ${JSON.stringify(key)}`);
        seen.add(key);
        space();
        if (text[at] !== ':') fail('expected ":"');
        at += 1;
        const member = value(depth + 1);
        Object.defineProperty(object, key, { value: member, enumerable: true, writable: true, configurable: true });
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] === '}') {
          at += 1;
          return object;
        } else fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      at += 1;
      const array = [];
      space();
      if (text[at] === ']') {
        at += 1;
        return array;
      }
      for (;;) {
        array.push(value(depth + 1));
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] === ']') {
          at += 1;
          return array;
        } else fail('expected "," or "]"');
      }
    }
    if (c === '"') return string();
    for (const [word, result] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return result;
      }
    }
    const match = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
    match.lastIndex = at;
    const number = match.exec(text);
    if (!number) fail('expected a JSON value');
    at = match.lastIndex;
    return new ExactNumber(number[0]);
  };
  const string = () => {
    const start = at;
    at += 1;
    for (;;) {
      if (at >= text.length) fail('unterminated string');
      const c = text.charCodeAt(at);
      if (c === 0x22) break;
      if (c < 0x20) fail('raw control character in a string');
      at += c === 0x5c ? 2 : 1;
    }
    at += 1;
    const result = JSON.parse(text.slice(start, at)); // escapes, checked by JSON.parse
    if (/\p{Cs}/u.test(result)) fail('lone surrogate in a string');
    return result;
  };
  const result = value(0);
  space();
  if (at !== text.length) fail('text after the JSON value');
  return result;
}

/**
 * Compact JSON text of a JSON value, numbers exact (ExactNumber and BigInt by their literal).
 * `numbers` (pointer → literal, as a pack's test gives it) puts literals back under `pointer`.
 */
function stringify(value, numbers, pointer = '') {
  if (numbers && Object.prototype.hasOwnProperty.call(numbers, pointer)) return numbers[pointer];
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (isNumber(value)) return numberLiteral(value);
  if (Array.isArray(value)) {
    return `[${value.map((element, index) => stringify(element, numbers, `${pointer}/${index}`)).join(',')}]`;
  }
  return `{${Object.keys(value)
    .map((key) => `${JSON.stringify(key)}:${stringify(value[key], numbers, `${pointer}/${escapePointer(key)}`)}`)
    .join(',')}}`;
}

function escapePointer(key) {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

const LONE_SURROGATE = /\p{Cs}/u;

// Text the kit writes itself (an error's message, a skip's reason): lone surrogates replaced.
function wellFormed(text) {
  return text.replace(/\p{Cs}/gu, '\ufffd');
}

// Why a value the SDK answered is not JSON (JSON.stringify would silently write null or drop
// it), or null when it is.
function notJSON(value, where) {
  // A lone surrogate: JSON.stringify would write it as an escape no strict reader (the
  // harness's) accepts.
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? `${where} holds a lone surrogate, which is not Unicode text` : null;
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'bigint' || value instanceof ExactNumber) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${where} is ${value}, which JSON cannot hold`;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const problem = notJSON(value[index], `${where}[${index}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    for (const key of Object.keys(value)) {
      if (LONE_SURROGATE.test(key)) return `a key of ${where} holds a lone surrogate, which is not Unicode text`;
      const problem = notJSON(value[key], `${where}${pathComponent(key)}`);
      if (problem) return problem;
    }
    return null;
  }
  const kind = typeof value === 'object' ? value.constructor?.name ?? 'object' : typeof value;
  return `${where} is ${kind === 'undefined' ? 'undefined' : `a ${kind}`}, which is not JSON`;
}

// ---------------------------------------------------------------------------------------------
// The harness's comparison (docs/vector-format.md), in its words

const LONG = 160; // texts of more characters (scalars) are shown as a window
const WINDOW = 32;

// Compact JSON as the harness shows values: ", " and ": " between members, numbers by their
// literal, and every invisible or ambiguous scalar as a \u escape.
function render(value, numbers, pointer = '') {
  if (numbers !== undefined && Object.prototype.hasOwnProperty.call(numbers, pointer)) return numbers[pointer];
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return renderString(value);
  if (isNumber(value)) return numberLiteral(value);
  if (Array.isArray(value)) return `[${value.map((element, index) => render(element, numbers, `${pointer}/${index}`)).join(', ')}]`;
  return `{${Object.keys(value)
    .map((key) => `${renderString(key)}: ${render(value[key], numbers, `${pointer}/${escapePointer(key)}`)}`)
    .join(', ')}}`;
}

const NEEDS_ESCAPE = /[\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zs}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Noncharacter_Code_Point}]/u;
const SHORT_ESCAPES = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/; // printable ASCII without " and \

function renderString(text) {
  if (PLAIN.test(text)) return `"${text}"`;
  let out = '"';
  for (const scalar of text) {
    if (SHORT_ESCAPES[scalar]) out += SHORT_ESCAPES[scalar];
    else if (scalar === ' ' || !NEEDS_ESCAPE.test(scalar)) out += scalar;
    else {
      for (let index = 0; index < scalar.length; index += 1) {
        out += `\\u${scalar.charCodeAt(index).toString(16).padStart(4, '0')}`;
      }
    }
  }
  return `${out}"`;
}

function grouped(count) {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// A long value: a window around the first difference, as the harness shows it.
function windowAt(scalars, at) {
  if (scalars.length <= LONG) return scalars.join('');
  const start = Math.min(Math.max(0, at - WINDOW), scalars.length);
  const end = Math.min(scalars.length, Math.max(start, at + 2 * WINDOW));
  return (start > 0 ? '…' : '') + scalars.slice(start, end).join('') + (end < scalars.length ? '…' : '');
}

// The number of Unicode scalars of a text (its UTF-16 length less its surrogate pairs).
function scalarCount(text) {
  let count = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}

function shownWhole(text) {
  if (text.length <= LONG) return text;
  const count = scalarCount(text);
  if (count <= LONG) return text;
  let head = '';
  let taken = 0;
  for (const scalar of text) {
    if (taken === 2 * WINDOW) break;
    head += scalar;
    taken += 1;
  }
  return `${grouped(count)} characters: ${head}…`;
}

function pathComponent(key) {
  return /^[A-Za-z0-9_]+$/.test(key) ? `.${key}` : `[${renderString(key)}]`;
}

// Code point order, which is UTF-8 byte order (JavaScript's < compares UTF-16 units).
function byCodePoints(a, b) {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const difference = x.value.codePointAt(0) - y.value.codePointAt(0);
    if (difference !== 0) return difference;
  }
}

function kind(value) {
  if (value === null) return 'null';
  if (isNumber(value)) return 'number';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function sameScalar(expected, actual) {
  const type = kind(expected);
  if (type !== kind(actual)) return false;
  if (type === 'number') return decimalKey(numberLiteral(expected)) === decimalKey(numberLiteral(actual));
  return expected === actual;
}

/** The first place two JSON values differ, as `at output.items[0].id: expected 1, got "1"`; null when equal. */
function jsonDifference(expected, actual, where) {
  const expectedKind = kind(expected);
  if (expectedKind === 'object' && kind(actual) === 'object') {
    const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
    for (const key of Object.keys(expected).sort(byCodePoints)) {
      const child = `${where}${pathComponent(key)}`;
      if (!has(actual, key)) return `at ${child}: expected ${shownWhole(render(expected[key]))}, key missing`;
      const difference = jsonDifference(expected[key], actual[key], child);
      if (difference !== null) return difference;
    }
    for (const key of Object.keys(actual).sort(byCodePoints)) {
      if (!has(expected, key)) {
        return `at ${where}${pathComponent(key)}: unexpected key with ${shownWhole(render(actual[key]))}`;
      }
    }
    return null;
  }
  if (expectedKind === 'array' && kind(actual) === 'array') {
    for (let index = 0; index < Math.min(expected.length, actual.length); index += 1) {
      const difference = jsonDifference(expected[index], actual[index], `${where}[${index}]`);
      if (difference !== null) return difference;
    }
    if (expected.length !== actual.length) {
      return `at ${where}: expected ${expected.length} elements, got ${actual.length}`;
    }
    return null;
  }
  if (sameScalar(expected, actual)) return null;
  const expectedText = render(expected);
  const actualText = render(actual);
  const left = [...expectedText];
  const right = [...actualText];
  if (left.length <= LONG && right.length <= LONG) return `at ${where}: expected ${expectedText}, got ${actualText}`;
  let at = 0;
  while (at < left.length && at < right.length && left[at] === right[at]) at += 1;
  return (
    `at ${where}: expected ${windowAt(left, at)}, got ${windowAt(right, at)} ` +
    `(${grouped(left.length)} and ${grouped(right.length)} characters of JSON, first difference at character ${grouped(at + 1)})`
  );
}

/**
 * Compares an answer (`{result: 'accept', output}`, `{result: 'reject', error, field}`) with a
 * test's expect, as the harness does: null when it passes, else the first difference in words.
 */
function difference(expect, answer) {
  if (expect.result === 'accept' && answer.result === 'accept') {
    if (!Object.prototype.hasOwnProperty.call(expect, 'output')) return null;
    return jsonDifference(expect.output, answer.output, 'output');
  }
  if (expect.result === 'reject' && answer.result === 'reject') {
    if (expect.error !== undefined && expect.error !== answer.error) {
      return `error: expected ${renderString(expect.error)}, got ${renderString(answer.error)}`;
    }
    if (expect.field !== undefined && expect.field !== answer.field) {
      const got = typeof answer.field === 'string' ? renderString(answer.field) : 'no field';
      return `field: expected ${renderString(expect.field)}, got ${got}`;
    }
    return null;
  }
  if (expect.result === 'accept') return `result: expected accept, got reject with error ${renderString(answer.error)}`;
  return 'result: expected reject, got accept';
}

/** The harness's verdict on an answer: {verdict: 'pass'|'fail'|'error'|'skip', difference?, reason?}. */
function verdict(expect, answer) {
  if (answer.skip !== undefined) return { verdict: 'skip', reason: answer.skip };
  if (answer.result === undefined) return { verdict: 'error', reason: answer.error };
  const found = difference(expect, answer);
  return found === null ? { verdict: 'pass' } : { verdict: 'fail', difference: found };
}

// ---------------------------------------------------------------------------------------------
// The pack

const HEX64 = /^[0-9a-f]{64}$/;

class PackError extends Error {
  constructor(message) {
    super(message);
    this.name = 'PackError';
  }
}

function pointerTokens(pointer) {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

// Checks each literal of a test's `numbers` names a number of the test, and puts the literals
// under /expect back in place of the doubles JSON.parse made (input and context keep theirs:
// inputText and contextText give them exactly).
function restoreNumbers(test, where) {
  for (const [pointer, literal] of Object.entries(test.numbers)) {
    const tokens = pointerTokens(pointer);
    if (!pointer.startsWith('/') || !['input', 'context', 'expect'].includes(tokens[0])) {
      throw new PackError(`${where}: "numbers" names ${JSON.stringify(pointer)}, which is not under /input, /context or /expect`);
    }
    let parent = test;
    for (const token of tokens.slice(0, -1)) {
      parent = parent !== null && typeof parent === 'object' ? parent[token] : undefined;
    }
    const last = tokens[tokens.length - 1];
    const target = parent !== null && typeof parent === 'object' && Object.prototype.hasOwnProperty.call(parent, last) ? parent[last] : undefined;
    if (typeof target !== 'number') {
      throw new PackError(`${where}: "numbers" names ${JSON.stringify(pointer)}, which is not a number of the test`);
    }
    if (typeof literal !== 'string' || !NUMBER_LITERAL.test(literal)) {
      throw new PackError(`${where}: "numbers" gives ${JSON.stringify(pointer)} the literal ${JSON.stringify(literal)}, which is not a JSON number`);
    }
    if (tokens[0] === 'expect') parent[last] = new ExactNumber(literal);
  }
}

// The bytes of the top-level "tests" array, from [ to ], as [start, end) offsets in the file's
// bytes; null when there is none. Only the structure is read (JSON.parse has checked the rest):
// brackets outside strings, and the keys of the top-level object.
function testsArrayRange(bytes) {
  let depth = 0;
  let index = 0;
  let lastKey = null; // the top-level key whose value comes next
  while (index < bytes.length) {
    const byte = bytes[index];
    if (byte === 0x22) {
      const start = index;
      index += 1;
      while (bytes[index] !== 0x22) index += bytes[index] === 0x5c ? 2 : 1;
      index += 1;
      if (depth === 1) {
        let next = index;
        while ([0x20, 0x09, 0x0a, 0x0d].includes(bytes[next])) next += 1;
        if (bytes[next] === 0x3a) lastKey = bytes.subarray(start, index).toString('utf8');
      }
      continue;
    }
    if (byte === 0x5b || byte === 0x7b) {
      if (depth === 1 && byte === 0x5b && lastKey === '"tests"') {
        const start = index;
        let inner = 0;
        for (; index < bytes.length; index += 1) {
          const b = bytes[index];
          if (b === 0x22) {
            index += 1;
            while (bytes[index] !== 0x22) index += bytes[index] === 0x5c ? 2 : 1;
          } else if (b === 0x5b || b === 0x7b) inner += 1;
          else if (b === 0x5d || b === 0x7d) {
            inner -= 1;
            if (inner === 0) return [start, index + 1];
          }
        }
        return null;
      }
      depth += 1;
    } else if (byte === 0x5d || byte === 0x7d) depth -= 1;
    index += 1;
  }
  return null;
}

/**
 * Reads a pack (conformance-pack/1) from a file. Refuses any other format, naming both. In the
 * tests it returns, `expect` holds ExactNumber where the pack's `numbers` gives a literal;
 * `input` and `context` are as JSON.parse makes them (numbers as doubles, as the adapter kit
 * hands them), and `inputText` / `contextText` are their JSON text with every literal exact.
 */
function loadPack(file) {
  let bytes;
  let text;
  try {
    bytes = fs.readFileSync(file);
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (error) {
    if (error instanceof TypeError) throw new PackError(`${file}: the pack is not UTF-8`);
    throw new PackError(`${file}: cannot read the pack (${error.code ?? error.message})`);
  }
  let pack;
  try {
    pack = JSON.parse(text);
  } catch (error) {
    throw new PackError(`${file}: the pack is not JSON (${error.message})`);
  }
  if (pack === null || typeof pack !== 'object' || Array.isArray(pack)) {
    throw new PackError(`${file}: the pack is not a JSON object`);
  }
  if (pack.format !== PACK_FORMAT) {
    const got = pack.format === undefined ? 'no "format"' : `format ${JSON.stringify(pack.format)}`;
    throw new PackError(`${file}: the pack has ${got}; this kit reads ${PACK_FORMAT} (make the pack with the harness this kit ships with)`);
  }
  if (typeof pack.digest !== 'string' || !HEX64.test(pack.digest)) {
    throw new PackError(`${file}: the pack's "digest" is not 64 lowercase hexadecimal digits`);
  }
  if (!Array.isArray(pack.tests)) throw new PackError(`${file}: the pack has no "tests" array`);
  // The digest is what answers are recorded against: a pack changed after the harness wrote it
  // would have its answers judged against tests it does not hold.
  const range = testsArrayRange(bytes);
  const computed = range && crypto.createHash('sha256').update(bytes.subarray(range[0], range[1])).digest('hex');
  if (computed !== pack.digest) {
    throw new PackError(`${file}: the pack's digest ${pack.digest} is not that of its tests (${computed}): the file was changed after \`conformance pack\` wrote it`);
  }
  const seen = new Set();
  pack.tests.forEach((test, index) => {
    const where = `${file}: tests[${index}]`;
    if (test === null || typeof test !== 'object' || Array.isArray(test)) throw new PackError(`${where} is not an object`);
    for (const key of ['suite', 'id', 'file']) {
      if (typeof test[key] !== 'string' || test[key] === '') throw new PackError(`${where} has no string "${key}"`);
    }
    const name = `${test.suite} ${test.id}`;
    if (seen.has(name)) throw new PackError(`${where}: ${name} is in the pack twice`);
    seen.add(name);
    const { expect } = test;
    if (expect === null || typeof expect !== 'object' || !['accept', 'reject'].includes(expect.result)) {
      throw new PackError(`${where} (${name}): "expect" needs "result": "accept" or "reject"`);
    }
    if (!('input' in test)) throw new PackError(`${where} (${name}) has no "input"`);
    if (test.context === undefined) test.context = {};
    if (typeof test.description !== 'string') test.description = '';
    if (!Array.isArray(test.tags)) test.tags = [];
    const numbers = test.numbers ?? {};
    if (numbers === null || typeof numbers !== 'object' || Array.isArray(numbers)) {
      throw new PackError(`${where} (${name}): "numbers" is not an object`);
    }
    test.numbers = numbers;
    restoreNumbers(test, `${where} (${name})`);
    Object.defineProperty(test, 'inputText', { get: () => stringify(test.input, numbers, '/input'), enumerable: false });
    Object.defineProperty(test, 'contextText', { get: () => stringify(test.context, numbers, '/context'), enumerable: false });
  });
  return { file, format: pack.format, corpus: pack.corpus ?? null, digest: pack.digest, tests: pack.tests };
}

// ---------------------------------------------------------------------------------------------
// Answers (conformance-answers/1)

const recording = new Set(); // absolute paths this process records to

/** Writes an answers file line by line, each line written synchronously (a killed run keeps its lines). */
class AnswersRecorder {
  constructor(file, { name, version, pack, suites }) {
    const absolute = path.resolve(file);
    if (recording.has(absolute)) {
      throw new Error(`${file}: answers are already being recorded to this file by this process; give each conformanceTests call its own answers file`);
    }
    this.file = file;
    try {
      this.fd = fs.openSync(file, 'w');
    } catch (error) {
      throw new Error(`${file}: cannot record answers there (${error.code ?? error.message})`);
    }
    recording.add(absolute);
    this.absolute = absolute;
    this.count = 0;
    const header = { format: ANSWERS_FORMAT, implementation: name };
    if (version !== undefined) header.version = version;
    header.pack = pack;
    if (suites !== undefined) header.suites = suites;
    this.line(JSON.stringify(header));
  }

  line(text) {
    fs.writeSync(this.fd, `${text}\n`);
  }

  /** One answer line: {"suite", "id", "answer", "ms"}. */
  answer(suite, id, answer, ms) {
    const msText = ms === undefined ? '' : `,"ms":${Number(ms.toFixed(3))}`;
    this.line(`{"suite":${JSON.stringify(suite)},"id":${JSON.stringify(id)},"answer":${stringify(answer)}${msText}}`);
    this.count += 1;
  }

  /** The trailer, then the file is closed. */
  close() {
    if (this.fd === undefined) return;
    this.line(JSON.stringify({ end: true, count: this.count }));
    fs.closeSync(this.fd);
    this.fd = undefined;
    recording.delete(this.absolute);
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluating and the node:test subtests

class Skip {
  constructor(reason) {
    this.reason = reason;
  }
}

/** The answer for a test the SDK leaves out on purpose: reported skipped, never passed. */
function skip(reason) {
  return new Skip(reason);
}

function describeValue(value) {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Calls evaluate and makes its answer (the answers file's `answer`); never throws. */
async function answerFor(evaluate, test) {
  let result;
  try {
    result = await evaluate(test.suite, test.input, test.context, test);
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : describeValue(error);
    return { answer: { error: wellFormed(`evaluate threw ${message}`) }, thrown: error };
  }
  if (result instanceof Accept) {
    if (result.output === NO_OUTPUT) {
      return { answer: { error: 'evaluate returned accept() without an output; an answer needs one (accept(null) when the output is null)' } };
    }
    const problem = notJSON(result.output, 'output');
    if (problem) return { answer: { error: `the output is not JSON: ${problem}` } };
    return { answer: { result: 'accept', output: result.output } };
  }
  if (result instanceof Reject) {
    if (typeof result.error !== 'string') {
      return { answer: { error: `reject(...) needs a string error code, got ${describeValue(result.error)}` } };
    }
    if (LONE_SURROGATE.test(result.error) || (typeof result.field === 'string' && LONE_SURROGATE.test(result.field))) {
      return { answer: { error: 'reject(...) was given a code or field with a lone surrogate, which is not Unicode text' } };
    }
    if (result.field !== undefined && result.field !== null && typeof result.field !== 'string') {
      return { answer: { error: `reject(...) needs a string field, got ${describeValue(result.field)}` } };
    }
    const answer = { result: 'reject', error: result.error };
    if (typeof result.field === 'string') answer.field = result.field;
    return { answer };
  }
  if (result instanceof Skip) {
    if (typeof result.reason !== 'string' || result.reason === '') {
      return { answer: { error: `skip(...) needs a reason, got ${describeValue(result.reason)}` } };
    }
    return { answer: { skip: wellFormed(result.reason) } };
  }
  return { answer: { error: wellFormed(`evaluate returned ${describeValue(result)}; expected accept(...), reject(...) or skip(...)`) } };
}

function shownOutcome(value) {
  return shownWhole(render(value));
}

// A test's input or context as the harness shows it, with the pack's exact literals (pointers
// are only built when the test has some).
function renderExact(test, member) {
  return Object.keys(test.numbers).length === 0 ? render(test[member]) : render(test[member], test.numbers, `/${member}`);
}

/** The failure message of a test, as the harness's console shows one. */
function failureMessage(test, answer, found) {
  const lines = [`${test.suite} ${test.id} (${test.file})`];
  if (test.description) lines.push(`  ${test.description}`);
  lines.push(`  input:    ${shownWhole(renderExact(test, 'input'))}`);
  if (Object.keys(test.context).length > 0) lines.push(`  context:  ${shownWhole(renderExact(test, 'context'))}`);
  lines.push(`  expected: ${shownOutcome(test.expect)}`);
  if (answer.result === undefined) {
    lines.push(`  error:    ${found}`);
  } else {
    lines.push(`  actual:   ${shownOutcome(answer)}`);
    lines.push(`  differs:  ${found}`);
  }
  return lines.join('\n');
}

// A failed vector. Without a stack: it would only show this kit's frames, and thousands of them
// (a new SDK's first run) would dominate the runner's output and time. The SDK's own error, when
// evaluate threw, is kept as the cause, stack and all.
class ConformanceFailure extends Error {
  constructor(message, cause) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message, cause === undefined ? undefined : { cause });
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'ConformanceFailure';
  }
}

function testName(test) {
  return test.description ? `${test.suite} ${test.id} — ${test.description}` : `${test.suite} ${test.id}`;
}

function checkOptions(options) {
  if (options === null || typeof options !== 'object') throw new TypeError('conformanceTests({...}) needs an options object');
  const { name, version, suites, evaluate } = options;
  if (typeof name !== 'string' || name === '') throw new TypeError('conformanceTests({name}) needs a non-empty name (your implementation, e.g. "web-sdk")');
  if (version !== undefined && typeof version !== 'string') throw new TypeError('conformanceTests({version}) must be a string');
  if (suites !== undefined && (!Array.isArray(suites) || !suites.every((suite) => typeof suite === 'string'))) {
    throw new TypeError('conformanceTests({suites}) must be an array of suite names');
  }
  if (typeof evaluate !== 'function') throw new TypeError('conformanceTests({evaluate}) needs a function');
}

/**
 * Declares one node:test subtest per vector of a pack, grouped by suite and file.
 *
 * Options: `pack` (a file, or a pack loadPack returned; default CONFORMANCE_PACK), `name` and
 * `version` of the implementation, `suites` (the suites it implements; the others are reported
 * skipped), `evaluate(suite, input, context, vector)` (plain or async) returning accept(output),
 * reject(error, field) or skip(reason), `answers` (a file to record the answers to; default
 * CONFORMANCE_ANSWERS, none when unset), and `test` (node:test's module, for another runner
 * with the same API). Returns the loaded pack.
 */
function conformanceTests(options) {
  checkOptions(options);
  const runner = options.test ?? require('node:test');
  const packSource = options.pack ?? process.env.CONFORMANCE_PACK;
  if (packSource === undefined || packSource === '') {
    throw new PackError('conformanceTests: no pack; give {pack: "file.pack.json"} or set CONFORMANCE_PACK (make one with `conformance pack --out FILE`)');
  }
  const pack = typeof packSource === 'string' ? loadPack(packSource) : packSource;
  const { name, version, suites, evaluate } = options;
  const implemented = suites === undefined ? null : new Set(suites);
  const selected = pack.tests.filter((test) => implemented === null || implemented.has(test.suite));
  if (pack.tests.length === 0) throw new PackError(`${pack.file}: the pack has no tests`);
  if (selected.length === 0) {
    throw new PackError(`${pack.file}: no test of the pack is in the suites ${name} implements (${JSON.stringify(suites)})`);
  }
  const answersFile = options.answers ?? (process.env.CONFORMANCE_ANSWERS || undefined);
  const recorder = answersFile === undefined ? null : new AnswersRecorder(answersFile, { name, version, pack: pack.digest, suites });

  // Suites, then files, in the pack's order (the run order).
  const groups = new Map();
  for (const test of pack.tests) {
    if (!groups.has(test.suite)) groups.set(test.suite, new Map());
    const files = groups.get(test.suite);
    if (!files.has(test.file)) files.set(test.file, []);
    files.get(test.file).push(test);
  }
  const title = `${name}${version === undefined ? '' : ` ${version}`}: ${selected.length} vectors of ${path.basename(pack.file ?? 'the pack')}`;
  runner.describe(title, () => {
    for (const [suite, files] of groups) {
      if (implemented !== null && !implemented.has(suite)) {
        const count = [...files.values()].reduce((sum, tests) => sum + tests.length, 0);
        runner.test(`${suite}: ${count} vectors`, { skip: `${name} does not implement suite ${suite}` }, () => {});
        continue;
      }
      runner.describe(suite, () => {
        for (const [file, tests] of files) {
          runner.describe(file, () => {
            for (const test of tests) runner.test(testName(test), (t) => runOne(t, test));
          });
        }
      });
    }
    runner.after(() => recorder?.close());
  });

  async function runOne(t, test) {
    const started = performance.now();
    const { answer, thrown } = await answerFor(evaluate, test);
    recorder?.answer(test.suite, test.id, answer, performance.now() - started);
    const judged = verdict(test.expect, answer);
    if (judged.verdict === 'skip') return t.skip(judged.reason);
    if (judged.verdict === 'error') {
      throw new ConformanceFailure(failureMessage(test, answer, `${name} could not evaluate the input: ${judged.reason}`), thrown);
    }
    if (judged.verdict === 'fail') throw new ConformanceFailure(failureMessage(test, answer, judged.difference));
  }

  return pack;
}

module.exports = {
  PACK_FORMAT,
  ANSWERS_FORMAT,
  ExactNumber,
  exact,
  accept,
  reject,
  skip,
  conformanceTests,
  loadPack,
  parseExact,
  stringify,
  difference,
  verdict,
  answerFor,
  AnswersRecorder,
  PackError,
};
