'use strict';
// The whole pack (CONFORMANCE_PACK) with an evaluate that answers what each vector expects, so
// every vector passes: the pass path's cost, for Kits/node/benchmark/run.sh.
const { conformanceTests, accept, reject } = require('../conformance-tests.js');

conformanceTests({
  name: 'expected',
  evaluate(suite, input, context, vector) {
    const { expect } = vector;
    return expect.result === 'accept' ? accept(expect.output ?? null) : reject(expect.error ?? 'any', expect.field);
  },
});
