// What a page composer is given and what it must return (docs/design.md §9).
import { type SectionRole, type SlotKind } from '#folio/libraries';
import { type SectionPlan } from './section-plan.js';

/** A slot of a candidate section, with what the library shows in it now. */
export interface CandidateSlot {
  elementKey: string;
  kind: SlotKind;
  /** Characters for text; 1 for an image or icon. */
  capacity: number;
  /** The element's editor name ("Plan 2 price", "Card 3 title", "Headline"), or "" when unnamed. */
  name: string;
  /** Its HTML tag when set (h1, h2, p, li, a, …). */
  tag: string | null;
  /** The library's current content: plain text, the icon's lucide name, or the image's alt text. */
  current: string;
}

/** An analysed section of an AI-enabled library that the page may use. */
export interface CandidateSection {
  /** The library section's key: what a plan names. */
  key: string;
  libraryKey: string;
  title: string;
  role: SectionRole;
  keywords: string[];
  /** In tree order. */
  slots: CandidateSlot[];
}

export interface CompositionInput {
  prompt: string;
  /** Copy and facts to use (paragraphs, lists, prices, names). */
  text: string | null;
  images: { url: string; description: string | null }[];
  useOnlyProvidedAssets: boolean;
  projectTitle: string;
  pageTitle: string;
  /** The sections of the requested libraries, in library order. */
  candidates: CandidateSection[];
}

/** Turns a request into a section plan. Implementations: offline (default) and LLM. */
export interface PageComposer {
  /** Rejects when it cannot (provider error, malformed answer); stops work when `signal` aborts. */
  compose(input: CompositionInput, signal: AbortSignal): Promise<SectionPlan>;
}

/** Nest token of the configured PageComposer. */
export const PAGE_COMPOSER = Symbol('PAGE_COMPOSER');

/**
 * A composer could not make a plan (provider unreachable or refusing, malformed answer). Its message is
 * shown to the caller, so it must be readable and hold no secret or raw provider body.
 */
export class ComposerError extends Error {
  override name = 'ComposerError';
}
