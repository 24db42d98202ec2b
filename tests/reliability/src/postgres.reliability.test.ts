import { describe, it } from 'vitest';
import { openPostgresUnderTest } from './harness/open-postgres-under-test.js';
import { reliabilityDatabase, serverHasPgvector } from './harness/reliability-database.js';
import { describePostgresKillSuite } from './suites/describe-postgres-kill-suite.js';
import { describePostgresRaceSuite } from './suites/describe-postgres-race-suite.js';
import { describeReliabilitySuite } from './suites/describe-reliability-suite.js';

const url = await reliabilityDatabase('symfonic_reliability');

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
  console.log(
    'reliability on postgresql: skipped because DATABASE_URL is not set (CI sets it to a real PostgreSQL server)',
  );
  describe('reliability on postgresql', () => {
    it.skip('needs DATABASE_URL', () => undefined);
  });
}
