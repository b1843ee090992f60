// Copy written from the prompt's subject for slots the caller's content does not fill. It never states a
// price, figure or name the caller did not give: where a library shows one, it writes neutral words instead.
import { type SectionRole } from '#folio/libraries';
import { type ItemCopy } from './caller-items.js';
import { capitalize, joinList, singular } from './copy-text.js';
import { type PageSubject, subjectName } from './page-subject.js';
import { type SlotPart, type SlotPurpose } from './slot-anatomy.js';

export interface CopyContext {
  subject: PageSubject;
  /** The page's roles in order, for navigation links. */
  roles: readonly SectionRole[];
  /** Whether the caller gave prices: without them, the pricing section asks for a quote. */
  hasPrices: boolean;
}

/** The section's role for copy; a call to action with an e-mail field is a newsletter signup. */
export type CopyRole = SectionRole | 'newsletter';

/** Candidate texts, best first; the writer keeps the first that fits the slot. */
export type Options = (string | null | undefined)[];

const navLabels: Partial<Record<SectionRole, string>> = {
  features: 'What we do',
  content: 'Our story',
  stats: 'About',
  gallery: 'Gallery',
  team: 'Team',
  testimonials: 'Reviews',
  pricing: 'Prices',
  faq: 'FAQ',
  contact: 'Contact',
};
const legalLinks = ['Privacy', 'Terms', 'Cookies', 'Sitemap'];
const formFields = [
  { label: 'Name', placeholders: ['Your name', 'Name'] },
  { label: 'Email', placeholders: ['you@example.com', 'Email'] },
  { label: 'Phone', placeholders: ['Your phone number', 'Phone number', 'Phone'] },
  { label: 'Topic', placeholders: ['Choose one'] },
  { label: 'Message', placeholders: ['Tell us a little about what you need', 'Your message'] },
];

/** The words copy uses for the subject, derived once. */
function voice(ctx: CopyContext) {
  const { subject } = ctx;
  const name = subjectName(subject);
  const people = subject.trade.people;
  return {
    name,
    ref: subject.ref,
    Ref: capitalize(subject.ref),
    people,
    person: singular(people),
    offerings: subject.offerings,
    place: subject.place,
    audience: subject.audience,
    /** What the business is, without its place: "jazz trio". */
    kind: subject.place ? subject.short.replace(subject.place, '').trim() || subject.short : subject.short,
  };
}

/** Copy for a slot of the section's own: headline, heading, lead, buttons, notes. `nth` counts earlier slots of its purpose. */
export function sectionCopy(part: SlotPart, role: CopyRole, ctx: CopyContext, nth: number): Options {
  const v = voice(ctx);
  const purpose = part.purpose as SlotPurpose;
  switch (purpose) {
    case 'headline':
    case 'heading':
      return role === 'hero' ? heroHeadlines(ctx) : [...headings(role, ctx), v.name];
    case 'eyebrow':
      return [eyebrows(role, ctx), v.name];
    case 'lead':
      return [...leads(role, ctx), `${capitalize(ctx.subject.phrase)}.`, v.name];
    case 'button':
      return buttons(part, role, ctx, nth);
    case 'link':
      return part.series?.includes('legal')
        ? [legalLinks[nth % legalLinks.length]]
        : [navigation(ctx)[nth] ?? legalLinks[nth % legalLinks.length]];
    case 'title':
      return [looseTitle(part), looseItem(role, ctx, nth).title, headings(role, ctx).at(-1), v.name];
    case 'text':
      return [
        ...notes(part, role, ctx, looseItem(role, ctx, nth).text),
        `${capitalize(ctx.subject.phrase)}.`,
      ];
    case 'note':
      return [...notes(part, role, ctx), `${capitalize(ctx.subject.phrase)}.`];
    case 'value':
      // A value is a price, a figure or a way to reach the business: only the caller's (section-writer.ts).
      return [];
    case 'label':
      return role === 'footer'
        ? [navigation(ctx)[nth]]
        : [looseItem(role, ctx, nth).label, v.place ? `Based in ${v.place}` : null, capitalize(v.people)];
    case 'quote':
      // A quote is someone's words: only the caller's (section-writer.ts removes the others).
      return [];
    case 'listItem':
      return part.slot.tag === 'ul'
        ? [listItems(ctx).slice(0, 3).join('\n')]
        : [listItems(ctx)[nth % listItems(ctx).length]];
    case 'brand':
      // A brand is not shortened: without one, "Jazz trio" stands for "Glasgow jazz trio".
      return [v.name, ctx.subject.brand ? null : capitalize(v.kind)];
    case 'copyright':
      return [`© ${v.name}. All rights reserved.`, `© ${v.name}`];
    case 'fieldLabel':
      return [formFields[nth % formFields.length].label];
    case 'placeholder':
      return placeholders(part, nth);
    case 'badge':
      return [role === 'pricing' ? 'Recommended' : 'Featured'];
    case 'keep':
      return [part.slot.current];
  }
}

