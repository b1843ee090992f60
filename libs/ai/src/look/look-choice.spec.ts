import { describe, expect, it } from '@jest/globals';
import { contrastRatio } from './contrast.js';
import { chooseLook } from './look-choice.js';
import { pageLooks, themeOfLook } from './page-looks.js';
import { servedFonts } from '#folio/render';

const look = (prompt: string, projectTitle = 'Untitled project', text: string | null = null) =>
  chooseLook({ prompt, text, projectTitle });

describe(chooseLook.name, () => {
  it('gives subjects of different trades different palettes, type and hero', () => {
    const florist = look('A page for Petal & Stem, a florist selling wedding bouquets and weekly flowers');
    const saas = look('Landing page for Tasklane, a project-management SaaS for remote teams', 'Tasklane');
    const tattoo = look('A site for Inkwell, a tattoo studio in Bristol');
    const plumber = look('A plumber in Cardiff: emergency call-outs and boiler repairs');
    expect(new Set([florist, saas, tattoo, plumber].map((chosen) => chosen.colors.primary)).size).toBe(4);
    expect(florist.type).toBe('serif');
    expect(saas.type).not.toBe('serif');
    expect(saas.hero).toBe('dark');
    expect(florist.hero).toBe('image');
  });

  it('recognises the subject in the title and plurals, and counts the caller text too', () => {
    expect(look('Our new site', 'Cragside Climbing Gym').name).toBe(look('A climbing gym with classes').name);
    expect(look('Jazz nights and trios for hire').name).toBe(look('A jazz trio').name);
    // A plural counts once: "weddings" does not outweigh "jazz trio".
    expect(look('A jazz trio for weddings and private parties').name).toBe(look('A jazz trio').name);
    expect(
      look('A page for our practice', 'Whiskers', 'We are a veterinary practice for cats and dogs').name,
    ).toBe(look('A veterinary clinic').name);
  });

  it('is deterministic, and a brief naming no known subject still gets a look of its own', () => {
    const brief = 'A page about quiet afternoons';
    expect(look(brief)).toBe(look(brief));
    expect(pageLooks).toContain(look(brief));
  });
});

describe('page looks', () => {
  it.each(pageLooks)('$name keeps text readable (WCAG AA, 4.5:1) on every ground it is used on', (chosen) => {
    const c = chosen.colors;
    const pairs: [string, string][] = [
      [c.text, c.background],
      [c.text, c.surface],
      [c.text, c['surface-alt']],
      [c['text-muted'], c.background],
      [c['text-muted'], c.surface],
      [c['text-muted'], c['surface-alt']],
      [c['on-primary'], c.primary],
      [c['on-inverse'], c.inverse],
    ];
    const unreadable = pairs
      .map(([foreground, background]) => ({
        foreground,
        background,
        ratio: contrastRatio(foreground, background),
      }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(unreadable).toEqual([]);
  });

  it('are all distinct and use only fonts Folio serves', () => {
    expect(new Set(pageLooks.map((chosen) => JSON.stringify(chosen.colors))).size).toBe(pageLooks.length);
    const served = new Set(servedFonts.map((font) => font.family));
    for (const chosen of pageLooks) {
      for (const style of Object.values(themeOfLook(chosen).textStyles)) {
        const first = style.fontFamily.split(',')[0].trim().replace(/"/g, '');
        expect(served).toContain(first);
      }
    }
  });
});
