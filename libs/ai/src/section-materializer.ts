// One planned section made concrete: the library design copied with fresh keys and its slots filled.
import {
  type Element,
  newPublicKey,
  type SectionDesignParts,
  type SectionStyles,
  toMobileFirst,
  walkElements,
  withElementKeys,
} from '#folio/content';
import { escapeHtml } from '#folio/render';
import { type SlotFill } from './composer/section-plan.js';
import {
  type LibrarySectionDesign,
  type NewPageSection,
  type ProjectSectionCopy,
} from './generation.repository.js';

/** Generated pictures are drawn at this size; the page shows a placeholder of these proportions meanwhile. */
export const generatedImageSize = { width: 960, height: 640 } as const;

export interface MaterializeOptions {
  /** Put in front of every generated image prompt. */
  imageStyle: string | null;
  /** The page's colours, named after a generated image prompt when there is no image style to follow. */
  imageColours?: string[];
  preset: 'desktop' | 'mobile';
}

/**
 * The page section for a library design and the plan's fills: text replaced (as escaped text, line
 * breaks kept), icons swapped, provided images pointed at, generated ones turned into pending assets,
 * emptied slots (image source none, empty text or icon) removed with the boxes they leave empty. Element keys are fresh, so the design can appear on any page again.
 */
export function materializeSection(
  design: LibrarySectionDesign,
  fills: SlotFill[],
  options: MaterializeOptions,
): NewPageSection {
  const byElement = new Map(fills.map((fill) => [fill.elementKey, fill]));
  const pendingImages: NewPageSection['pendingImages'] = [];
  const removed = new Set<string>();
  const tree: Element = structuredClone(design.tree);
  for (const element of walkElements(tree)) {
    const fill = byElement.get(element.key);
    if (fill) applyFill(element, fill, options, pendingImages, removed);
  }
  const pruned = withoutElements(tree, removed);
  const present = new Set([...walkElements(pruned)].map((element) => element.key));
  const fresh = withFreshKeys({
    tree: pruned,
    styles: stylesWithin(design.styles, present),
    interactions: design.interactions.filter(
      (interaction) =>
        present.has(interaction.trigger.elementKey) &&
        interaction.actions.every((action) => present.has(action.targetKey)),
    ),
  });
  return {
    key: newPublicKey(),
    title: design.title,
    type: design.role,
    librarySectionId: design.id,
    tree: fresh.tree,
    styles: options.preset === 'mobile' ? mobileFirstOrAsIs(fresh.styles) : fresh.styles,
    interactions: fresh.interactions,
    pendingImages,
  };
}

/** A copy of a section of the project (its navbar on another page), unchanged but for fresh keys. */
export function copiedSection(section: ProjectSectionCopy): NewPageSection {
  return {
    ...withFreshKeys(structuredClone(section)),
    key: newPublicKey(),
    title: section.title,
    type: section.type,
    librarySectionId: section.librarySectionId,
    pendingImages: [],
  };
}

function withFreshKeys(parts: SectionDesignParts): SectionDesignParts {
  const keys = new Map<string, string>();
  return withElementKeys(parts, (key) => keys.get(key) ?? keys.set(key, newPublicKey()).get(key)!);
}

function applyFill(
  element: Element,
  fill: SlotFill,
  options: MaterializeOptions,
  pendingImages: NewPageSection['pendingImages'],
  removed: Set<string>,
): void {
  if ((fill.kind === 'text' && !fill.text) || (fill.kind === 'icon' && !fill.icon)) {
    removed.add(element.key);
    return;
  }
  switch (fill.kind) {
    case 'text':
      element.text = textHtml(fill.text, element.tag);
      return;
    case 'icon':
      element.src = fill.icon;
      return;
    case 'image': {
      const image = fill.image;
      delete element.asset;
      if (image.source === 'none') {
        removed.add(element.key);
      } else if (image.source === 'provided') {
        element.src = image.url;
        element.alt = image.alt;
      } else {
        const assetKey = newPublicKey();
        delete element.src;
        element.asset = assetKey;
        element.alt = image.alt;
        const prompt = options.imageStyle
          ? `${options.imageStyle}. ${image.prompt}`
          : [
              image.prompt,
              ...(options.imageColours?.length ? [`Colours: ${options.imageColours.join(', ')}`] : []),
            ].join('. ');
        pendingImages.push({ assetKey, prompt, ...generatedImageSize });
      }
    }
  }
}

/** Plain text as element HTML: a list element gets one item per line, anything else line breaks. */
function textHtml(text: string, tag: string | undefined): string {
  const lines = text.split('\n').map(escapeHtml);
  if (tag === 'ul' || tag === 'ol') {
    return lines
      .filter((line) => line.trim())
      .map((line) => `<li>${line}</li>`)
      .join('');
  }
  return lines.join('<br>');
}

/** The tree without the removed elements, nor the boxes that held only removed elements. */
function withoutElements(tree: Element, removed: Set<string>): Element {
  if (!removed.size) return tree;
  const prune = (element: Element): boolean => {
    if (removed.has(element.key)) return false;
    if (!element.children?.length) return true;
    element.children = element.children.filter(prune);
    return element.children.length > 0 || !!element.text;
  };
  prune(tree);
  return tree;
}

function stylesWithin(styles: SectionStyles, present: Set<string>): SectionStyles {
  return Object.fromEntries(
    Object.entries(styles).map(([breakpoint, byElement]) => [
      breakpoint,
      Object.fromEntries(Object.entries(byElement).filter(([key]) => present.has(key))),
    ]),
  );
}

/**
 * Library styles are written desktop-first. A design whose overrides have no desktop value to return to
 * cannot be turned around exactly; it keeps its styles, which still render, only ordered differently.
 */
function mobileFirstOrAsIs(styles: SectionStyles): SectionStyles {
  try {
    return toMobileFirst(styles);
  } catch {
    return styles;
  }
}
