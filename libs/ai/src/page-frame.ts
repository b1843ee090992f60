// A new page of a project wears the navbar and footer its other pages already have.
import { type NewPageSection, type ProjectFrame } from './generation.repository.js';
import { copiedSection } from './section-materializer.js';

/**
 * The page's sections with the project's navbar first and its footer last, in place of the planned ones
 * (or added, when the plan has none); a frame part the project does not have yet keeps the planned one.
 * Returns the copied sections too.
 */
export function framedSections(
  planned: NewPageSection[],
  frame: ProjectFrame,
): { sections: NewPageSection[]; reused: Set<NewPageSection> } {
  const navbar = frame.navbar ? copiedSection(frame.navbar) : planned.find((s) => s.type === 'navbar');
  const footer = frame.footer ? copiedSection(frame.footer) : planned.find((s) => s.type === 'footer');
  const body = planned.filter((section) => section.type !== 'navbar' && section.type !== 'footer');
  const sections = [navbar, ...body, footer].filter((section): section is NewPageSection => !!section);
  const reused = new Set(sections.filter((section) => !planned.includes(section)));
  return { sections, reused };
}
