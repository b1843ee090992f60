import { describe, expect, it } from '@jest/globals';
import { analyzeLibrarySection } from '#folio/libraries';
import { starterLibrary } from '#folio/seed';
import { candidateOf } from '../candidates.js';
import { type CompositionInput } from '../composition.js';
import { composeOffline } from './offline-composer.js';

const starter = starterLibrary.sections.map((section) =>
  candidateOf({ ...section, libraryKey: starterLibrary.key, analysis: analyzeLibrarySection(section) }),
);

const plumber = {
  projectTitle: 'Drip & Dash Plumbing',
  prompt:
    'A website for Drip & Dash, an emergency plumber in Bristol offering boiler repairs, leak detection and bathroom fitting, with prices and an FAQ',
  text: [
    'Call-out visit £65: first hour, parts extra',
    'Boiler service £90 — annual safety check',
    '',
    'Q: Do you work weekends?',
    'A: Yes, 24 hours a day, 7 days a week for emergencies.',
    'Q: Are you Gas Safe registered?',
    'A: Yes, registration number 554321.',
    '',
    'Phone: 0117 496 0321',
    'Address: 4 Gloucester Road, Bristol BS7 8AA',
    'Opening hours: Mon–Fri 8am–6pm, emergencies 24/7',
  ].join('\n'),
};

const projectTool = {
  projectTitle: 'Tasklane',
  prompt:
    'Landing page for Tasklane, a project-management SaaS for small agencies, with three pricing tiers, features and an FAQ',
  text: [
    'Starter £9/month: 3 projects, email support',
    'Team £29/month',
    '- Unlimited projects',
    '- Time tracking',
    '- Priority support',
    'Enterprise £99/month',
    '- SSO and audit log',
    '- Dedicated account manager',
    '',
    'Can I cancel any time?',
    'Yes, cancel from your account settings and you will not be billed again.',
    'Is there a free trial?',
    'Every plan comes with a 14-day free trial, no card needed.',
    '',
    'Email: hello@tasklane.example',
  ].join('\n'),
};

const florist = {
  projectTitle: 'Petal & Stem',
  prompt:
    'A page for Petal & Stem, a florist in York that makes wedding bouquets, seasonal arrangements and funeral wreaths, with packages, a gallery and kind words from brides',
  text: [
    'Bridal bouquet — £120: hand-tied, seasonal flowers',
    'Full wedding package — £850',
    '- Bridal and bridesmaid bouquets',
    '- Buttonholes for 10 guests',
    '- Table centrepieces',
    '',
    'Opening hours: Tue–Sat 9am–5pm',
    'Address: 22 Stonegate, York YO1 8AS',
    'Phone: 01904 555 210',
    '',
    '“Our flowers were more beautiful than we imagined.” — Priya and Tom, married June 2025',
  ].join('\n'),
};

function setup(brief: Pick<CompositionInput, 'projectTitle' | 'prompt' | 'text'>) {
  const input: CompositionInput = {
    images: [],
    useOnlyProvidedAssets: false,
    pageTitle: 'Home',
    candidates: starter,
    ...brief,
  };
  const plan = composeOffline(input);
  const byKey = new Map(starter.map((candidate) => [candidate.key, candidate]));
  const sections = plan.sections.map((section) => {
    const candidate = byKey.get(section.sectionKey)!;
    const slots = section.fills.flatMap((fill) => {
      const slot = candidate.slots.find((s) => s.elementKey === fill.elementKey)!;
      return fill.kind === 'text' ? [{ name: slot.name, capacity: slot.capacity, text: fill.text }] : [];
    });
    return { role: candidate.role, slots };
  });
  /** The texts the page shows (an empty text removes its element). */
  const shown = sections.flatMap((s) => s.slots.map((slot) => slot.text)).filter(Boolean);
  const textsOf = (role: string) =>
    sections
      .filter((s) => s.role === role)
      .flatMap((s) => s.slots)
      .filter((slot) => slot.text);
  const textOf = (role: string, name: string) => textsOf(role).find((slot) => slot.name === name)?.text;
  return { sections, shown, textsOf, textOf };
}

