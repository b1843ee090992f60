// One gate for every composer's plan: what reaches the page writer names real sections and slots.
import { pictureRoles } from '#folio/libraries';
import { isIconName } from '#folio/render';
import { type CandidateSection, type CandidateSlot, type CompositionInput } from './composition.js';
import { amount } from './offline/caller-content.js';
import {
  maxAltText,
  maxImagePrompt,
  type PlannedSection,
  type SectionPlan,
  type SlotFill,
  sectionPlanSchema,
} from './section-plan.js';

/** A composer's answer that cannot become a page: not a plan, or a plan of sections that do not exist. */
export class PlanRejectedError extends Error {
  override name = 'PlanRejectedError';
}

/**
 * The plan, checked against the composition: every section must be a candidate (else PlanRejectedError).
 * Fills that do not fit are dropped, so the slot keeps the library's content: an element that is not a
 * slot of its section or of another kind, an unknown icon, a provided image the request did not give, a
 * generated image when only provided assets may be used (the slot is then emptied, as is every image
 * slot left without a provided image). An empty text or icon removes its element.
 * Text is never cut: one over its slot's capacity keeps its leading sentences that fit; when no whole
 * sentence fits, when it states a price the caller did not give, or when it stands in for content ("Ask
 * us" for a price, "TBD", "[Your address]") that the caller did not write, its element is removed, since
 * the library's own copy would speak of another business. Image prompts are cut to their limit (no one reads
 * them on the page), alt texts shortened like text. A section there for its pictures (a gallery, a logo
 * strip) whose every picture is removed is left out: its heading would stand over nothing.
 */
export function checkedPlan(plan: unknown, input: CompositionInput): SectionPlan {
  const parsed = sectionPlanSchema.safeParse(plan);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new PlanRejectedError(
      `The composer's plan is malformed (${first.path.join('.') || 'plan'}: ${first.message}).`,
    );
  }
  const candidates = new Map(input.candidates.map((candidate) => [candidate.key, candidate]));
  const unknown = parsed.data.sections.filter((section) => !candidates.has(section.sectionKey));
  if (unknown.length) {
    throw new PlanRejectedError(
      `The composer's plan names sections that are not in the chosen libraries: ${unknown.map((s) => s.sectionKey).join(', ')}.`,
    );
  }
  const providedUrls = new Set(input.images.map((image) => image.url));
  const callerWords = `${input.prompt}\n${input.text ?? ''}`.replace(/\s+/g, ' ');
  const rules = { providedUrls, useOnlyProvidedAssets: input.useOnlyProvidedAssets, callerWords };
  return {
    sections: parsed.data.sections
      .map((section) => checkedSection(section, candidates.get(section.sectionKey)!, rules))
      .filter((section) => showsAnyPicture(section, candidates.get(section.sectionKey)!)),
  };
}

/** Whether a section of a picture role keeps a picture: an image slot not removed (left out keeps the library's). */
function showsAnyPicture(section: PlannedSection, candidate: CandidateSection): boolean {
  if (!pictureRoles.has(candidate.role)) return true;
  const removed = new Set(
    section.fills
      .filter((fill) => fill.kind === 'image' && fill.image.source === 'none')
      .map((fill) => fill.elementKey),
  );
  return candidate.slots.some((slot) => slot.kind === 'image' && !removed.has(slot.elementKey));
}

interface FillRules {
  providedUrls: Set<string>;
  useOnlyProvidedAssets: boolean;
  /** The caller's prompt and text, spaces collapsed: where a stated price must come from. */
  callerWords: string;
}