/**
 * "Petal & Stem is a florist in York" ("We are …" without a brand when `asWe`), only when the prompt says
 * what the business is (a noun after "a"): never "Spoke & Chain is Our full list of repairs".
 */
function introduction(subject: PageSubject, asWe = false): string | null {
  const says = /^(?:a|an)\s/i.test(subject.phrase) && !subject.phrase.includes(subject.brand ?? '\0');
  if (!says) return null;
  if (subject.brand) return `${subject.brand} is ${subject.phrase}`;
  return asWe ? `We are ${subject.phrase}` : null;
}

function heroHeadlines(ctx: CopyContext): Options {
  const { subject } = ctx;
  const yours = subject.phrase.replace(/^(?:a|an)\s+/i, 'Your ');
  const named = subject.brand && !subject.phrase.includes(subject.brand);
  return [
    named ? `${subject.brand}: ${subject.phrase}` : null,
    yours !== subject.phrase ? yours : null,
    capitalize(subject.phrase),
    named ? `${subject.brand}, ${subject.short}` : null,
    capitalize(subject.short),
  ];
}

function headings(role: CopyRole, ctx: CopyContext): string[] {
  const v = voice(ctx);
  const byRole: Partial<Record<CopyRole, string[]>> = {
    newsletter: [`News from ${v.ref}`, 'Stay in touch'],
    features: [`Why ${v.people} choose ${v.ref}`, `What ${v.ref} offers`, 'What we offer'],
    pricing: [`Prices at ${v.ref}`, 'Our prices', 'Prices'],
    faq: ['Frequently asked questions', 'Questions, answered', 'FAQ'],
    testimonials: [`What ${v.people} say about ${v.ref}`, `What ${v.people} say`, 'Reviews'],
    stats: [`${v.name} at a glance`, 'At a glance'],
    team: [`The people behind ${v.ref}`, 'Meet the team'],
    gallery: [`A look inside ${v.ref}`, 'Gallery'],
    contact: [`Get in touch with ${v.ref}`, 'Get in touch'],
    content: [`The story of ${v.ref}`, 'Our story'],
    cta: [`Ready to try ${v.ref}?`, 'Ready when you are'],
    logos: [`Friends of ${v.ref}`, 'Our partners'],
    footer: [v.name],
  };
  return byRole[role] ?? [`Welcome to ${v.ref}`, v.name];
}

function eyebrows(role: CopyRole, ctx: CopyContext): string {
  const byRole: Partial<Record<CopyRole, string>> = {
    newsletter: 'Newsletter',
    features: 'What we offer',
    pricing: 'Prices',
    faq: 'FAQ',
    testimonials: 'Reviews',
    stats: 'At a glance',
    team: 'Our team',
    gallery: 'Gallery',
    contact: 'Contact',
    content: 'Our story',
    cta: 'Get started',
    logos: 'Partners',
  };
  return byRole[role] ?? capitalize(ctx.subject.short);
}

