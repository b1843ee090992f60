// Runs the corpus through check_implementation (an MCP client): each section's export as it is, then each
// planted defect, with what was detected and located per kind.
import { type Client } from '@modelcontextprotocol/client';
import { plantDefects, type Defect, type DefectKind } from './corpus.js';
import { exportDocument, type ExportedForCheck, type ExportedSectionForCheck } from './export-document.js';

export interface CheckOutcome {
  overall: number;
  breakpoints: { name: string; score: number }[];
  mismatches: { elementKey: string | null; kind: string; breakpoint: string }[];
}

export interface DefectOutcome {
  defect: Defect;
  clean: number;
  overall: number;
  detected: boolean;
  located: boolean;
}

export async function checkHtml(
  client: Client,
  projectKey: string,
  pageKey: string,
  sectionKey: string,
  html: string,
): Promise<CheckOutcome> {
  const result = await client.callTool({
    name: 'check_implementation',
    arguments: { projectKey, pageKey, sectionKey, html },
  });
  if (result.isError) throw new Error(JSON.stringify(result.content));
  return result.structuredContent as unknown as CheckOutcome;
}

/** The sections of a page's export with HTML and CSS: what an agent builds from. */
export async function exportedPage(client: Client, projectKey: string, pageKey: string) {
  const result = await client.callTool({
    name: 'get_project_sections',
    arguments: { projectKey, pageKey, includeHtml: true, includeInteractions: false },
  });
  const answer = result.structuredContent as unknown as ExportedForCheck;
  return { themeCss: answer.themeCss ?? '', sections: answer.pages[0].sections as ExportedSectionForCheck[] };
}

/** Each section's export checked as it is, by section key: what a planted defect's score drops from. */
export async function checkSections(
  client: Client,
  projectKey: string,
  pageKey: string,
  themeCss: string,
  sections: ExportedSectionForCheck[],
): Promise<Map<string, CheckOutcome>> {
  const clean = new Map<string, CheckOutcome>();
  for (const section of sections) {
    clean.set(
      section.sectionKey,
      await checkHtml(client, projectKey, pageKey, section.sectionKey, exportDocument(themeCss, [section])),
    );
  }
  return clean;
}

/** The planted defects of these sections, each checked against its section's clean score. */
export async function runCorpus(
  client: Client,
  projectKey: string,
  pageKey: string,
  themeCss: string,
  sections: ExportedSectionForCheck[],
  clean?: Map<string, CheckOutcome>,
) {
  clean ??= await checkSections(client, projectKey, pageKey, themeCss, sections);
  const outcomes: DefectOutcome[] = [];
  for (const defect of plantDefects(themeCss, sections)) {
    const checked = await checkHtml(client, projectKey, pageKey, defect.sectionKey, defect.html);
    const before = clean.get(defect.sectionKey)!.overall;
    const located = checked.mismatches.some(
      (m) =>
        defect.located.kinds.includes(m.kind) &&
        (!defect.located.namesElement || m.elementKey === defect.elementKey),
    );
    outcomes.push({
      defect,
      clean: before,
      overall: checked.overall,
      detected: checked.overall < before,
      located,
    });
  }
  return { clean, outcomes };
}

/** Per defect kind: cases, detected, located, mean score drop. */
export function corpusTable(outcomes: DefectOutcome[]): string {
  const kinds = [...new Set(outcomes.map((o) => o.defect.kind))] as DefectKind[];
  const rows = kinds.map((kind) => {
    const of = outcomes.filter((o) => o.defect.kind === kind);
    const drop = of.reduce((sum, o) => sum + (o.clean - o.overall), 0) / of.length;
    return `| ${kind} | ${of.length} | ${of.filter((o) => o.detected).length} | ${of.filter((o) => o.located).length} | ${drop.toFixed(3)} |`;
  });
  const all = outcomes.length;
  return [
    '| defect kind | cases | detected | located | mean score drop |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    `| all | ${all} | ${outcomes.filter((o) => o.detected).length} | ${outcomes.filter((o) => o.located).length} | ${(outcomes.reduce((s, o) => s + o.clean - o.overall, 0) / all).toFixed(3)} |`,
  ].join('\n');
}
