'use strict';
// The whole pack (CONFORMANCE_PACK) with a trivial evaluate, answers recorded when
// CONFORMANCE_ANSWERS is set: what Kits/node/benchmark/run.sh times.
const { conformanceTests, accept } = require('../conformance-tests.js');

conformanceTests({ name: 'trivial', evaluate: (suite, input) => accept(input) });