function leads(role: CopyRole, ctx: CopyContext): Options {
  const v = voice(ctx);
  const offer = v.offerings.length ? joinList(v.offerings) : null;
  const forWhom = v.audience ? ` for ${v.audience}` : '';
  switch (role) {
    case 'hero': {
      const welcome = `Welcome to ${v.ref}.`;
      const saysWhom = v.audience && !ctx.subject.phrase.includes(v.audience);
      const offers = offer ? `We offer ${offer}${forWhom}.` : saysWhom ? `Made for ${v.audience}.` : null;
      const named = introduction(ctx.subject);
      const intro = named ? `${named}.` : welcome;
      const { action } = ctx.subject.trade;
      const next =
        action === 'Get in touch'
          ? 'Get in touch with any question.'
          : `${action}, or get in touch with any question.`;
      return [offers && `${intro} ${offers}`, `${intro} ${next}`, offers, intro];
    }
    case 'features':
      return [`Here is what ${v.people} can expect from ${v.ref}.`, `What you can expect from ${v.ref}.`];
    case 'pricing':
      return ctx.hasPrices
        ? [
            `Everything ${v.ref} offers, at a glance. Ask us if you need something that is not listed.`,
            'Ask us if you need something that is not listed.',
          ]
        : [
            `Every request is different: tell us what you need and ${v.ref} will send you a quote.`,
            'Ask us for a quote.',
          ];
    case 'faq':
      return [
        `Answers to the questions ${v.people} ask us most. Anything else? Just ask.`,
        'Anything else? Just ask.',
      ];
    case 'testimonials':
      return [`A few words from ${v.people} of ${v.ref}.`, `A few words from our ${v.people}.`];
    case 'stats':
      return [`A quick look at ${v.ref}.`];
    case 'team':
      return [`The people who make ${v.ref} what it is.`, 'The people behind it all.'];
    case 'gallery':
      return [offer ? `A look at ${offer} at ${v.ref}.` : null, `Moments from ${v.ref}.`];
    case 'contact':
      return [
        `Questions or ideas? Send a message to ${v.ref} and we will get back to you.`,
        'Send us a message.',
      ];
    case 'content':
      return [`How ${v.ref} came to be, and what we care about.`, 'What we care about.'];
    case 'cta':
      return [
        `Get in touch with ${v.ref} today. We look forward to hearing from you.`,
        `Get in touch with ${v.ref} today.`,
        'We look forward to hearing from you.',
      ];
    case 'newsletter':
      return [
        `Occasional news from ${v.ref}, straight to your inbox.`,
        'Occasional news, straight to your inbox.',
      ];
    default:
      return [`${capitalize(ctx.subject.phrase)}.`];
  }
}

/** Button labels keep the library button's intent (send, subscribe) and otherwise say what to do next. */
function buttons(part: SlotPart, role: CopyRole, ctx: CopyContext, nth: number): Options {
  const { trade } = ctx.subject;
  const arrow = part.slot.current.trim().endsWith('→') ? ' →' : '';
  const current = part.slot.current.toLowerCase();
  if (/\b(?:send|submit)\b/.test(current)) return ['Send message', 'Send'];
  if (/\b(?:subscribe|sign up)\b/.test(current)) return ['Subscribe'];
  if (/\bsign in\b|\blog in\b/.test(current)) return ['Sign in'];
  const browse = ctx.roles.includes('pricing') && role === 'hero' ? 'See prices' : trade.browse;
  const primary = role === 'pricing' && !ctx.hasPrices ? 'Ask for a quote' : trade.action;
  const asking: CopyRole[] = ['pricing', 'faq', 'contact', 'team'];
  const labels =
    arrow || role === 'gallery'
      ? asking.includes(role)
        ? ['Ask us', 'Contact us']
        : ['Learn more', 'See more']
      : role === 'faq' || role === 'contact' || role === 'team'
        ? ['Contact us', 'Get in touch']
        : [primary, primary === 'Get in touch' ? 'Learn more' : browse === primary ? 'Get in touch' : browse];
  return [`${labels[nth % labels.length]}${arrow}`, labels[nth % labels.length], 'Learn more'];
}

/** Titles of the section's own small cards: a help box, a hiring note. */
function looseTitle(part: SlotPart): string | null {
  const name = part.slot.name.toLowerCase();
  if (name.startsWith('help')) return 'Still have questions?';
  if (name.startsWith('hiring')) return 'Work with us';
  return null;
}

