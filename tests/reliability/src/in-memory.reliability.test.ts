import { openInMemoryUnderTest } from './harness/open-in-memory-under-test.js';
import { describeBackgroundWorkSuite } from './suites/describe-background-work-suite.js';
import { describeReliabilitySuite } from './suites/describe-reliability-suite.js';

describeReliabilitySuite(
  'in-memory (lexical)',
  async () => openInMemoryUnderTest({ vectors: false }),
  { fuzzRuns: 100, embedsWrites: false, brokenDoubles: true, refusesLeadingByteOrderMark: false },
  describeBackgroundWorkSuite,
);
describeReliabilitySuite(
  'in-memory (vectors)',
  async () => openInMemoryUnderTest({ vectors: true }),
  { fuzzRuns: 100, embedsWrites: true, brokenDoubles: true, refusesLeadingByteOrderMark: false },
  describeBackgroundWorkSuite,
);
