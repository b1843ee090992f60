// Planted defects: the export's own HTML of a section with one thing wrong, each saying which design
// element it concerns (null: any mismatch of its kind at that breakpoint locates it).
import { parse } from 'node-html-parser';
import { exportDocument, type ExportedSectionForCheck, walk } from './export-document.js';

export type DefectKind =
  | 'text changed'
  | 'colour changed'
  | 'font changed'
  | 'element removed'
  | 'element added'
  | 'image swapped'
  | 'spacing off'
  | 'mobile not reflowing';

export interface Defect {
  kind: DefectKind;
  sectionKey: string;
  /** The element the defect is planted on. */
  elementKey: string;
  html: string;
  /** Mismatch kinds that locate it, and whether the mismatch must name `elementKey` (not for `extra`). */
  located: { kinds: string[]; namesElement: boolean };
}

/** A 40 × 40 checkerboard in red and blue: nothing like any demo picture. */
const otherPicture =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#e11"/><rect width="20" height="20" fill="#11e"/><rect x="20" y="20" width="20" height="20" fill="#11e"/></svg>',
  );

type Edit = (element: ReturnType<typeof parse>) => void;

/** Twenty-odd defects over the given sections: each kind planted on a few different elements. */
export function plantDefects(themeCss: string, sections: ExportedSectionForCheck[]): Defect[] {
  const defects: Defect[] = [];
  const plant = (
    kind: DefectKind,
    section: ExportedSectionForCheck,
    elementKey: string,
    edit: Edit,
    located: Defect['located'],
  ) => {
    const root = parse(section.html ?? '');
    const element = root.getElementById(elementKey);
    if (!element) return;
    edit(element as unknown as ReturnType<typeof parse>);
    const planted = { ...section, html: root.toString() };
    defects.push({
      kind,
      sectionKey: section.sectionKey,
      elementKey,
      html: exportDocument(themeCss, [planted]),
      located,
    });
  };
  const style =
    (css: string): Edit =>
    (element) =>
      element.setAttribute('style', `${element.getAttribute('style') ?? ''};${css}`);
  const named = (kinds: string[]) => ({ kinds, namesElement: true });

  for (const section of sections) {
    const texts = [...walk(section.elementTree)].filter(
      (node) => typeof node.text === 'string' && node.text.trim().length > 3,
    );
    const images = [...walk(section.elementTree)].filter((node) => node.type === 'image');
    const [first, second] = texts;
    if (first) {
      plant(
        'text changed',
        section,
        first.key,
        (e) => e.set_content(first.text!.replace(/^\S+/, 'Different')),
        named(['text', 'missing']),
      );
      plant('colour changed', section, first.key, style('color:#ff00aa'), named(['color']));
      plant('font changed', section, first.key, style('font-family:monospace'), named(['font']));
      plant(
        'element added',
        section,
        first.key,
        (e) => e.insertAdjacentHTML('afterend', '<p style="margin:8px 0">An extra line nobody designed</p>'),
        { kinds: ['extra'], namesElement: false },
      );
    }
    if (second) {
      plant('element removed', section, second.key, (e) => e.remove(), named(['missing']));
      plant('spacing off', section, second.key, style('margin-top:48px'), named(['position', 'size']));
    }
    if (images[0])
      plant(
        'image swapped',
        section,
        images[0].key,
        (e) => e.setAttribute('src', otherPicture),
        named(['image']),
      );
    if (texts.length && section.css?.some((rule) => rule.breakpoint === 'mobile')) {
      defects.push({
        kind: 'mobile not reflowing',
        sectionKey: section.sectionKey,
        elementKey: section.elementTree.key,
        html: exportDocument(themeCss, [section], { leaveOut: 'mobile' }),
        located: { kinds: ['reflow', 'position', 'size'], namesElement: false },
      });
    }
  }
  return defects;
}