/** Copy for the `nth` slot of a kind outside any card, so unnamed slots of one section still differ. */
function looseItem(role: CopyRole, ctx: CopyContext, nth: number): ItemCopy {
  return generatedItem(role === 'newsletter' ? 'cta' : role, '', nth, ctx);
}

function notes(part: SlotPart, role: CopyRole, ctx: CopyContext, itemText?: string): Options {
  const v = voice(ctx);
  const name = part.slot.name.toLowerCase();
  if (/includes/.test(name)) return ['What’s included:', 'Includes:'];
  if (/consent/.test(name)) return ['I agree to be contacted about my enquiry.'];
  if (name.startsWith('help')) return ['Send us a message and we will get back to you.'];
  if (name.startsWith('hiring'))
    return [`Would you like to work with ${v.ref}? We would love to hear from you.`];
  if (/publication|date/.test(name)) return [`By ${v.name}`];
  if (itemText && !part.slot.name) return [itemText];
  switch (role) {
    case 'hero':
      return [v.place ? `Based in ${v.place}` : null, v.audience ? `Made for ${v.audience}` : null, v.name];
    case 'pricing':
      return ctx.hasPrices ? ['Questions about prices? Ask us.'] : ['Not sure what you need? Ask us.'];
    case 'faq':
      return ['Can’t find your question?'];
    case 'newsletter':
      return ['Unsubscribe at any time.'];
    case 'cta':
      return ['No obligation, just ask.'];
    default:
      return [`${capitalize(ctx.subject.phrase)}.`];
  }
}

function placeholders(part: SlotPart, nth: number): Options {
  const current = part.slot.current;
  if (current.includes('@')) return ['you@example.com', 'Your email'];
  if (/\b(?:choose|select)\b/i.test(current)) return ['Choose one'];
  return formFields[nth % formFields.length].placeholders;
}

/** Navigation labels: the page's own sections, then the usual pages. */
export function navigation(ctx: CopyContext): string[] {
  const labels = ctx.roles.map((role) => navLabels[role]).filter((label): label is string => !!label);
  return [...new Set([...labels, 'Home', 'About', 'Contact', ...legalLinks])];
}

/**
 * Short points for highlight rows: what is on offer and where, as the caller said, then an offer to
 * help. No quality the caller did not claim ("Quick replies", "No pressure"): a row with nothing of the
 * caller's to list loses its points.
 */
export function listItems(ctx: CopyContext): string[] {
  const v = voice(ctx);
  return [...v.offerings.map(capitalize), ...(v.place ? [`Based in ${v.place}`] : []), 'Here to help'];
}

/** The list starting at its `start`-th entry, wrapping round: neighbouring cards list differently. */
function rotated<T>(list: T[], start: number): T[] {
  const at = start % Math.max(1, list.length);
  return [...list.slice(at), ...list.slice(0, at)];
}

/** Paragraphs of an about/story text. */
export function paragraphs(ctx: CopyContext): string[] {
  const v = voice(ctx);
  const offers = v.offerings.length ? `we offer ${joinList(v.offerings)}` : null;
  const intro = introduction(ctx.subject, true);
  const opening = intro
    ? `${intro}${offers ? `, and ${offers}` : ''}.`
    : `Welcome to ${v.ref}${offers ? `: ${offers}` : ''}.`;
  return [
    `${opening} Everything we do is for ${v.audience ?? `the ${v.people} who come to us`}.`,
    `We want every ${v.person} to feel welcome and well looked after. If there is something you would like us to do, tell us — we listen.`,
    `Get in touch with ${v.ref}. We look forward to hearing from you.`,
  ];
}

/** Subheadings between paragraphs. */
export const storyHeadings = ['What we do', 'Why it matters', 'Get in touch'];

/** "01" over the first card of a row, "02" over the second. */
export function cardNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}

