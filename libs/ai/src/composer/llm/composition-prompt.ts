// The messages that ask a language model for a section plan: the job, then the request and its candidates.
import { type CandidateSection, type CompositionInput } from '../composition.js';
import { maxImagePrompt, maxPlannedSections } from '../section-plan.js';

/** A slot's current content only shows what kind of text belongs there; the rest would cost tokens. */
export const maxCurrentText = 60;
const maxKeywords = 8;

/** The system message: what to do with the request and the candidate sections. */
export function compositionInstructions(input: CompositionInput): string {
  const images = input.useOnlyProvidedAssets
    ? [
        '- Images: only the provided images may be used. Put each where its description fits, with `providedUrl`',
        '  set to its url exactly and a short alt text. Never write a generatedPrompt; leave out image slots for',
        '  which no provided image fits.',
      ]
    : [
        '- Images: put each provided image where its description fits, with `providedUrl` set to its url exactly',
        '  and a short alt text. For the other image slots, write `generatedPrompt`: what the picture shows for',
        `  this subject (subject, setting, composition) in at most ${maxImagePrompt} characters, with no style`,
        '  words (no "photo", "illustration", "3D", art styles or colour schemes): a style is prefixed later.',
      ];
  return [
    'You compose one web page from a library of ready-made sections. You choose sections and write what goes',
    'into their slots (texts, images, icons); their design stays as it is.',
    '',
    'Each candidate slot reads `elementKey | kind | capacity | name | current content`.',
    '',
    'Rules:',
    '- Choose sections only from the candidates, by `key`. List them in page order: the page opens with a hero',
    '  (only a navbar may come before it) and ends with a footer, when the candidates have those roles.',
    `  Use 4 to 8 sections unless the request asks for more or fewer, at most ${maxPlannedSections}.`,
    '- Include every kind of section the request asks for (pricing, FAQ, testimonials, team, …) when a',
    '  candidate plays that role. Do not use two sections of the same role unless asked to.',
    '- Fill every text slot of each chosen section with copy about the subject of the request, in the language',
    "  of the request. Stay within the slot's `capacity` (characters) and match the slot: a headline is short,",
    '  a button label is one to three words, a price looks like a price, a list item is one line. Texts are',
    '  never cut: a longer one keeps only its leading whole sentences that fit, or its element is removed.',
    "- Use the facts in the request's `text` verbatim and in the section made for them (each price tier in its",
    '  own pricing card with its name, price, period and features; questions and answers in the FAQ; contact',
    '  details and opening hours in the contact section). A fact too long for a slot goes whole into a larger',
    '  one. Do not contradict them.',
    '- State nothing about the business the request does not say: no invented prices, figures, reviews,',
    '  names or awards (a text naming a price the request does not give is removed). Where it says nothing,',
    '  write copy about its subject and offerings without new facts, and do not repeat a sentence.',
    '- An empty text ("") removes its element: use it for slots the request has nothing for, such as a third',
    '  plan card when two prices are given or plan features the request does not list.',
    ...images,
    '- Icons: a lucide icon name in kebab-case ("rocket", "shield-check", "credit-card") fitting its text.',
    "- Slots you leave out keep the library's content: only do that for content that fits any page.",
    '',
    'Answer with the JSON object of the response format: per section its texts, images and icons by `elementKey`.',
  ].join('\n');
}

/** The user message: the request and the candidates, as compact JSON. */
export function compositionRequest(input: CompositionInput): string {
  const request = {
    prompt: input.prompt,
    text: input.text,
    projectTitle: input.projectTitle,
    pageTitle: input.pageTitle,
    images: input.images,
    useOnlyProvidedAssets: input.useOnlyProvidedAssets,
  };
  return [
    `Request: ${JSON.stringify(request)}`,
    '',
    `Candidate sections: ${JSON.stringify(input.candidates.map(candidateDescription))}`,
  ].join('\n');
}

function candidateDescription(candidate: CandidateSection) {
  return {
    key: candidate.key,
    role: candidate.role,
    title: candidate.title,
    keywords: candidate.keywords.slice(0, maxKeywords),
    slots: candidate.slots.map((slot) =>
      [slot.elementKey, slot.kind, slot.capacity, slot.name, shortened(slot.current)].join(' | '),
    ),
  };
}

function shortened(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= maxCurrentText ? clean : `${clean.slice(0, maxCurrentText - 1)}…`;
}