const jazzTrio = {
  projectTitle: 'Untitled project',
  prompt: 'A page for a jazz trio in Glasgow that plays weddings, private parties and corporate events',
  text: null,
};

/** Named, then described as "our …": the description is the subject, and may end without a full stop. */
const invoicingApp = {
  projectTitle: 'Ledgerly',
  prompt:
    'Landing page for Ledgerly, our invoicing app for small design studios. Two pricing tiers, features and FAQ please',
  text: [
    'Ledgerly sends your invoices and chases late payments for you.',
    '',
    'Solo: $12 / month',
    '- 1 user',
    'Studio: $39 / month',
    '- 10 users',
    '',
    'Email: hello@ledgerly.app',
  ].join('\n'),
};

const briefs = { plumber, projectTool, florist, jazzTrio, invoicingApp };

describe('the copy of a composed page', () => {
  it("puts every price tier in its own pricing card with the caller's name, price, period and features", () => {
    const { textOf, textsOf } = setup(projectTool);

    expect(['Plan 1', 'Plan 2', 'Plan 3'].map((plan) => textOf('pricing', `${plan} name`))).toEqual([
      'Starter',
      'Team',
      'Enterprise',
    ]);
    expect(['Plan 1', 'Plan 2', 'Plan 3'].map((plan) => textOf('pricing', `${plan} price`))).toEqual([
      '£9',
      '£29',
      '£99',
    ]);
    expect(textOf('pricing', 'Plan 3 period')).toBe('/month');
    expect(textOf('pricing', 'Plan 1 description')).toBe('3 projects, email support');
    const features = (plan: string) =>
      textsOf('pricing')
        .filter((slot) => new RegExp(`^${plan} feature \\d+$`).test(slot.name))
        .map((slot) => slot.text);
    // Only what the caller listed: no quality the caller did not claim is shown as part of a plan.
    expect(features('Plan 1')).toEqual([]);
    expect(features('Plan 2')).toEqual(['Unlimited projects', 'Time tracking', 'Priority support']);
    expect(features('Plan 3')).toEqual(['SSO and audit log', 'Dedicated account manager']);
    expect(textsOf('faq').map((slot) => slot.text)).toEqual(
      expect.arrayContaining([
        'Can I cancel any time?',
        'Yes, cancel from your account settings and you will not be billed again.',
      ]),
    );
  });

  it('shows two caller prices as two cards, with no invented price, period or quote card', () => {
    const { textsOf, textOf, shown } = setup(plumber);

    const pricing = textsOf('pricing').map((slot) => slot.text);
    // Names too long for a plan's name slot go whole into its description, under their head noun.
    expect(pricing).toEqual(
      expect.arrayContaining([
        'Visit',
        'Call-out visit: first hour, parts extra',
        '£65',
        'Service',
        'Boiler service: annual safety check',
        '£90',
      ]),
    );
    expect(textsOf('pricing').filter((slot) => slot.name.startsWith('Plan 3'))).toEqual([]);
    expect(pricing.filter((text) => /^(?:each|Ask us|Custom|for a quote|\$0)$/.test(text))).toEqual([]);
    expect(textOf('pricing', 'Billing option 2')).toBeUndefined();
    // Contact details land in the contact section; no way to reach them is made up.
    expect(textsOf('contact').map((slot) => slot.text)).toEqual(
      expect.arrayContaining([
        '0117 496 0321',
        '4 Gloucester Road, Bristol BS7 8AA',
        'Mon–Fri 8am–6pm, emergencies 24/7',
      ]),
    );
    expect(shown.filter((text) => /by appointment|call back/i.test(text))).toEqual([]);
  });

  it('writes only the quotes the caller gave, with their names', () => {
    const { textsOf } = setup(florist);

    const quotes = textsOf('testimonials').filter((slot) => /quote/.test(slot.name));
    expect(quotes.map((slot) => slot.text)).toEqual(['“Our flowers were more beautiful than we imagined.”']);
    expect(textsOf('testimonials').map((slot) => slot.text)).toEqual(
      expect.arrayContaining(['Priya and Tom', 'married June 2025']),
    );
  });

  it('writes no review the caller did not give: reviews asked for and none given, no testimonials section', () => {
    const { sections, shown } = setup({
      projectTitle: 'Inkwell Studio',
      prompt: 'A page for a tattoo studio in Brighton with reviews',
      text: null,
    });

    expect(sections.map((section) => section.role)).not.toContain('testimonials');
    expect(shown.filter((text) => /^[“"]|★|^A (?:regular|newcomer|local)$/.test(text))).toEqual([]);
  });

  it('states no quality of the business the caller did not claim in its points, and keeps the place they gave', () => {
    for (const brief of [plumber, florist, jazzTrio]) {
      const { shown } = setup(brief);
      const claims = ['Friendly advice', 'Personal service', 'Quick replies', 'No pressure', 'Real people'];
      expect({ brief: brief.projectTitle, claims: shown.filter((text) => claims.includes(text)) }).toEqual({
        brief: brief.projectTitle,
        claims: [],
      });
    }
    expect(setup(florist).shown).toContain('Based in York');
  });

  it('writes about the subject and its offerings, not the words of the request', () => {
    for (const brief of [plumber, florist]) {
      const { shown, textOf } = setup(brief);
      expect(
        shown.filter((text) => /kind words|(\S+(?: & \S+)?) is \1\b|: Drip & Dash$/i.test(text)),
      ).toEqual([]);
      expect(textOf('hero', 'Headline')).toMatch(/plumber|florist/);
    }
    const menu = setup({
      projectTitle: 'Spoke & Chain',
      prompt: 'Our full list of bike repairs',
      text: null,
    });
    expect(menu.shown.filter((text) => /Spoke & Chain is our/i.test(text))).toEqual([]);
    const { textOf } = setup(florist);
    expect(textOf('hero', 'Subheadline')).toMatch(
      /wedding bouquets, seasonal arrangements and funeral wreaths\.$/,
    );
  });

  it.each(Object.entries(briefs))(
    'fits every text of the %s page to its slot without cutting it',
    (_, brief) => {
      const { sections } = setup(brief);

      for (const slot of sections.flatMap((s) => s.slots)) {
        expect({ ...slot, over: slot.text.length > slot.capacity }).toMatchObject({ over: false });
        expect(slot.text).not.toMatch(/(?:…|\.\.\.)$/);
      }
    },
  );

  it("shows a plan feature too long for any feature row whole, as the plan's description, not the plan elsewhere", () => {
    const { textOf, textsOf } = setup({
      projectTitle: 'Crux Climbing',
      prompt: 'A page for Crux Climbing, a bouldering gym in Sheffield, with memberships and prices',
      text: [
        'Day pass: £14',
        '- Full access to every wall',
        'Monthly: £55 / month',
        '- Unlimited visits',
        'Annual: £540 / year',
        '- Twelve months of unlimited climbing and classes',
        '- Guest passes',
      ].join('\n'),
    });

    expect(['Plan 1', 'Plan 2', 'Plan 3'].map((plan) => textOf('pricing', `${plan} name`))).toEqual([
      'Day pass',
      'Monthly',
      'Annual',
    ]);
    expect(textOf('pricing', 'Plan 3 price')).toBe('£540');
    expect(textOf('pricing', 'Plan 3 description')).toBe('Twelve months of unlimited climbing and classes');
    const plan3Features = textsOf('pricing').filter((slot) => /^Plan 3 feature \d+$/.test(slot.name));
    expect(plan3Features.map((slot) => slot.text)).toEqual(['Guest passes']);
  });

  it.each(Object.entries(briefs))('repeats no sentence on the %s page', (_, brief) => {
    const { shown } = setup(brief);

    // A sentence: three words or more ending in . ! or ?, or a text of five words or more without that
    // ending (a headline or lead), compared without its closing punctuation and case.
    const sentences = shown.flatMap((text) =>
      (text.match(/[^.!?\n]+(?:[.!?]+|$)/gm) ?? [])
        .map((s) => s.trim())
        .filter((s) => s.split(/\s+/).length >= (/[.!?]$/.test(s) ? 3 : 5))
        .map((s) => s.replace(/[.!?]+$/, '').toLowerCase()),
    );
    const repeated = sentences.filter((sentence, i) => sentences.indexOf(sentence) !== i);
    expect(repeated).toEqual([]);
  });
});
