// Whether a generated page restyles its project: only a project whose theme nobody has changed.
import { isDeepStrictEqual } from 'node:util';
import { defaultTheme, type Theme } from '#folio/content';
import { chooseLook, type LookBrief } from './look-choice.js';
import { themeOfLook } from './page-looks.js';

/**
 * The theme of the brief's look when the project still has Folio's default theme (a project this call
 * created, or one nobody restyled), else null: a theme a person made, or an earlier page's look, stays.
 */
export function themeToApply(current: Theme, brief: LookBrief): Theme | null {
  return isDeepStrictEqual(current, defaultTheme) ? themeOfLook(chooseLook(brief)) : null;
}
