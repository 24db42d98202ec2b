import { openPGliteUnderTest, type PGliteUnderTest } from './harness/open-pglite-under-test.js';
import { describePGliteCrashSuite } from './suites/describe-pglite-crash-suite.js';
import { describeReliabilitySuite } from './suites/describe-reliability-suite.js';

let pglite: PGliteUnderTest | undefined;

describeReliabilitySuite(
  'pglite',
  async () => {
    pglite = await openPGliteUnderTest();
    return pglite;
  },
  {
    isolationNeighbours: 8,
    fuzzRuns: 25,
    embedsWrites: true,
    brokenDoubles: false,
    refusesLeadingByteOrderMark: true,
  },
  (context) =>
    describePGliteCrashSuite(context, () => {
      if (!pglite) throw new Error('PGlite is not open');
      return pglite;
    }),
);
