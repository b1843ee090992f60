// Library sections as composers see them: their analysis, with each slot's name and current content.
import { type Element, plainText, walkElements } from '#folio/content';
import { type SectionAnalysis } from '#folio/libraries';
import { type CandidateSection, type CandidateSlot } from './composition.js';

/** A library section with its stored analysis. */
export interface AnalysedLibrarySection {
  key: string;
  libraryKey: string;
  title: string;
  tree: Element;
  analysis: SectionAnalysis;
}

/** The candidate a composer may plan with: the analysis's slots, each described by its element. */
export function candidateOf(section: AnalysedLibrarySection): CandidateSection {
  const elements = new Map([...walkElements(section.tree)].map((element) => [element.key, element]));
  const slots = section.analysis.slots.flatMap((slot): CandidateSlot[] => {
    const element = elements.get(slot.elementKey);
    if (!element) return [];
    return [
      {
        ...slot,
        name: element.name ?? '',
        tag: element.tag ?? null,
        current:
          slot.kind === 'text'
            ? plainText(element.text)
            : slot.kind === 'icon'
              ? (element.src ?? '')
              : (element.alt ?? ''),
      },
    ];
  });
  return {
    key: section.key,
    libraryKey: section.libraryKey,
    title: section.title,
    role: section.analysis.role,
    keywords: section.analysis.keywords,
    slots,
  };
}
