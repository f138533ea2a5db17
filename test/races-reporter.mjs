// A Vitest reporter for `npm test` (test/run-tests.mjs): it writes which tests failed and which
// passed only on their retry to test-results/vitest-races.json, so the run's closing lines can
// name them. CI shows only the tail of a run's output, where Vitest's own list of failures is
// long gone; a test that needed its retry is a race to find (README, Testing; decision 103).
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class RacesReporter {
  failed = [];
  retried = [];

  onTestCaseResult(testCase) {
    const name = `${relative(process.cwd(), testCase.module.moduleId)} › ${testCase.fullName}`;
    const diagnostic = testCase.diagnostic();
    if (testCase.result().state === 'failed') this.failed.push(name);
    else if (diagnostic?.flaky) this.retried.push(name);
  }

  onTestRunEnd() {
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      'test-results/vitest-races.json',
      JSON.stringify({ failed: this.failed, retried: this.retried }, null, 2),
    );
  }
}
