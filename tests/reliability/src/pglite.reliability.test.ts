import { openPGliteUnderTest } from './harness/open-pglite-under-test.js';
import { describeReliabilitySuite } from './suites/describe-reliability-suite.js';

describeReliabilitySuite('pglite', openPGliteUnderTest, {
  isolationNeighbours: 8,
  fuzzRuns: 25,
  embedsWrites: true,
  brokenDoubles: false,
});
