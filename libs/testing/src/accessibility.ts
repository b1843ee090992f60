import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { type Frame, type Page } from 'playwright-core';

/** What axe-core found wrong with a page, one entry per rule, with the elements that break it. */
export interface AccessibilityViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The impacts a page must be free of: everything but `minor`. */
const blockingImpacts = new Set(['moderate', 'serious', 'critical']);

let axeSource: Promise<string> | undefined;

/**
 * Runs axe-core (every rule of its default run) on the page, its source injected into the page rather than
 * loaded from anywhere, so a site's content security policy does not stop it; answers the violations of
 * impact moderate or worse. The page must be open with reduced motion (`reducedMotion: 'reduce'`): then the
 * interactions runtime leaves it at rest, as it is once revealed, where otherwise axe would judge the
 * contrast of text half-way through a fade-in (and its scrolling starts more of them).
 */
export async function accessibilityViolations(page: Page | Frame): Promise<AccessibilityViolation[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches))) {
    throw new Error("Open the page with reducedMotion: 'reduce' to check it at rest.");
  }
  await page.evaluate(await axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
  );
  return results.violations
    .filter((violation) => blockingImpacts.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact!,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