/** The `index`-th generated card of a series of a section of `role`. */
export function generatedItem(role: SectionRole, series: string, index: number, ctx: CopyContext): ItemCopy {
  if (series === 'column') return footerColumn(index, ctx);
  switch (role) {
    case 'features':
    case 'gallery':
      return feature(index, ctx);
    case 'faq':
      return question(index, ctx);
    case 'contact':
      return contactMethod(index, ctx);
    default:
      // Plans, figures, reviews and people state facts only the caller gives (section-writer.ts removes their cards).
      return {};
  }
}

function feature(index: number, ctx: CopyContext): ItemCopy {
  const v = voice(ctx);
  const offered = v.offerings.map((offering, i): ItemCopy => {
    const Offering = capitalize(offering);
    const texts = [
      `${Offering} from ${v.ref}, made with care.`,
      `Ask us about ${offering}: we are happy to help you choose.`,
      `${Offering}${v.audience ? ` for ${v.audience}` : ''}, just the way you like it.`,
    ];
    return { title: Offering, text: texts[i % texts.length] };
  });
  const qualities: ItemCopy[] = [
    {
      title: 'Made with care',
      text: `Everything at ${v.ref} is done properly, with attention to the small details.`,
    },
    v.place
      ? {
          title: `Rooted in ${v.place}`,
          text: `Part of ${v.place}, for the ${v.people} who live and work nearby.`,
        }
      : { title: 'Personal service', text: `You deal with real people who know ${v.ref} inside out.` },
    { title: 'Easy to reach', text: 'Questions or special requests? Get in touch and we will help.' },
    { title: `Made for ${v.people}`, text: `${v.Ref} is shaped by what our ${v.people} ask for.` },
    { title: 'Here to help', text: 'Tell us what you need and we will find a way to make it work.' },
    { title: 'Clear and simple', text: 'You know what you get before you decide.' },
  ];
  const all = [...offered, ...qualities];
  const item = all[index % all.length];
  const points = listItems(ctx).filter((point) => point !== item.title);
  return {
    ...item,
    list: rotated(points, index),
    button: 'Learn more',
    eyebrow: cardNumber(index),
  };
}

function question(index: number, ctx: CopyContext): ItemCopy {
  const v = voice(ctx);
  const pairs: [string, string][] = [
    [
      `What does ${v.ref} offer?`,
      v.offerings.length
        ? `${capitalize(joinList(v.offerings))}. Ask us if you are looking for something else.`
        : 'Get in touch and tell us what you need. We are happy to help.',
    ],
    [`Who is ${v.ref} for?`, `For ${v.audience ?? `anyone looking for ${ctx.subject.phrase}`}.`],
    ...(v.place
      ? [[`Where is ${v.ref}?`, `We are in ${v.place}. Get in touch for directions.`] as [string, string]]
      : []),
    [
      'How do I get in touch?',
      'Send us a message with the contact details on this page and we will reply soon.',
    ],
    [
      'Can I ask for something special?',
      'Of course. Tell us what you have in mind and we will tell you what is possible.',
    ],
    ['How do I get started?', 'Just get in touch and we will take it from there.'],
    [`Why choose ${v.ref}?`, 'Care, attention and people who listen. Get in touch and see for yourself.'],
    ['Where can I learn more?', 'Read on, or get in touch: we are happy to answer any question.'],
  ];
  const [title, text] = pairs[index % pairs.length];
  return { title, text };
}

function contactMethod(index: number, ctx: CopyContext): ItemCopy {
  const v = voice(ctx);
  const methods: ItemCopy[] = [
    { label: 'Write to us', value: 'Use the form on this page' },
    { label: 'Visit us', value: v.place ? `In ${v.place}` : 'By appointment' },
    { label: 'Call us', value: 'Ask for a call back' },
  ];
  return methods[index % methods.length];
}

function footerColumn(index: number, ctx: CopyContext): ItemCopy {
  const links = navigation(ctx);
  const columns: ItemCopy[] = [
    { title: 'Explore', list: links.filter((link) => !legalLinks.includes(link)) },
    { title: 'Visit', list: ['About', 'Contact', ...(ctx.roles.includes('faq') ? ['FAQ'] : []), 'Home'] },
    { title: 'Legal', list: legalLinks },
  ];
  return columns[index % columns.length];
}