function checkedSection(
  section: PlannedSection,
  candidate: CandidateSection,
  rules: FillRules,
): PlannedSection {
  const slots = new Map(candidate.slots.map((slot) => [slot.elementKey, slot]));
  const filled = new Set<string>();
  const fills: SlotFill[] = [];
  for (const fill of section.fills) {
    const slot = slots.get(fill.elementKey);
    if (!slot || slot.kind !== fill.kind || filled.has(fill.elementKey)) continue;
    const kept = checkedFill(fill, slot, rules);
    if (!kept) continue;
    filled.add(fill.elementKey);
    fills.push(kept);
  }
  if (rules.useOnlyProvidedAssets) {
    // The library's own pictures are not the caller's: an image slot without a provided image goes.
    for (const slot of candidate.slots) {
      if (slot.kind === 'image' && !filled.has(slot.elementKey)) {
        fills.push({ elementKey: slot.elementKey, kind: 'image', image: { source: 'none' } });
      }
    }
  }
  return { sectionKey: section.sectionKey, fills };
}

function checkedFill(fill: SlotFill, slot: CandidateSlot, rules: FillRules): SlotFill | null {
  switch (fill.kind) {
    case 'text': {
      const text = fitText(fill.text, slot.capacity);
      const says = text && !inventsPrice(text, rules.callerWords) && !standsIn(text, slot, rules.callerWords);
      return { ...fill, text: says ? text : '' };
    }
    case 'icon':
      if (!fill.icon) return fill;
      return isIconName(fill.icon) ? { ...fill, icon: fill.icon.trim().toLowerCase() } : null;
    case 'image': {
      const image = fill.image;
      if (image.source === 'none') return fill;
      if (image.source === 'provided' && !rules.providedUrls.has(image.url)) return null;
      if (image.source === 'generated' && rules.useOnlyProvidedAssets) return null;
      const alt = fitText(image.alt, maxAltText) ?? '';
      return image.source === 'provided'
        ? { ...fill, image: { ...image, alt } }
        : { ...fill, image: { ...image, alt, prompt: promptWithin(image.prompt, maxImagePrompt) } };
    }
  }
}

/**
 * Whitespace collapsed (newlines kept); when longer than `capacity`, its leading whole sentences that fit,
 * else null. Text is never cut inside a sentence.
 */
export function fitText(text: string, capacity: number): string | null {
  const clean = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (clean.length <= capacity) return clean;
  const sentences = clean.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [];
  let kept = '';
  for (const sentence of sentences) {
    const longer = `${kept}${sentence}`;
    if (longer.trim().length > capacity) break;
    kept = longer;
  }
  return kept.trim() || null;
}

/** Whole texts that say nothing but hold a place: a price to ask for, "TBD", "XX", "Coming soon". */
const standIn =
  /^(?:ask(?: us)?|tb[dac]|n\/a|coming soon|price on request|poa|[$€£]?\s?x{2,}(?:[.,]x+)?)[.!]?$/i;
const templateText = /lorem ipsum|\[(?:your|insert|add)\b[^\]]*\]|\{\{[^}]*\}\}/i;

/**
 * Whether the text holds a place instead of saying something, in a slot that is not a button or link (an
 * "Ask us →" link asks the visitor to ask), and is not the caller's own words ("price on request").
 */
function standsIn(text: string, slot: CandidateSlot, callerWords: string): boolean {
  const isControl = slot.tag === 'a' || slot.tag === 'button' || /\b(?:button|link)\b/i.test(slot.name);
  const isStandIn = templateText.test(text) || (!isControl && standIn.test(text.trim()));
  return isStandIn && !callerWords.toLowerCase().includes(text.trim().toLowerCase());
}

/** Whether the text names an amount of money that is not written in the caller's prompt or text. */
function inventsPrice(text: string, callerWords: string): boolean {
  const amounts = text.match(new RegExp(amount.source, 'g')) ?? [];
  return amounts.some((stated) => !callerWords.includes(stated));
}

/** An image prompt within `limit`, at a word: the generator reads it, the page does not show it. */
function promptWithin(prompt: string, limit: number): string {
  const clean = prompt.replace(/\s+/g, ' ').trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit + 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
}
