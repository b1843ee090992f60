import { describe, expect, it } from '@jest/globals';
import { parseCallerContent } from './caller-content.js';

describe(parseCallerContent.name, () => {
  it('reads a price line into its name, amount, period and details, with the list under it as what it includes', () => {
    const content = parseCallerContent(
      [
        'Loaf club — €12/month: two loaves a week',
        '- Pick up any day',
        'Pastry box: £18 — six pastries',
      ].join('\n'),
    );

    expect(content.prices).toEqual([
      {
        line: 'Loaf club — €12/month: two loaves a week',
        name: 'Loaf club',
        amount: '€12',
        period: '/month',
        details: 'two loaves a week',
        includes: ['Pick up any day'],
      },
      {
        line: 'Pastry box: £18 — six pastries',
        name: 'Pastry box',
        amount: '£18',
        period: null,
        details: 'six pastries',
        includes: [],
      },
    ]);
  });

  it('keeps a list item that only mentions an amount as a list item', () => {
    const content = parseCallerContent('- Free delivery across Leeds on orders over €20\n- Vegan options');

    expect(content.prices).toEqual([]);
    expect(content.listItems).toEqual(['Free delivery across Leeds on orders over €20', 'Vegan options']);
  });

  it('pairs questions with their answers, written with Q:/A: or as a question line and the lines after it', () => {
    const content = parseCallerContent(
      [
        'Q: Do you deliver?',
        'A: Yes, within Leeds.',
        '',
        'Can I order a cake?',
        'Yes —',
        'three days ahead.',
      ].join('\n'),
    );

    expect(content.questions).toEqual([
      { question: 'Do you deliver?', answer: 'Yes, within Leeds.' },
      { question: 'Can I order a cake?', answer: 'Yes — three days ahead.' },
    ]);
  });

  it('reads quotes with their author, and sorts "Key: value" facts by what they are', () => {
    const content = parseCallerContent(
      [
        '“Best croissants in the north.” — Sam, Headingley',
        '"Worth the queue every Saturday."',
        '— Priya',
        'Opening hours: Mon–Sat 7am–3pm',
        'hello@crumb.example',
        'Loaves a week: 1,200',
        'Head baker: Sam Patel',
        'Flour: stone-ground in Yorkshire',
        'We have baked on this street since 1998.',
        'Come and say hello.',
      ].join('\n'),
    );

    expect(content.quotes).toEqual([
      { quote: '“Best croissants in the north.”', author: 'Sam', role: 'Headingley' },
      { quote: '"Worth the queue every Saturday."', author: 'Priya', role: null },
    ]);
    expect(content.contacts.map((fact) => [fact.key, fact.value])).toEqual([
      ['Opening hours', 'Mon–Sat 7am–3pm'],
      ['Email', 'hello@crumb.example'],
    ]);
    expect(content.figures.map((fact) => fact.value)).toEqual(['1,200']);
    expect(content.people.map((fact) => fact.value)).toEqual(['Sam Patel']);
    expect(content.facts.map((fact) => fact.key)).toEqual(['Flour']);
    expect(content.paragraphs).toEqual(['We have baked on this street since 1998. Come and say hello.']);
  });

  it('reads a line heading a list ("Classes:") as no paragraph, and the list under it as list items', () => {
    const content = parseCallerContent('Classes:\n- Vinyasa flow, Monday 6pm\n- Gentle hatha, Tuesday 10am');

    expect(content.paragraphs).toEqual([]);
    expect(content.listItems).toEqual(['Vinyasa flow, Monday 6pm', 'Gentle hatha, Tuesday 10am']);
  });

  it('reads no text as no content', () => {
    expect(Object.values(parseCallerContent(null)).every((list) => list.length === 0)).toBe(true);
  });
});
