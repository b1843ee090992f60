import { describe, expect, it } from '@jest/globals';
import { readSubject } from './page-subject.js';

const titles = { projectTitle: 'Untitled project', pageTitle: 'Home' };

describe(readSubject.name, () => {
  it('finds the subject, its place and what it offers, leaving out the sections asked for', () => {
    const subject = readSubject({
      ...titles,
      prompt:
        'Create a landing page for a neighbourhood bakery in Leeds that sells sourdough, pastries and celebration cakes, with prices and an FAQ.',
    });

    expect(subject).toMatchObject({
      phrase: 'a neighbourhood bakery in Leeds',
      short: 'Leeds bakery',
      place: 'Leeds',
      brand: null,
      ref: 'our Leeds bakery',
      offerings: ['sourdough', 'pastries', 'celebration cakes'],
    });
    expect(subject.trade.action).toBe('Order now');
  });

  it('reads the audience, and takes the project title as the brand unless it is a placeholder', () => {
    const prompt = 'Website for a yoga studio for beginners in Brighton. Friendly tone.';

    expect(readSubject({ prompt, projectTitle: 'Brightside Yoga', pageTitle: 'Home' })).toMatchObject({
      short: 'Brighton yoga studio',
      audience: 'beginners',
      brand: 'Brightside Yoga',
      ref: 'Brightside Yoga',
    });
    expect(readSubject({ prompt, ...titles }).brand).toBeNull();
    expect(readSubject({ prompt, ...titles }).trade.action).toBe('Book a class');
  });

  it.each([
    {
      projectTitle: 'Millstone Bakery',
      prompt:
        'A warm landing page for Millstone, a neighbourhood sourdough bakery in Leeds, for local families',
      subject: {
        phrase: 'a neighbourhood sourdough bakery in Leeds',
        short: 'Leeds sourdough bakery',
        brand: 'Millstone Bakery',
      },
    },
    {
      projectTitle: 'Tasklane',
      prompt:
        'Landing page for Tasklane, our project-management SaaS for remote teams. Pricing and FAQ please',
      subject: {
        phrase: 'our project-management SaaS for remote teams',
        short: 'project-management SaaS',
        audience: 'remote teams',
      },
    },
  ])(
    'reads past a name put before the subject ($projectTitle, a … / our …)',
    ({ projectTitle, prompt, subject }) => {
      expect(readSubject({ prompt, projectTitle, pageTitle: 'Home' })).toMatchObject(subject);
    },
  );
});
