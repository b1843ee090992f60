import { describe, expect, it } from '@jest/globals';
import { readPromptFacts } from './prompt-facts.js';

describe(readPromptFacts.name, () => {
  it('reads prices with what they buy, their period and what follows them, wherever the sentence puts them', () => {
    const { prices } = readPromptFacts(
      'A page for Knead, a food truck in Leeds. Flatbreads cost £7 each; a mezze box is £12 for two people, and the family feast is from £30 (serves four). We also do catering at £15 per head with dessert included. Free delivery on orders over £40.',
    );

    expect(prices.map(({ name, amount, period, details }) => ({ name, amount, period, details }))).toEqual([
      { name: 'Flatbreads', amount: '£7', period: 'each', details: null },
      { name: 'Mezze box', amount: '£12', period: null, details: 'for two people' },
      { name: 'Family feast', amount: 'from £30', period: null, details: '(serves four)' },
      { name: 'Catering', amount: '£15', period: 'per head', details: 'with dessert included' },
    ]);
  });

  it('reads e-mails, phones by their cue, addresses, opening hours and social accounts', () => {
    const { contacts } = readPromptFacts(
      'Website for Brightwell Physio in Bath. Open Mon–Fri 8am–7pm, Saturdays 9am–1pm. Clinic at Unit 2, Kingsmead Square, Bath BA1 2AB. Ring 01225 960 311 or WhatsApp 07700 900 123; email hello@brightwell.example. Instagram: @brightwellphysio',
    );

    expect(contacts.map(({ key, value }) => [key, value])).toEqual([
      ['Hours', 'Mon–Fri 8am–7pm, Saturdays 9am–1pm'],
      ['Address', 'Unit 2, Kingsmead Square, Bath BA1 2AB'],
      ['Phone', '01225 960 311'],
      ['WhatsApp', '07700 900 123'],
      ['Email', 'hello@brightwell.example'],
      ['Instagram', '@brightwellphysio'],
    ]);
  });

  it('pairs questions with their answers, and takes a question to whoever writes the page for none', () => {
    const { questions, paragraphs } = readPromptFacts(
      'Can you build a site for Sparkle, a cleaning company in Leeds? Questions: Do you bring your own products? Yes, all eco-friendly. Are you insured? Yes, fully insured up to £2m. Call 0113 496 0555.',
    );

    expect(questions).toEqual([
      { question: 'Do you bring your own products?', answer: 'Yes, all eco-friendly.' },
      { question: 'Are you insured?', answer: 'Yes, fully insured up to £2m.' },
    ]);
    expect(paragraphs).toEqual([]);
  });

  it('reads quotes someone said, with their name and place, and leaves a quoted tagline alone', () => {
    const { quotes } = readPromptFacts(
      'A page for Tide Tutors with the headline "Confidence in every lesson, every week". Add a review: "My daughter went from a 4 to a 7 in one term." – Helen, Hove. One student wrote: ‘I finally understand algebra and actually enjoy it.’',
    );

    expect(quotes).toEqual([
      { quote: '"My daughter went from a 4 to a 7 in one term."', author: 'Helen', role: 'Hove' },
      { quote: '‘I finally understand algebra and actually enjoy it.’', author: 'One student', role: null },
    ]);
  });

  it('reads people with the role the prompt gives them, and what it says about one of them', () => {
    const { people } = readPromptFacts(
      "I'm Priya Shah, a mobile vet in Norwich. My practice was founded by Tom Hale. Our nurses: Ana Silva and Joe Marsh (head nurse). Our receptionist Kim Lee has run the front desk for 12 years.",
    );

    expect(people.map(({ key, value, details }) => ({ key, value, details }))).toEqual([
      { key: 'Mobile vet', value: 'Priya Shah', details: undefined },
      { key: 'Founder', value: 'Tom Hale', details: undefined },
      { key: 'Nurse', value: 'Ana Silva', details: undefined },
      { key: 'Head nurse', value: 'Joe Marsh', details: undefined },
      {
        key: 'Receptionist',
        value: 'Kim Lee',
        details: 'Kim Lee has run the front desk for 12 years.',
      },
    ]);
  });

  it('reads the numbers the prompt counts things with, and no age, year, time or reference number', () => {
    const { figures } = readPromptFacts(
      'A page for Fern & Co, a garden design studio in York. We have planted 1,200 trees since 2009 and designed 85% of the parks in town. Courses for ages 8 to 12 start at 10am. RHS member number 55123. Open since 2009.',
    );

    expect(figures.map(({ key, value }) => [value, key])).toEqual([
      ['1,200', 'Trees since 2009'],
      ['85%', 'Of the parks'],
    ]);
  });

  it('keeps statements about the business as written, and no instruction for the page', () => {
    const { paragraphs } = readPromptFacts(
      'A page for Sparkle, a cleaning company in Leeds. Every cleaner is vetted and trained by us. Make the tone friendly. Keep it short, with prices. Mention that we never use bleach and that quotes are free.',
    );

    expect(paragraphs).toEqual([
      'Every cleaner is vetted and trained by us.',
      'We never use bleach.',
      'Quotes are free.',
    ]);
  });
});
