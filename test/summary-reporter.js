/** Ends a Jest run with one plain line, `tests: N passed, N failed`, that CI log readers understand. */
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const suitesFailedToRun = results.numRuntimeErrorTestSuites;
    const failed = results.numFailedTests + suitesFailedToRun;
    process.stdout.write(
      `\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
