// An implementation as an agent builds it from get_project_sections alone: the sections' exported HTML in
// a `.folio-page` root, with the theme CSS and each section's per-breakpoint CSS.

export interface ExportedForCheck {
  themeCss?: string;
  pages: { pageKey: string; sections: ExportedSectionForCheck[] }[];
}

export interface ExportedSectionForCheck {
  sectionKey: string;
  html?: string;
  css?: { breakpoint: string; media: string; css: string }[];
  elementTree: TreeNode;
}

export interface TreeNode {
  key: string;
  type?: string;
  text?: string;
  children?: TreeNode[];
}

/** With `leaveOut`, that breakpoint's CSS is missing (a layout that does not reflow there). */
export function exportDocument(
  themeCss: string,
  sections: ExportedSectionForCheck[],
  options: { leaveOut?: string } = {},
): string {
  const css = sections
    .flatMap((section) => section.css ?? [])
    .filter((rule) => rule.breakpoint !== options.leaveOut)
    .map((rule) => (rule.media ? `@media ${rule.media}{\n${rule.css}}` : rule.css))
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;padding:0}\n${themeCss}\n${css}</style></head>
<body><div class="folio-page">${sections.map((section) => section.html ?? '').join('')}</div></body></html>`;
}

export function* walk(node: TreeNode): Generator<TreeNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}
