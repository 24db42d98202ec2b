import {
  serverHasPgvector,
  skippedWithoutDatabase,
  testDatabase,
} from '@symfonic/test-support/postgres';
import { describe, it } from 'vitest';
import { openPostgresUnderTest } from './harness/open-postgres-under-test.js';
import { describePostgresKillSuite } from './suites/describe-postgres-kill-suite.js';
import { describePostgresRaceSuite } from './suites/describe-postgres-race-suite.js';
import { describeReliabilitySuite } from './suites/describe-reliability-suite.js';

// A database of the suite's own, created empty: the suite takes table locks, adds a
// trigger for one test and kills connections, which must never touch another suite's tables.
const url = await testDatabase('symfonic_reliability');

if (url) {
  const database = url;
  describeReliabilitySuite(
    'postgresql',
    () => openPostgresUnderTest(database),
    {
      isolationNeighbours: 8,
      fuzzRuns: 25,
      embedsWrites: await serverHasPgvector(database),
      refusesLeadingByteOrderMark: true,
      brokenDoubles: false,
    },
    (context) => {
      describePostgresKillSuite(context, database);
      describePostgresRaceSuite(context, database);
    },
  );
} else {
  console.log(skippedWithoutDatabase('reliability on postgresql'));
  describe('reliability on postgresql', () => {
    it.skip('needs DATABASE_URL', () => undefined);
  });
}
