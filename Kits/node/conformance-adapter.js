'use strict';
// Run a conformance adapter (protocol conformance-adapter/2) around one function.
//
// The team writes evaluate(suite, input, context) — plain or async — returning accept(output)
// or reject(error, field); this module speaks the protocol on standard input and output:
//
//   const { accept, reject, run } = require('./conformance-adapter.js');
//   run({
//     name: 'node-sdk',
//     version: '3.1.0',
//     suites: ['leeep.fid'],
//     evaluate(suite, input, context) {
//       return typeof input === 'string' ? accept(input) : reject('not_a_string');
//     },
//   });
//
// What the loop guarantees (docs/adapters.md):
// - the hello is answered with {"protocol": "conformance-adapter/2", "name", "suites"} (and
//   "version" when given);
// - every evaluate request is answered by exactly one line that echoes its id, in order (an
//   async evaluate is awaited before the next request is read);
// - a thrown error or rejected promise, a result that is neither accept(...) nor reject(...), an
//   output that is not JSON, a suite the adapter did not announce: each becomes
//   {"id": N, "error": "why"}, the stack goes to standard error, and the run goes on;
// - standard output carries answers only: while run() serves, console.log and
//   process.stdout.write go to standard error;
// - requests are split on "\n" only and decoded as strict UTF-8; the process exits with status 0
//   at the end of its input, once every answer is written.
//
// No dependencies; Node 18 or later.

const PROTOCOL = 'conformance-adapter/2';
const NO_OUTPUT = Symbol('no output');

class Accept {
  constructor(output) {
    this.output = output;
  }
}

class Reject {
  constructor(error, field) {
    this.error = error;
    this.field = field;
  }
}

/** The answer for an accepted input: accept(value), or accept() for a suite without output. */
function accept(...output) {
  return new Accept(output.length === 0 ? NO_OUTPUT : output[0]);
}

/** The answer for a rejected input: reject('missing_key', 'app_id'). */
function reject(error, field) {
  return new Reject(error, field);
}

/** One line to the adapter's log (standard error), which the harness keeps per test. */
function log(...parts) {
  process.stderr.write(parts.map(String).join(' ') + '\n');
}

function describe(value) {
  if (value instanceof Accept) return value.output === NO_OUTPUT ? 'accept()' : 'accept(…)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function isRequestId(value) {
  return Number.isInteger(value);
}

function errorAnswer(message, id) {
  return JSON.stringify(id === undefined ? { error: message } : { id, error: message });
}

