// Prints one plain closing line ("tests: N passed, N failed") that CI tooling can read in any language.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `tests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    // Jest's own summary is written after reporters run; print ours last.
    process.once('exit', () => process.stdout.write(`\n${line}\n`));
  }
}

module.exports = SummaryReporter;
