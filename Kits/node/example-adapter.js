'use strict';
// An example adapter: leeep.fid and leeep.user-id in JavaScript, through conformance-adapter.js.
//
//   conformance run --suite leeep.fid --suite leeep.user-id \
//     --adapter "exec node Kits/node/example-adapter.js"
//
// `--bug regexp-s` plants a classic bug for the kit's own CI check: "blank" tested with `/^\s+$/`,
// whose `\s` also matches U+FEFF (so an ID made of a byte-order mark is refused) and misses U+0085
// NEXT LINE (so an ID made of it is accepted) (docs/suites/leeep.user-id.md).

const { accept, reject, run } = require('./conformance-adapter.js');

// docs/suites/leeep.fid.md: [cdef] then 21 of [A-Za-z0-9_-], the whole string. No `m` flag, so
// `$` is the end of the string and a trailing newline never matches.
const FID = /^[cdef][A-Za-z0-9_-]{21}$/;

// docs/suites/leeep.user-id.md: every scalar has the Unicode White_Space property. Not `\s`,
// which also matches U+FEFF and misses U+0085.
const WHITE_SPACE_ONLY = /^\p{White_Space}+$/u;
const REGEXP_S_ONLY = /^\s+$/; // the planted bug

function fid(value) {
  if (typeof value !== 'string') return reject('not_a_string');
  return FID.test(value) ? accept(value) : reject('invalid_fid');
}

function userId(value, { regexpSBug = false } = {}) {
  if (typeof value !== 'string') return reject('not_a_string');
  const length = Buffer.byteLength(value, 'utf8'); // UTF-8 bytes, never value.length
  if (length === 0) return reject('empty');
  if (length > 255) return reject('too_long');
  if ((regexpSBug ? REGEXP_S_ONLY : WHITE_SPACE_ONLY).test(value)) return reject('whitespace_only');
  return accept(value); // unchanged: no trimming, no normalisation
}

function main(argv) {
  const bug = argv.includes('--bug') ? argv[argv.indexOf('--bug') + 1] : undefined;
  if (bug !== undefined && bug !== 'regexp-s') {
    process.stderr.write(`example-adapter.js: unknown --bug ${JSON.stringify(bug)} (known: regexp-s)\n`);
    process.exit(2);
  }
  const regexpSBug = bug === 'regexp-s';
  run({
    name: regexpSBug ? 'node-example+regexp-s' : 'node-example',
    version: '1.0.0',
    suites: ['leeep.fid', 'leeep.user-id'],
    evaluate(suite, input) {
      if (suite === 'leeep.fid') return fid(input);
      if (suite === 'leeep.user-id') return userId(input, { regexpSBug });
      throw new Error(`unexpected suite ${suite}`);
    },
  });
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { fid, userId };
