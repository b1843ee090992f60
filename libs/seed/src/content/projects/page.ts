import { k } from '../keys.js';
import { type PageSeed, type SectionDesign } from '../seed-content.types.js';

/** A page seed; its key is hashed from `<project>/<path>` ("home" for the index page). */
export function page(
  project: string,
  path: string,
  title: string,
  description: string,
  sections: SectionDesign[],
): PageSeed {
  return {
    key: k(`page/${project}/${path || 'home'}`),
    title,
    description,
    path,
    isHome: path === '',
    sections,
  };
}
