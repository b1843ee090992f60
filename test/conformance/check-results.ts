// Compares a conformance run (the suite's results directory) with the expected-failures baseline.
// A scenario fails when one of its checks is a FAILURE, as the suite's own summary counts it; warnings
// are printed but pass (the suite's --expected-failures mode would count them as failures, so a
// stateless server's "no session id" warning would force a baseline entry that needs no fixture).
// Fails on: a failure outside the baseline, a baseline entry that passes, a baseline entry without a
// reason or that names no scenario of the run.
// Run (Node 24 strips the types): node test/conformance/check-results.ts <results dir> <baseline.yml>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: unknown;
}

const [resultsDir, baselinePath] = process.argv.slice(2);

/** The baseline's `server:` list, one `- scenario  # reason` a line (the suite's YAML format). */
function readBaseline(path: string): { reasons: Map<string, string>; problems: string[] } {
  const reasons = new Map<string, string>();
  const problems: string[] = [];
  let inServer = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\S/.test(line) && !line.startsWith('#')) inServer = /^server:/.test(line);
    const entry = /^\s*-\s*([\w./-]+)\s*(?:#\s*(.*))?$/.exec(line);
    if (!inServer || !entry) continue;
    if (!entry[2]?.trim()) problems.push(`baseline entry ${entry[1]} has no reason (write it after a #)`);
    reasons.set(entry[1], entry[2]?.trim() ?? '');
  }
  return { reasons, problems };
}

/** Scenario name → its checks; result directories are named server-<scenario>-<timestamp>. */
function readResults(dir: string): Map<string, Check[]> {
  const results = new Map<string, Check[]>();
  for (const name of readdirSync(dir).sort()) {
    const scenario = name.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    results.set(scenario, JSON.parse(readFileSync(join(dir, name, 'checks.json'), 'utf8')) as Check[]);
  }
  return results;
}

const { reasons, problems } = readBaseline(baselinePath);
const results = readResults(resultsDir);
if (results.size === 0) problems.push(`no scenario results in ${resultsDir}: the suite did not run`);
const lines: string[] = [];
for (const [scenario, checks] of results) {
  const failures = checks.filter((check) => check.status === 'FAILURE');
  const warnings = checks.filter((check) => check.status === 'WARNING');
  const expected = reasons.get(scenario);
  if (failures.length && expected !== undefined) {
    lines.push(`  ~ ${scenario}: fails as expected (${expected})`);
  } else if (failures.length) {
    lines.push(`  ✗ ${scenario}: UNEXPECTED FAILURE`);
    for (const failure of failures) {
      lines.push(
        `      ${failure.id}: ${failure.errorMessage ?? ''} ${JSON.stringify(failure.details ?? {})}`,
      );
    }
    problems.push(`${scenario} failed and is not in the baseline`);
  } else if (expected !== undefined) {
    lines.push(`  ✗ ${scenario}: passes, but the baseline expects it to fail`);
    problems.push(`${scenario} passes: remove it from the baseline`);
  } else {
    lines.push(`  ✓ ${scenario}${warnings.length ? ' (with warnings)' : ''}`);
  }
  for (const warning of warnings) {
    lines.push(
      `      warning ${warning.id}: ${warning.errorMessage ?? JSON.stringify(warning.details ?? {})}`,
    );
  }
}
for (const scenario of reasons.keys()) {
  if (!results.has(scenario)) problems.push(`baseline entry ${scenario} names no scenario of this run`);
}

console.log(`Conformance: ${results.size} scenarios, ${reasons.size} expected failures in the baseline`);
console.log(lines.join('\n'));
if (problems.length) {
  console.log(`\nConformance FAILED:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log(
    '\nConformance passed: every failure is a baseline entry, and every baseline entry still fails.',
  );
}
