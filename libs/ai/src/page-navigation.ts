// A generated page's navbar and footer point at the page's own sections and carry the project's name.
import { type Element, walkElements } from '#folio/content';
import { escapeHtml } from '#folio/render';
import { type NewPageSection } from './generation.repository.js';

/** What a navigation link to a section of each role says. */
const linkLabels: Record<string, string> = {
  features: 'Features',
  content: 'About',
  stats: 'At a glance',
  gallery: 'Gallery',
  team: 'Team',
  testimonials: 'Reviews',
  pricing: 'Pricing',
  faq: 'FAQ',
  contact: 'Contact',
  logos: 'Partners',
};
/** Where a call to action in the navbar leads, first found first. */
const actionRoles = ['cta', 'contact', 'pricing'];

export interface NavigationOptions {
  projectTitle: string;
  /** Sections copied from the project's other pages: their brand stays as it is. */
  reused: ReadonlySet<NewPageSection>;
}

/**
 * Sets, in place, the navbar's and footer's links: their navigation lists one link per section of the page
 * (`#<section root key>`, the id the renderer gives it), surplus links removed; the navbar's other
 * same-page links lead to the page's call to action. A freshly planned navbar keeps only its last such link
 * (the library's "Sign in" beside "Get started" leads nowhere on a generated page), and a fresh navbar or
 * footer shows the project's name, without the library's placeholder logo.
 */
export function linkNavigation(sections: NewPageSection[], options: NavigationOptions): void {
  const targets = sections.filter((section) => linkLabels[section.type]);
  const action = actionRoles.map((role) => sections.find((section) => section.type === role)).find(Boolean);
  for (const section of sections) {
    if (section.type !== 'navbar' && section.type !== 'footer') continue;
    const links = navigationLinks(section.tree);
    links.forEach((link, index) => {
      const target = targets[index];
      if (!target) return;
      link.text = escapeHtml(linkLabels[target.type]);
      link.href = `#${target.tree.key}`;
    });
    remove(section.tree, new Set(links.slice(targets.length)));
    const fresh = !options.reused.has(section);
    if (section.type === 'navbar') {
      const actions = [...walkElements(section.tree)].filter(
        (element) => isSamePageLink(element) && !links.includes(element),
      );
      // A new navbar keeps one call to action, its last ("Get started" after "Sign in"): the page has no other.
      if (fresh) remove(section.tree, new Set(actions.slice(0, -1)));
      if (action)
        for (const element of fresh ? actions.slice(-1) : actions) element.href = `#${action.tree.key}`;
    }
    if (fresh) nameBrand(section.tree, options.projectTitle);
  }
}

function isSamePageLink(element: Element): boolean {
  return element.type === 'button' && (element.href ?? '').startsWith('#');
}

/** A same-page link that shows words, not an icon (a social link is no place for a section's name). */
function isTextLink(element: Element): boolean {
  return isSamePageLink(element) && !element.children?.length;
}

/**
 * The links of the section's navigation: the text links inside its first `nav` element, else the first
 * group of two or more same-page text links (a footer's first column).
 */
function navigationLinks(tree: Element): Element[] {
  const nav = [...walkElements(tree)].find((element) => element.tag === 'nav');
  if (nav) return [...walkElements(nav)].filter(isTextLink);
  for (const element of walkElements(tree)) {
    const links = (element.children ?? []).filter(isTextLink);
    if (links.length >= 2) return links;
  }
  return [];
}

/** The brand's text names the project; its placeholder logo goes. */
function nameBrand(tree: Element, projectTitle: string): void {
  for (const brand of walkElements(tree)) {
    if (!/^brand$/i.test(brand.name ?? '')) continue;
    const name = [...walkElements(brand)].find((element) => element.type === 'text');
    if (name) name.text = escapeHtml(projectTitle);
    remove(brand, new Set((brand.children ?? []).filter((element) => element.type === 'image')));
  }
}

function remove(tree: Element, elements: ReadonlySet<Element>): void {
  if (!elements.size) return;
  for (const element of walkElements(tree)) {
    if (element.children) element.children = element.children.filter((child) => !elements.has(child));
  }
}
