import { describe, expect, it } from '@jest/globals';
import {
  defaultBreakpoints,
  elementSchema,
  publicKeySchema,
  templateSchemaSchema,
  themeSchema,
  validateSectionDesign,
  walkElements,
  type Element,
  type SectionStyles,
  type Theme,
} from '#folio/content';
import { toMobileFirst } from '#folio/content';
import { derive, rekey } from './derive.js';
import {
  atlasTheme,
  demoTemplate,
  northwindTheme,
  sampleProjects,
  starterLibrary,
  starterTheme,
  teamLibrary,
} from './index.js';
import { k } from './keys.js';
import { sectionRoles, type SectionDesign } from './seed-content.types.js';

const libraries = [starterLibrary, teamLibrary];
const librarySections = libraries.flatMap((library) => library.sections);
const pages = sampleProjects.flatMap((project) => project.pages.map((page) => ({ project, page })));
const projectSections = pages.flatMap(({ project, page }) =>
  page.sections.map((section) => ({ project, page, section })),
);
const prototypes = [
  ...demoTemplate.schema.sectionTypes.map((type) => ({ name: type.type, ...type.prototype })),
  ...demoTemplate.schema.pinned.map((pinned) => ({ name: pinned.id, ...pinned.prototype })),
];
const trees: Element[] = [
  ...librarySections.map((section) => section.tree),
  ...projectSections.map(({ section }) => section.tree),
  ...prototypes.map((prototype) => prototype.tree),
];
const themes: [string, Theme][] = [
  ['starter', starterTheme],
  ...sampleProjects.map((project): [string, Theme] => [project.title, project.theme]),
];

const elements = (tree: Element): Element[] => [...walkElements(tree)];

/** Declarations in force at a breakpoint, following the cascade the renderer emits for each preset. */
function effective(
  styles: SectionStyles,
  preset: 'desktop' | 'mobile',
  breakpoint: 'desktop' | 'tablet' | 'mobile',
) {
  const order =
    preset === 'desktop'
      ? ['desktop', 'tablet', 'mobile'].slice(0, ['desktop', 'tablet', 'mobile'].indexOf(breakpoint) + 1)
      : ['mobile', 'tablet', 'desktop'].slice(0, ['mobile', 'tablet', 'desktop'].indexOf(breakpoint) + 1);
  const result: Record<string, Record<string, string>> = {};
  for (const layer of order) {
    for (const [key, declarations] of Object.entries(styles[layer] ?? {}))
      result[key] = { ...result[key], ...declarations };
  }
  return result;
}

describe('seed themes', () => {
  const tokens = {
    colors: [
      'primary',
      'on-primary',
      'secondary',
      'accent',
      'background',
      'surface',
      'surface-alt',
      'text',
      'text-muted',
      'border',
      'inverse',
      'on-inverse',
    ],
    spacing: ['xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'],
    radii: ['sm', 'md', 'lg', 'pill'],
    textStyles: ['display', 'h1', 'h2', 'h3', 'lead', 'body', 'small', 'eyebrow', 'button'],
  };

  it.each(themes)('%s parses and defines exactly the shared token names', (_name, theme) => {
    expect(themeSchema.safeParse(theme).success).toBe(true);
    for (const [group, names] of Object.entries(tokens)) {
      expect(Object.keys(theme[group as keyof typeof tokens]).sort()).toEqual([...names].sort());
    }
    expect(theme.fonts.every((font) => !font.url)).toBe(true);
  });

  it('gives each sample project its own look', () => {
    expect(northwindTheme.colors.primary).not.toBe(atlasTheme.colors.primary);
    expect(northwindTheme.textStyles.h1.fontFamily).not.toBe(atlasTheme.textStyles.h1.fontFamily);
  });
});

