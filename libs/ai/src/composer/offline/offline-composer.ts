// The built-in composer (docs/design.md §9): no network, deterministic, a few milliseconds per page.
import { wordsOf } from '#folio/libraries';
import { Injectable } from '@nestjs/common';
import { chooseLook } from '../../look/look-choice.js';
import { type CandidateSlot, type CompositionInput, type PageComposer } from '../composition.js';
import { fitText } from '../plan-check.js';
import { type SectionPlan, type SlotFill } from '../section-plan.js';
import { briefContent } from './brief-content.js';
import { supplyFor } from './caller-items.js';
import { chooseIcons } from './icon-choice.js';
import { placeImages } from './image-placement.js';
import { outlinePage } from './page-outline.js';
import { readSubject } from './page-subject.js';
import { rankSections } from './section-ranking.js';
import { writePageTexts } from './section-writer.js';

/** Alt text the plan accepts. */
const maxAlt = 300;

/** Composes pages offline: ranks sections, outlines the page, fits the caller's content, writes the rest. */
@Injectable()
export class OfflineComposer implements PageComposer {
  async compose(input: CompositionInput, signal: AbortSignal): Promise<SectionPlan> {
    signal.throwIfAborted();
    return composeOffline(input);
  }
}

/** The section plan for a request; the same input always gives the same plan. */
export function composeOffline(input: CompositionInput): SectionPlan {
  const subject = readSubject(input);
  const content = briefContent(input, subject);
  const outline = outlinePage(input, content, rankSections(input), chooseLook(input).hero);
  const roles = outline.map((anatomy) => anatomy.candidate.role);
  const ctx = { subject, roles, hasPrices: content.prices.length > 0 };
  const texts = writePageTexts(outline, supplyFor(content, new Set(roles)), ctx);
  const images = placeImages(outline, texts, input, subject);
  const subjectWords = wordsOf([subject.short, ...subject.offerings].join(' '));
  const icons = chooseIcons(outline, texts, subjectWords);

  return {
    sections: outline.map((anatomy) => {
      const key = anatomy.candidate.key;
      const fills = anatomy.candidate.slots.flatMap((slot): SlotFill[] => {
        const text = texts.get(key)!.get(slot.elementKey);
        const image = images.get(key)!.get(slot.elementKey);
        const icon = icons.get(key)!.get(slot.elementKey);
        if (text === '') return [removal(slot)];
        if (slot.kind === 'text' && text) {
          return [{ elementKey: slot.elementKey, kind: 'text', text: fitText(text, slot.capacity) ?? '' }];
        }
        if (slot.kind === 'image' && image) {
          const fill = 'alt' in image ? { ...image, alt: image.alt.slice(0, maxAlt) } : image;
          return [{ elementKey: slot.elementKey, kind: 'image', image: fill }];
        }
        if (slot.kind === 'icon' && icon) return [{ elementKey: slot.elementKey, kind: 'icon', icon }];
        return [];
      });
      return { sectionKey: key, fills };
    }),
  };
}

/** The fill that removes a slot's element: the section writer leaves a text empty for a fact not given. */
function removal(slot: CandidateSlot): SlotFill {
  if (slot.kind === 'icon') return { elementKey: slot.elementKey, kind: 'icon', icon: '' };
  if (slot.kind === 'image') return { elementKey: slot.elementKey, kind: 'image', image: { source: 'none' } };
  return { elementKey: slot.elementKey, kind: 'text', text: '' };
}
