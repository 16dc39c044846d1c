'use strict';
// The example adapter's code (example-adapter.js) checked in process, under node:test:
//
//   .build/release/conformance pack --suite leeep.fid --suite leeep.user-id --out example.pack.json
//   CONFORMANCE_PACK=example.pack.json node --test Kits/node/example.test.js
//   # … tests 934, pass 934
//
// NODE_EXAMPLE_BUG=regexp-s plants the example's bug (`/^\s+$/` for White_Space): five vectors
// fail. With CONFORMANCE_ANSWERS=answers.jsonl the answers are recorded for `conformance judge`.

const { conformanceTests } = require('./conformance-tests.js');
const { fid, userId } = require('./example-adapter.js');

const bug = process.env.NODE_EXAMPLE_BUG || undefined;
if (bug !== undefined && bug !== 'regexp-s') {
  throw new Error(`example.test.js: unknown NODE_EXAMPLE_BUG ${JSON.stringify(bug)} (known: regexp-s)`);
}
const regexpSBug = bug === 'regexp-s';

conformanceTests({
  // pack: 'example.pack.json', // or CONFORMANCE_PACK, as here
  name: regexpSBug ? 'node-example+regexp-s' : 'node-example',
  version: '1.0.0',
  suites: ['leeep.fid', 'leeep.user-id'],
  evaluate(suite, input) {
    if (suite === 'leeep.fid') return fid(input);
    if (suite === 'leeep.user-id') return userId(input, { regexpSBug });
    throw new Error(`unexpected suite ${suite}`);
  },
});
