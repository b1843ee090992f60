import { describe, expect, it } from '@jest/globals';
import { motifOf } from './image-motif.js';

// What a local picture shows follows the page's subject (issue 36): a generated picture's prompt names
// the subject first ("A pottery studio in Bristol — Two-hour wheel taster, soft daylight").

describe(motifOf.name, () => {
  it.each([
    ['A pottery studio in Bristol run by Maya Okafor — Made with care, soft daylight', 'vase'],
    ['Lumen Yoga, a yoga studio in Leeds — Drop-in classes, warm natural light', 'plant'],
    ['A bike repair workshop in Utrecht — Full service, golden evening light', 'bicycle'],
    ['Friendly portrait of a team member of a barber shop in Glasgow, plain background', 'scissors'],
    ['Simple flat logo mark for Kiln & Wheel, a ceramics school, plain background', 'vase'],
    ['A family law practice in Cardiff — Divorce and separation', 'scales'],
    ['A seaside guesthouse in Whitby — Breakfast, soft daylight', 'bed'],
    ['An Italian restaurant in Leith — Lunch menu', 'plate'],
    ['A mobile vet for cats and dogs', 'paw'],
    ['A driving school in Derby — Intensive courses', 'car'],
  ])('draws %s as %s', (prompt, motif) => {
    expect(motifOf(prompt).name).toBe(motif);
  });

  it('lets words many businesses use decide nothing: a studio, a workshop, care, "run by"', () => {
    expect(motifOf('A studio run with care').name).toBe('landscape');
    expect(motifOf('A repair workshop').name).toBe('landscape');
  });

  it("keeps the subject named first when the picture's own words call for another motif as often", () => {
    expect(motifOf('A florist in York — Wedding cakes, soft daylight').name).toBe('flower');
    expect(motifOf('A cake shop in York — Wedding flowers, soft daylight').name).toBe('loaves');
  });

  it('gives unrelated subjects motifs of their own', () => {
    const subjects = [
      'a sourdough bakery',
      'an analytics SaaS',
      'a wedding photographer',
      'a dental clinic',
      'a law firm',
      'a yoga studio',
      'a coffee roaster',
      'an architecture practice',
      'an indie video game',
      'a homeless charity',
      'a language school',
      'a boutique hotel',
      'a pottery studio',
      'a bike shop',
      'a dog groomer',
      'a climbing wall',
      'a piano teacher',
      'a plumber',
      'a florist',
      'a bookkeeping service',
      'a wine bar',
      'a hair salon',
      'a pizzeria',
      'a second-hand bookshop',
      'a taxi firm',
      'a personal trainer',
    ];
    const motifs = subjects.map((subject) => motifOf(subject).name);

    expect(motifs).not.toContain('landscape');
    expect(new Set(motifs).size).toBe(subjects.length);
  });
});
