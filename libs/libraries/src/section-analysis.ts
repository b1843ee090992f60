// The analysis of a library section (docs/design.md §9): its role, the slots page generation fills, its keywords.
import { type Element, plainText, type SectionStyles } from '#folio/content';
import { wordsOf } from './element-text.js';
import { inferSectionRole, type SectionRole } from './section-roles.js';

export type SlotKind = 'text' | 'image' | 'icon';

/** An element page generation may fill: its text, its image, or its icon. */
export interface SectionSlot {
  elementKey: string;
  kind: SlotKind;
  /** For text, a budget in characters (the current text's length with headroom); 1 for an image or icon. */
  capacity: number;
}

export interface SectionAnalysis {
  role: SectionRole;
  /** In tree order. */
  slots: SectionSlot[];
  /** Lower-case, no stop words; the most frequent first, title words counting triple. */
  keywords: string[];
}

/** What the analysis reads of a library section. */
export interface LibrarySectionContent {
  title: string;
  tree: Element;
  styles: SectionStyles;
}

export const maxKeywords = 20;
/** Room for replacement text a little longer than the current one; short labels get a floor. */
const textHeadroom = 1.25;
const minTextCapacity = 12;
const titleWordWeight = 3;

// prettier-ignore
const stopWords = new Set([
  'a', 'about', 'above', 'after', 'again', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be',
  'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can', 'com', 'could', 'did', 'do',
  'does', 'doing', 'down', 'during', 'each', 'even', 'every', 'few', 'for', 'from', 'further', 'get', 'got',
  'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'him', 'his', 'how', 'i', 'if', 'in', 'into',
  'is', 'it', 'its', 'just', 'like', 'made', 'make', 'many', 'may', 'me', 'more', 'most', 'much', 'must',
  'my', 'no', 'nor', 'not', 'now', 'of', 'off', 'on', 'once', 'one', 'only', 'or', 'other', 'our', 'ours',
  'out', 'over', 'own', 'same', 'section', 'see', 'she', 'should', 'so', 'some', 'such', 'than', 'that',
  'the', 'their', 'theirs', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'to',
  'too', 'under', 'until', 'up', 'us', 'use', 'very', 'was', 'way', 'we', 'well', 'were', 'what', 'when',
  'where', 'which', 'while', 'who', 'whom', 'why', 'will', 'with', 'within', 'without', 'would', 'www', 'yes',
  'yet', 'you', 'your', 'yours',
]);

/** The role, slots and keywords of a library section. Pure: the same section always analyses the same. */
export function analyzeLibrarySection(section: LibrarySectionContent): SectionAnalysis {
  const elements = visibleElements(section.tree, section.styles);
  return {
    role: inferSectionRole(section.title, section.tree),
    slots: elements.flatMap(slotOf),
    keywords: keywordsOf(section.title, elements),
  };
}

/** Elements in tree order, without those (and their subtrees) hidden at every breakpoint that styles them. */
function visibleElements(tree: Element, styles: SectionStyles): Element[] {
  const displays = (key: string) =>
    Object.values(styles)
      .map((byElement) => byElement[key]?.display)
      .filter((display): display is string => display !== undefined);
  const visible: Element[] = [];
  const visit = (element: Element) => {
    const shown = displays(element.key);
    if (shown.length > 0 && shown.every((display) => display.trim() === 'none')) return;
    visible.push(element);
    for (const child of element.children ?? []) visit(child);
  };
  visit(tree);
  return visible;
}

function slotOf(element: Element): SectionSlot[] {
  switch (element.type) {
    case 'text':
    case 'button': {
      // A button without a label is an icon link: its icon child is the slot.
      const length = plainText(element.text).length;
      if (element.type === 'button' && length === 0) return [];
      const capacity = Math.max(minTextCapacity, Math.ceil(length * textHeadroom));
      return [{ elementKey: element.key, kind: 'text', capacity }];
    }
    case 'image':
      return [{ elementKey: element.key, kind: 'image', capacity: 1 }];
    case 'icon':
      return [{ elementKey: element.key, kind: 'icon', capacity: 1 }];
    default:
      return [];
  }
}

function isKeyword(word: string): boolean {
  return word.length >= 3 && /^\p{L}[\p{L}\p{N}]*$/u.test(word) && !stopWords.has(word);
}

function keywordsOf(title: string, elements: Element[]): string[] {
  // A Map keeps first appearance, and the sort is stable: ties keep that order.
  const scores = new Map<string, number>();
  const count = (text: string, weight: number) => {
    for (const word of wordsOf(text).filter(isKeyword)) scores.set(word, (scores.get(word) ?? 0) + weight);
  };
  count(title, titleWordWeight);
  for (const element of elements) count(plainText(element.text), 1);
  return [...scores]
    .sort(([, a], [, b]) => b - a)
    .slice(0, maxKeywords)
    .map(([word]) => word);
}
