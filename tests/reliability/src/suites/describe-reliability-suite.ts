import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { ReliabilityFigures } from '../harness/reliability-figures.js';
import { saveReliabilityFigures } from '../harness/save-reliability-figures.js';
import type { StoreUnderTest } from '../harness/store-under-test.js';
import { describeApplyFuzzSuite } from './describe-apply-fuzz-suite.js';
import { describeConcurrencySuite } from './describe-concurrency-suite.js';
import { describeEmbedderFaultSuite } from './describe-embedder-fault-suite.js';
import { describeFaultSuite } from './describe-fault-suite.js';
import { describeInjectionSuite } from './describe-injection-suite.js';
import { describeIsolationSuite } from './describe-isolation-suite.js';
import { describeReviewFindingsSuite } from './describe-review-findings-suite.js';
import type { SuiteContext, SuiteSettings } from './suite-context.js';

/**
 * The whole reliability suite against one store: isolation under attack,
 * prompt injection through hydrate, fault injection (the store's calls and
 * the embedder), concurrency, generated ops and the findings of an outside
 * review. `open` runs once for the file; before each test every tenant
 * written is forgotten; the figures are printed after the last test (and, with `FIGURES=1`,
 * written into the store's row of `figures/reliability-figures.json`). `extra` adds the store's own tests (killing
 * its connection, crashing it) with the same context.
 */
export function describeReliabilitySuite(
  name: string,
  open: () => Promise<StoreUnderTest>,
  settings: SuiteSettings,
  extra: (context: SuiteContext) => void = () => undefined,
): void {
  let underTest: StoreUnderTest | undefined;
  const context: SuiteContext = {
    name,
    underTest() {
      if (!underTest) throw new Error(`the store ${name} is not open`);
      return underTest;
    },
    figures: new ReliabilityFigures(),
    settings,
  };

  describe(`reliability on ${name}`, () => {
    beforeAll(async () => {
      underTest = await open();
    });
    let testsFailed = false;
    beforeEach(async ({ onTestFailed }) => {
      onTestFailed(() => {
        testsFailed = true;
      });
      await context.underTest().reset();
    });
    afterAll(async () => {
      console.log(context.figures.summary(name));
      saveReliabilityFigures(name, context.figures.counts, { testsFailed });
      await underTest?.close();
    });

    describeIsolationSuite(context);
    describeInjectionSuite(context);
    describeFaultSuite(context);
    describeEmbedderFaultSuite(context);
    describeConcurrencySuite(context);
    describeApplyFuzzSuite(context, settings.fuzzRuns);
    describeReviewFindingsSuite(context);
    extra(context);
  });
}