// Strict JSON for outputs: JSON.stringify silently turns NaN into null and drops undefined,
// functions and symbols; an output holding one of those is not what the implementation meant.
function checkJSON(value, path) {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? null : `${path} is ${value}, which JSON cannot hold`;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const problem = checkJSON(value[index], `${path}[${index}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key of Object.keys(value)) {
      const problem = checkJSON(value[key], `${path}.${key}`);
      if (problem) return problem;
    }
    return null;
  }
  const kind = typeof value === 'object' ? value.constructor?.name ?? 'object' : typeof value;
  return `${path} is ${kind === 'undefined' ? 'undefined' : `a ${kind}`}, which is not JSON`;
}

/** Makes the answer to one evaluate request; never throws. */
async function answerEvaluate(request, adapter) {
  const { id } = request;
  if (!isRequestId(id)) {
    return errorAnswer(`evaluate request without an integer "id": ${JSON.stringify(request).slice(0, 200)}`);
  }
  if (typeof request.suite !== 'string' || !('input' in request)) {
    return errorAnswer('an evaluate request needs a string "suite" and an "input"', id);
  }
  if (!adapter.suites.includes(request.suite)) {
    return errorAnswer(
      `suite ${JSON.stringify(request.suite)} is not implemented by this adapter ` +
        `(it announced ${JSON.stringify(adapter.suites)})`,
      id,
    );
  }
  const context = request.context ?? {};
  if (typeof context !== 'object' || Array.isArray(context)) {
    return errorAnswer('"context" must be an object', id);
  }
  let result;
  try {
    result = await adapter.evaluate(request.suite, request.input, context);
  } catch (error) {
    log(`evaluate(${JSON.stringify(request.suite)}) threw for request ${id}:`);
    log(error instanceof Error ? error.stack : describe(error));
    const message = error instanceof Error ? `${error.name}: ${error.message}` : describe(error);
    return errorAnswer(`evaluate threw ${message}`, id);
  }
  if (result instanceof Accept) {
    const answer = { id, result: 'accept' };
    if (result.output !== NO_OUTPUT) {
      const problem = checkJSON(result.output, 'output');
      if (problem) return errorAnswer(`the output is not JSON: ${problem}`, id);
      answer.output = result.output;
    }
    return JSON.stringify(answer);
  }
  if (result instanceof Reject) {
    if (typeof result.error !== 'string') {
      return errorAnswer(`reject(...) needs a string error code, got ${describe(result.error)}`, id);
    }
    if (result.field !== undefined && result.field !== null && typeof result.field !== 'string') {
      return errorAnswer(`reject(...) needs a string field, got ${describe(result.field)}`, id);
    }
    const answer = { id, result: 'reject', error: result.error };
    if (typeof result.field === 'string') answer.field = result.field;
    return JSON.stringify(answer);
  }
  return errorAnswer(`evaluate returned ${describe(result)}; expected accept(...) or reject(...)`, id);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The answer (one JSON text, no newline) to one request line (a Buffer without its newline). */
async function answerLine(line, adapter) {
  let request;
  try {
    request = JSON.parse(utf8.decode(line));
  } catch (error) {
    const what = error instanceof TypeError ? 'UTF-8' : 'JSON';
    return errorAnswer(`request is not ${what}: ${error.message}`);
  }
  const requestId = request !== null && typeof request === 'object' && isRequestId(request.id) ? request.id : undefined;
  if (request === null || typeof request !== 'object' || Array.isArray(request) || typeof request.type !== 'string') {
    return errorAnswer('request must be an object with a string "type"', requestId);
  }
  if (request.type === 'hello') {
    if (request.protocol !== PROTOCOL) {
      log(`the harness asked for protocol ${JSON.stringify(request.protocol)}; this adapter speaks ${PROTOCOL}`);
    }
    const hello = { protocol: PROTOCOL, name: adapter.name, suites: adapter.suites };
    if (adapter.version !== undefined) hello.version = adapter.version;
    return JSON.stringify(hello);
  }
  if (request.type === 'evaluate') return answerEvaluate(request, adapter);
  return errorAnswer(`unknown request type ${JSON.stringify(request.type)}`, requestId);
}

function checkAdapter({ name, suites, evaluate, version }) {
  if (typeof name !== 'string' || name === '') throw new TypeError('run({name}) needs a non-empty name');
  if (!Array.isArray(suites) || !suites.every((suite) => typeof suite === 'string')) {
    throw new TypeError('run({suites}) needs an array of suite names');
  }
  if (typeof evaluate !== 'function') throw new TypeError('run({evaluate}) needs a function');
  if (version !== undefined && typeof version !== 'string') throw new TypeError('run({version}) must be a string');
  return { name, suites: [...suites], evaluate, version };
}

/**
 * Serves requests until the end of input. With the defaults it serves the process's standard
 * input and output and exits the process at the end; `input` (a readable stream) and `write`
 * (called with each answer line, "\n" included) drive it from a test, and the returned promise
 * then resolves at the end of input.
 */
function run(options) {
  const adapter = checkAdapter(options);
  const input = options.input ?? process.stdin;
  let write = options.write;
  const ownProcess = write === undefined;
  if (ownProcess) {
    // Answers keep the real standard output; the team's console.log and stdout writes go to
    // standard error, so no stray line reaches the harness.
    const stdoutWrite = process.stdout.write.bind(process.stdout);
    process.stdout.on('error', (error) => {
      log(`cannot write to the harness (${error.code ?? error.message}); stopping`);
      process.exit(1);
    });
    process.stdout.write = process.stderr.write.bind(process.stderr);
    write = (text) => stdoutWrite(text);
  }
  return new Promise((resolve, reject) => {
    // The pieces of a line not yet ended, joined once when its newline arrives (joining at each
    // chunk would copy a long line over and over).
    let pending = [];
    let chain = Promise.resolve();
    const serve = (line) => {
      chain = chain.then(async () => {
        if (line.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0d)) return; // blank
        write((await answerLine(line, adapter)) + '\n');
      });
    };
    input.on('data', (chunk) => {
      let start = 0;
      let newline;
      while ((newline = chunk.indexOf(0x0a, start)) !== -1) {
        const piece = chunk.subarray(start, newline);
        serve(pending.length ? Buffer.concat([...pending, piece]) : piece);
        pending = [];
        start = newline + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    });
    input.on('error', reject);
    input.on('end', () => {
      if (pending.length) serve(Buffer.concat(pending));
      chain.then(() => {
        if (!ownProcess) return resolve(0);
        // Writes to pipes and files are synchronous on Linux; wait for a drain elsewhere.
        const finish = () => process.exit(0);
        if (process.stdout.writableLength > 0) process.stdout.once('drain', finish);
        else finish();
      }, reject);
    });
  });
}

module.exports = { PROTOCOL, NO_OUTPUT, Accept, Reject, accept, reject, log, run, answerLine };
