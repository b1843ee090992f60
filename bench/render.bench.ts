/**
 * Render budget (issue 4): a 40-section page to HTML + CSS, p50 ≤ 50 ms. Sections are the real seed
 * designs (the starter library, then the sample projects' pages). Run: npm run bench:render
 */
import { type ProjectSnapshot, type SnapshotSection } from '#folio/content';
import { renderDocument, renderPage, type RenderContext, sectionCaptureHasher } from '#folio/render';
import { northwindTheme, sampleProjects, starterLibrary } from '#folio/seed';

const sectionCount = 40;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const budgetP50 = 50;

const designs = [
  ...starterLibrary.sections,
  ...sampleProjects.flatMap((p) => p.pages.flatMap((page) => page.sections)),
];
const sections: SnapshotSection[] = designs.slice(0, sectionCount).map((s) => ({
  key: s.key,
  title: s.title,
  type: s.role,
  tree: s.tree,
  styles: s.styles,
  interactions: s.interactions ?? [],
}));
if (sections.length < sectionCount) throw new Error(`only ${sections.length} seed sections`);

const ctx: RenderContext = {
  preset: 'desktop',
  theme: northwindTheme,
  breakpoints: sampleProjects[0].breakpoints,
  linkBase: '/sites/bench',
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function measure(name: string, render: () => number): { p50: number; p95: number } {
  for (let i = 0; i < 10; i++) render();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = render();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = { p50: percentile(times, 50), p95: percentile(times, 95) };
  console.log(
    `${name.padEnd(34)} p50 ${result.p50.toFixed(2).padStart(6)} ms   p95 ${result.p95.toFixed(2).padStart(6)} ms   (${runs} runs, ${(bytes / 1024).toFixed(0)} KiB)`,
  );
  return result;
}

const coldStart = performance.now();
const first = renderPage(sections, ctx);
const cold = performance.now() - coldStart;
console.log(`render a ${sectionCount}-section page (${designs.length} seed designs available)`);
console.log(
  `first render (cold caches, JIT)   ${cold.toFixed(2)} ms   html ${first.html.length} B, css ${first.css.length} B`,
);

const page = measure('renderPage (html + css + script)', () => {
  const r = renderPage(sections, ctx);
  return r.html.length + r.css.length + r.script.length;
});
measure('renderPage, container mode', () => {
  const r = renderPage(sections, ctx, { containerMode: true });
  return r.html.length + r.css.length + r.script.length;
});
measure(
  'renderPage + renderDocument',
  () => renderDocument(renderPage(sections, ctx), { title: 'Bench' }).length,
);
// What get_project_sections adds to read each section's screenshot by its content: every section's capture
// hash.
const snapshot = {
  project: { preset: 'desktop', theme: northwindTheme, breakpoints: sampleProjects[0].breakpoints },
} as unknown as ProjectSnapshot;
measure(`${sectionCount} section capture hashes`, () => {
  const hash = sectionCaptureHasher(snapshot, 'https://folio.example');
  let bytes = 0;
  for (const section of sections) bytes += hash(section, {}).length;
  return bytes;
});

const ok = page.p50 <= budgetP50;
console.log(`budget p50 ≤ ${budgetP50} ms: ${ok ? 'met' : 'MISSED'}`);
if (!ok) process.exitCode = 1;
