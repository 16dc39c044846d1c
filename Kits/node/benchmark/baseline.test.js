'use strict';
// The baseline of Kits/node/benchmark/run.sh: node --test with one empty test.
require('node:test')('nothing', () => {});