describe('seed section designs', () => {
  it('every element tree parses', () => {
    for (const tree of trees) expect(elementSchema.safeParse(tree).error).toBeUndefined();
  });

  it.each(themes)('library sections are consistent with the %s theme', (_name, theme) => {
    for (const section of librarySections) {
      expect({
        section: section.title,
        problems: validateSectionDesign(section.tree, section.styles, theme),
      }).toEqual({
        section: section.title,
        problems: [],
      });
    }
  });

  it('project sections are consistent with their project theme', () => {
    for (const { project, page, section } of projectSections) {
      const problems = validateSectionDesign(section.tree, section.styles, project.theme);
      expect({ at: `${project.title}/${page.title}/${section.title}`, problems }).toEqual({
        at: `${project.title}/${page.title}/${section.title}`,
        problems: [],
      });
    }
  });

  it('every section has text and real tablet and mobile styles', () => {
    const all: { section: SectionDesign; preset: 'desktop' | 'mobile' }[] = [
      ...librarySections.map((section) => ({ section, preset: 'desktop' as const })),
      ...projectSections.map(({ project, section }) => ({ section, preset: project.preset })),
    ];
    for (const { section, preset } of all) {
      expect(elements(section.tree).some((element) => element.type === 'text' && element.text)).toBe(true);
      const overrides = preset === 'desktop' ? ['tablet', 'mobile'] : ['tablet', 'desktop'];
      for (const breakpoint of overrides) {
        expect({
          section: section.title,
          breakpoint,
          count: Object.keys(section.styles[breakpoint] ?? {}).length > 0,
        }).toEqual({
          section: section.title,
          breakpoint,
          count: true,
        });
      }
    }
  });

  it('every element has a name, unique within its section, so slots can be addressed', () => {
    for (const tree of trees) {
      const names = elements(tree).map((element) => element.name);
      expect(names.every(Boolean)).toBe(true);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('images are self-contained, small SVGs with alt text; icons are icon names', () => {
    for (const tree of trees) {
      for (const element of elements(tree)) {
        if (element.type === 'image') {
          expect(element.src).toMatch(/^data:image\/svg\+xml,%3Csvg /);
          expect(element.src!.length).toBeLessThan(2048);
          expect(element.alt?.trim()).toBeTruthy();
        }
        if (element.type === 'icon') expect(element.src).toMatch(/^[a-z][a-z0-9-]*$/);
        if (element.type === 'button') expect(element.href).toBeTruthy();
      }
    }
  });

  it('interactions refer to elements of their own section', () => {
    const withInteractions = [
      ...librarySections,
      ...projectSections.map(({ section }) => section),
      ...prototypes.map((p) => ({ ...p, title: p.name })),
    ];
    expect(withInteractions.filter((section) => section.interactions?.length).length).toBeGreaterThan(10);
    for (const section of withInteractions) {
      const keys = new Set(elements(section.tree).map((element) => element.key));
      for (const interaction of section.interactions ?? []) {
        expect(keys.has(interaction.trigger.elementKey)).toBe(true);
        for (const action of interaction.actions) expect(keys.has(action.targetKey)).toBe(true);
      }
    }
  });

  it('contains no lorem ipsum anywhere', () => {
    const everything = JSON.stringify({ libraries, sampleProjects, demoTemplate });
    expect(everything.toLowerCase()).not.toContain('lorem');
    expect(everything.toLowerCase()).not.toContain('ipsum');
  });
});

describe(starterLibrary.title, () => {
  const count = (role: string) => starterLibrary.sections.filter((section) => section.role === role).length;

  it('has at least 24 sections covering every role', () => {
    expect(starterLibrary.sections.length).toBeGreaterThanOrEqual(24);
    for (const role of [
      'hero',
      'features',
      'pricing',
      'testimonials',
      'faq',
      'cta',
      'footer',
      'gallery',
      'stats',
      'team',
      'logos',
      'contact',
    ]) {
      expect({ role, present: count(role) > 0 }).toEqual({ role, present: true });
    }
    for (const role of sectionRoles)
      expect({ role, present: count(role) > 0 }).toEqual({ role, present: true });
  });

  it('offers several variants of the main roles', () => {
    expect(count('hero')).toBeGreaterThanOrEqual(3);
    expect(count('features')).toBeGreaterThanOrEqual(3);
    for (const role of ['pricing', 'testimonials', 'faq', 'cta', 'footer'])
      expect(count(role)).toBeGreaterThanOrEqual(2);
  });

  it('converts exactly to mobile-first, so a mobile project can use any section', () => {
    for (const section of librarySections) {
      const converted = toMobileFirst(section.styles);
      for (const breakpoint of ['desktop', 'tablet', 'mobile'] as const) {
        expect(effective(converted, 'mobile', breakpoint)).toEqual(
          effective(section.styles, 'desktop', breakpoint),
        );
      }
    }
  });
});

describe(teamLibrary.title, () => {
  it('has four team blocks with their own keys', () => {
    expect(teamLibrary.sections).toHaveLength(4);
    expect(teamLibrary.key).not.toBe(starterLibrary.key);
  });
});

describe('seed keys', () => {
  const allKeys = [
    ...libraries.map((library) => library.key),
    ...librarySections.map((section) => section.key),
    ...sampleProjects.map((project) => project.key),
    ...pages.map(({ page }) => page.key),
    ...projectSections.map(({ section }) => section.key),
    demoTemplate.key,
    ...trees.flatMap((tree) => elements(tree).map((element) => element.key)),
  ];

  it('are valid public keys, unique across all seed content', () => {
    for (const key of allKeys) expect(publicKeySchema.safeParse(key).success).toBe(true);
    expect(new Set(allKeys).size).toBe(allKeys.length);
  });

  it('never repeat an element id on a page', () => {
    for (const { page } of pages) {
      const ids = page.sections.flatMap((section) => elements(section.tree).map((element) => element.key));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('are stable across runs', () => {
    expect(k('library/folio-starter')).toBe(starterLibrary.key);
    expect(starterLibrary.key).toBe('EueLPFQtKZh5');
    expect(demoTemplate.key).toBe('tplLaunchKit01');
  });
});

describe(derive.name, () => {
  const source = librarySections.find((section) => section.title === 'Hero — centered')!;

  it('re-keys every element and keeps styles and interactions attached', () => {
    const copy = rekey(source, k('test/copy'));
    const before = elements(source.tree).map((element) => element.key);
    const after = elements(copy.tree).map((element) => element.key);
    expect(after).toHaveLength(before.length);
    expect(after.filter((key) => before.includes(key))).toEqual([]);
    expect(validateSectionDesign(copy.tree, copy.styles, starterTheme)).toEqual([]);
    expect(copy.interactions?.length).toBe(source.interactions?.length);
  });

  it('fills named slots, drops removed elements and refuses unknown names', () => {
    const derived = derive(source, {
      id: 'test/derived',
      content: { Headline: 'Hello' },
      remove: ['Social proof'],
    });
    const names = elements(derived.tree).map((element) => element.name);
    expect(elements(derived.tree).find((element) => element.name === 'Headline')?.text).toBe('Hello');
    expect(names).not.toContain('Social proof text');
    expect(
      Object.keys(derived.styles.desktop).every((key) => elements(derived.tree).some((e) => e.key === key)),
    ).toBe(true);
    expect(() => derive(source, { id: 'test/bad', content: { Nope: 'x' } })).toThrow(
      /no element named "Nope"/,
    );
  });
});

describe('sample projects', () => {
  const [northwind, atlas] = sampleProjects;

  it('describe Northwind as a published, desktop-first coffee site', () => {
    expect(northwind.title).toBe('Northwind Coffee Roasters');
    expect(northwind).toMatchObject({
      preset: 'desktop',
      workspace: 'studio',
      published: true,
      slug: 'northwind-coffee',
    });
    expect(northwind.pages.map((page) => page.path)).toEqual(['', 'coffee', 'wholesale', 'visit']);
    expect(northwind.pages[0].sections.length).toBeGreaterThanOrEqual(6);
    expect(northwind.tags).toEqual(expect.arrayContaining(['coffee', 'roastery', 'ecommerce']));
  });

  it('describe Atlas as an unpublished, mobile-first team project', () => {
    expect(atlas.title).toBe('Atlas Analytics');
    expect(atlas).toMatchObject({ preset: 'mobile', workspace: 'team', published: false });
    expect(atlas.pages.map((page) => page.path)).toEqual(['', 'pricing', 'changelog']);
    expect(atlas.tags).toEqual(['saas', 'analytics', 'b2b']);
  });

  it('have one home page, the default breakpoints and 6–10 swatches', () => {
    for (const project of sampleProjects) {
      expect(project.pages.filter((page) => page.isHome).map((page) => page.path)).toEqual(['']);
      expect(project.breakpoints).toEqual(defaultBreakpoints);
      expect(project.swatches.length).toBeGreaterThanOrEqual(6);
      expect(project.swatches.length).toBeLessThanOrEqual(10);
    }
  });

  it('carry their own copy instead of the library placeholders', () => {
    for (const { project, section } of projectSections) {
      const copy = JSON.stringify(section.tree);
      expect({ at: `${project.title}/${section.title}`, placeholder: /Lumen/.test(copy) }).toEqual({
        at: `${project.title}/${section.title}`,
        placeholder: false,
      });
    }
  });

  it('write mobile-first styles for the mobile preset', () => {
    const atlasSections = projectSections
      .filter(({ project }) => project === atlas)
      .map(({ section }) => section);
    // The floating navbar hides its links on phones: hidden in the base (mobile) layer, shown again from tablet up.
    const navbar = atlasSections[0];
    const nav = elements(navbar.tree).find((element) => element.name === 'Navigation area')!;
    expect(navbar.styles.mobile[nav.key].display).toBe('none');
    expect(navbar.styles.tablet[nav.key].display).toBe('flex');
  });
});

describe(demoTemplate.title, () => {
  const schema = templateSchemaSchema.parse(demoTemplate.schema);

  it('parses and offers hero, body and gallery section types and the announcement', () => {
    expect(publicKeySchema.safeParse(demoTemplate.key).success).toBe(true);
    const fieldNames = (type: string) =>
      schema.sectionTypes.find((t) => t.type === type)?.fields.map((f) => f.name);
    expect(fieldNames('hero')).toEqual(
      expect.arrayContaining(['title', 'subtitle', 'image', '--accent', 'ctaLabel', 'ctaUrl']),
    );
    expect(fieldNames('body')).toEqual(expect.arrayContaining(['heading', 'content', '--background']));
    expect(fieldNames('gallery')).toEqual(
      expect.arrayContaining(['heading', 'image1', 'image2', 'image3', 'caption1', 'caption2', 'caption3']),
    );
    const announcement = schema.pinned.find((pinned) => pinned.id === 'announcement');
    expect(announcement?.placement).toBe('top');
    expect(announcement?.fields.map((f) => f.name)).toEqual(['message', 'linkLabel', 'linkUrl']);
  });

  it('binds every field to an element of its prototype, or to a custom property the styles use', () => {
    for (const item of [...schema.sectionTypes, ...schema.pinned]) {
      const byKey = new Map(elements(item.prototype.tree).map((element) => [element.key, element]));
      const values = Object.values(item.prototype.styles).flatMap((byElement) =>
        Object.values(byElement).flatMap((declarations) => Object.values(declarations)),
      );
      for (const field of item.fields) {
        const binding = field.binding;
        if ('property' in binding) {
          expect(field.kind).toBe('style');
          expect(field.name).toBe(binding.property);
          expect(values.some((value) => value.includes(`var(${binding.property}`))).toBe(true);
        } else {
          const element = byKey.get(binding.elementKey);
          expect({ field: field.name, found: Boolean(element) }).toEqual({ field: field.name, found: true });
          if (field.kind === 'image') expect([element!.type, binding.target]).toEqual(['image', 'src']);
          if (binding.target === 'href') expect(element!.type).toBe('button');
        }
      }
      expect(validateSectionDesign(item.prototype.tree, item.prototype.styles, starterTheme)).toEqual([]);
    }
  });
});
