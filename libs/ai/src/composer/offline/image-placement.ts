// Pictures for the image slots: the caller's images where their descriptions fit (the hero first), then
// generated ones described from the subject and the copy beside each slot, unless only provided images may be used.
import { wordsOf } from '#folio/libraries';
import { type CompositionInput } from '../composition.js';
import { type ImageFill } from '../section-plan.js';
import { capitalize, joinList, singular } from './copy-text.js';
import { type PageSubject, subjectName } from './page-subject.js';
import { type PageTexts } from './section-writer.js';
import { imageKind, type ImageKind, type SectionAnatomy, type SlotPart } from './slot-anatomy.js';

/** Image per element key, per section key. */
export type PageImages = Map<string, Map<string, ImageFill>>;

interface ImageSlot {
  sectionKey: string;
  part: SlotPart;
  kind: ImageKind;
  /** Words around the slot: its section's role and heading, its card's copy, its name. */
  words: Set<string>;
  /** A short description of what it shows, for prompts and alt text. */
  focus: string | null;
}

const lights = ['warm natural light', 'soft daylight', 'bright, airy light', 'golden evening light'];
/** Descriptions that make an image fit a portrait or logo slot. */
const portraitWords = new Set([
  'portrait',
  'person',
  'people',
  'face',
  'headshot',
  'team',
  'owner',
  'founder',
  'staff',
]);
const logoWords = new Set(['logo', 'logos', 'brand', 'mark']);

/** An image for every image slot that can have one. */
export function placeImages(
  outline: SectionAnatomy[],
  texts: PageTexts,
  input: Pick<CompositionInput, 'images' | 'useOnlyProvidedAssets'>,
  subject: PageSubject,
): PageImages {
  const slots = imageSlots(outline, texts);
  const placed: PageImages = new Map(outline.map((anatomy) => [anatomy.candidate.key, new Map()]));
  const uses = input.images.map(() => 0);
  const put = (slot: ImageSlot, imageIndex: number) => {
    const image = input.images[imageIndex];
    uses[imageIndex]++;
    const alt = image.description ?? altOf(slot, subject);
    placed.get(slot.sectionKey)!.set(slot.part.slot.elementKey, { source: 'provided', url: image.url, alt });
  };
  const isFree = (slot: ImageSlot) => !placed.get(slot.sectionKey)!.has(slot.part.slot.elementKey);

  // Described images go where their words match best; the others fill pictures in page order.
  input.images.forEach((image, index) => {
    if (!image.description) return;
    const words = new Set(wordsOf(image.description).map(singular));
    let best: ImageSlot | null = null;
    let bestScore = 0;
    for (const slot of slots.filter(isFree)) {
      if (!accepts(slot.kind, words)) continue;
      const score = [...words].filter((word) => slot.words.has(word)).length;
      if (score > bestScore) [best, bestScore] = [slot, score];
    }
    if (best) put(best, index);
  });
  const pictures = slots.filter((slot) => slot.kind === 'picture');
  input.images.forEach((_, index) => {
    const slot = uses[index] === 0 ? pictures.find(isFree) : undefined;
    if (slot) put(slot, index);
  });

  for (const slot of slots.filter(isFree)) {
    if (input.useOnlyProvidedAssets) {
      // Every picture gets one of the caller's images, the least used first, none twice in one section.
      if (slot.kind !== 'picture' || !input.images.length) continue;
      const inSection = new Set(
        [...placed.get(slot.sectionKey)!.values()].map((fill) => 'url' in fill && fill.url),
      );
      const choice = leastUsed(uses, (index) => !inSection.has(input.images[index].url));
      if (choice !== null) put(slot, choice);
    } else {
      placed
        .get(slot.sectionKey)!
        .set(slot.part.slot.elementKey, generated(slot, subject, slots.indexOf(slot)));
    }
  }
  return placed;
}

function imageSlots(outline: SectionAnatomy[], texts: PageTexts): ImageSlot[] {
  return outline.flatMap((anatomy) => {
    const filled = texts.get(anatomy.candidate.key)!;
    const heading = anatomy.parts.find((p) => p.purpose === 'heading' || p.purpose === 'headline');
    const headingText = heading ? (filled.get(heading.slot.elementKey) ?? '') : '';
    return anatomy.parts
      .filter((part) => part.slot.kind === 'image')
      .map((part): ImageSlot => {
        const card = part.group ? anatomy.parts.filter((p) => p.group === part.group && p !== part) : [];
        const cardText = (purpose: string) =>
          card.filter((p) => p.purpose === purpose).map((p) => filled.get(p.slot.elementKey))[0];
        const focus = cardText('title') ?? cardText('text') ?? null;
        const described = [
          anatomy.candidate.role,
          anatomy.candidate.title,
          part.slot.name,
          headingText,
          focus ?? '',
        ];
        return {
          sectionKey: anatomy.candidate.key,
          part,
          kind: imageKind(part.slot),
          words: new Set(wordsOf(described.join(' ')).map(singular)),
          focus,
        };
      });
  });
}

function accepts(kind: ImageKind, words: Set<string>): boolean {
  if (kind === 'picture') return true;
  const named = kind === 'logo' ? logoWords : portraitWords;
  return [...words].some((word) => named.has(word));
}

function leastUsed(uses: number[], allowed: (index: number) => boolean): number | null {
  let best: number | null = null;
  uses.forEach((count, index) => {
    if (allowed(index) && (best === null || count < uses[best])) best = index;
  });
  return best;
}

function generated(slot: ImageSlot, subject: PageSubject, n: number): ImageFill {
  const light = lights[n % lights.length];
  const person = singular(subject.trade.people);
  switch (slot.kind) {
    case 'portrait':
      return {
        source: 'generated',
        prompt: `Friendly portrait of a ${slot.part.slot.name.toLowerCase().includes('member') ? 'team member' : person} of ${subject.phrase}, ${light}, plain background`,
        alt: `Portrait of a ${person}`,
      };
    case 'logo':
      return {
        source: 'generated',
        prompt: isPartnerLogo(slot)
          ? `Simple flat single-colour logo mark for a partner of ${subject.phrase}, plain background`
          : `Simple flat logo mark for ${subjectName(subject)}, ${subject.phrase}, plain background`,
        alt: altOf(slot, subject),
      };
    case 'picture': {
      // The subject first: a picture shows the page's subject (image-motif.ts reads it first), then its card.
      const scene = slot.focus ?? (subject.offerings.length ? joinList(subject.offerings) : null);
      const prompt = `${capitalize(subject.phrase)}${scene ? ` — ${scene}` : ''}, ${light}`;
      return { source: 'generated', prompt: prompt.slice(0, 400), alt: altOf(slot, subject) };
    }
  }
}

/** One of a row of logos is a partner's; a single logo is the page's own brand. */
function isPartnerLogo(slot: ImageSlot): boolean {
  return slot.part.series !== null;
}

function altOf(slot: ImageSlot, subject: PageSubject): string {
  if (slot.kind === 'portrait') return `Portrait of a ${singular(subject.trade.people)}`;
  if (slot.kind === 'logo') return isPartnerLogo(slot) ? 'Partner logo' : `${subjectName(subject)} logo`;
  return slot.focus ? `${slot.focus} at ${subject.ref}` : capitalize(subject.phrase);
}
