import { describe, expect, it } from '@jest/globals';
import { defaultBreakpoints, type SnapshotSection } from '#folio/content';
import { HtmlValidate } from 'html-validate';
import { parse } from 'node-html-parser';
import { createHash } from 'node:crypto';
import { documentScriptSources, renderDocument, renderPage } from './page.js';
import { type RenderContext } from './render.types.js';
import { demoTemplate, sampleProjects, snapshotSection, starterLibrary, starterTheme } from '#folio/seed';

const starterCtx: RenderContext = { preset: 'desktop', theme: starterTheme, breakpoints: defaultBreakpoints };
const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

async function validate(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.line}:${m.column})`),
  );
}

describe(renderPage.name, () => {
  it('renders every seed page as a valid HTML5 document', async () => {
    for (const project of sampleProjects) {
      const ctx: RenderContext = {
        preset: project.preset,
        theme: project.theme,
        breakpoints: project.breakpoints,
        linkBase: `/sites/${project.key}`,
      };
      for (const page of project.pages) {
        const html = renderDocument(renderPage(page.sections.map(snapshotSection), ctx), {
          title: `${page.title} · ${project.title}`,
          description: page.description,
          canonicalUrl: `https://folio.example/sites/${project.key}/${page.path}`,
        });
        expect({ page: `${project.title}/${page.title}`, problems: await validate(html) }).toEqual({
          page: `${project.title}/${page.title}`,
          problems: [],
        });
      }
    }
  });

  it('renders every starter library section and template prototype as valid HTML', async () => {
    const prototypes = [...demoTemplate.schema.sectionTypes, ...demoTemplate.schema.pinned].map(
      (t, i): SnapshotSection => ({ key: `proto${i}abc`, title: t.title, type: 'proto', ...t.prototype }),
    );
    const sections = [...starterLibrary.sections.map(snapshotSection), ...prototypes];
    const html = renderDocument(renderPage(sections, starterCtx), { title: starterLibrary.title });
    expect(await validate(html)).toEqual([]);
    expect(parse(html).querySelectorAll('[data-section-key]')).toHaveLength(sections.length);
  });

  it('wraps sections in the root class, in order, with all CSS scoped under it', () => {
    const sections = starterLibrary.sections.slice(0, 3).map(snapshotSection);
    const page = renderPage(sections, starterCtx, { rootClass: 'nw-embed' });
    const root = parse(page.html).querySelector('.nw-embed')!;
    expect(
      root.childNodes.map(
        (n) =>
          parse(n.toString())
            .firstChild!.toString()
            .match(/data-section-key="(\w+)"/)?.[1],
      ),
    ).toEqual(sections.map((s) => s.key));
    expect(page.css).not.toContain('folio-page');
    for (const rule of page.css.split('\n').filter((l) => l.includes('{') && !l.startsWith('@'))) {
      expect(rule.startsWith('.nw-embed')).toBe(true);
    }
  });

  it('puts the base rules of all sections before the breakpoint queries, one query per breakpoint', () => {
    const css = renderPage(starterLibrary.sections.slice(0, 6).map(snapshotSection), starterCtx).css;
    const media = [...css.matchAll(/@media ([^{]+)\{/g)].map((m) => m[1]);
    expect(media).toEqual(['(max-width: 1023px)', '(max-width: 767px)']);
    expect(css.lastIndexOf('#', css.indexOf('@media'))).toBeGreaterThan(0);
  });

  it('loads only the first image of the page eagerly', () => {
    const page = renderPage(sampleProjects[0].pages[0].sections.map(snapshotSection), starterCtx);
    const images = parse(page.html).querySelectorAll('img');
    expect(images.length).toBeGreaterThan(5);
    expect(images[0].hasAttribute('loading')).toBe(false);
    expect(images.slice(1).every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('adds the interactions runtime only when a section has interactions, with its data script-safe', () => {
    const still = starterLibrary.sections.filter((s) => !s.interactions?.length).map(snapshotSection);
    expect(renderPage(still.slice(0, 2), starterCtx).script).toBe('');
    const moving = snapshotSection(starterLibrary.sections.find((s) => s.interactions?.length)!);
    moving.interactions = [
      ...moving.interactions,
      {
        trigger: { type: 'click', elementKey: moving.tree.key },
        actions: [
          {
            targetKey: moving.tree.key,
            keyframes: [{ content: '"</script><script>alert(1)</script>"' }],
            timing: { duration: 1 },
          },
        ],
      },
    ];
    const { script } = renderPage([moving], starterCtx);
    expect(script).toContain('.animate(');
    expect(script).toContain(moving.interactions[0].trigger.elementKey);
    expect(script).not.toMatch(/<\/script|<script/i);
    expect(() => new Function(script)).not.toThrow();
  });

  describe('with idSuffix', () => {
    const project = sampleProjects[0];
    const ctx: RenderContext = {
      preset: project.preset,
      theme: project.theme,
      breakpoints: project.breakpoints,
    };
    /** A page with same-page links to element ids, in an element's href and in its text, and a host anchor. */
    const linked = (): SnapshotSection[] => {
      const sections = structuredClone(project.pages[0].sections.map(snapshotSection));
      const [first, second] = sections;
      const target = second.tree.children![0].key;
      first.tree.children!.push(
        { key: 'jumpLinkA1', type: 'button', text: 'Jump', href: `#${target}` },
        { key: 'hostLinkA1', type: 'button', text: 'Top', href: '#top' },
        {
          key: 'textLinkA1',
          type: 'text',
          text: `See <a href="#${target}">below</a> or <a href="#top">top</a>.`,
        },
      );
      return sections;
    };

    it('puts the suffix on every id, id selector, same-page link and interaction lookup, and nothing else', () => {
      const sections = linked();
      const target = sections[1].tree.children![0].key;
      const plain = renderPage(sections, ctx, { rootClass: 'nw' });
      const page = renderPage(sections, ctx, { rootClass: 'nw', idSuffix: '-2' });
      const ids = (html: string) => [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]);
      expect(ids(plain.html).length).toBeGreaterThan(50);
      expect(ids(page.html)).toEqual(ids(plain.html).map((id) => `${id}-2`));
      const selectors = (css: string) =>
        [...css.replace(/\{[^{}]*\}/g, '{}').matchAll(/#([A-Za-z][\w-]*)/g)].map((m) => m[1]);
      expect(selectors(plain.css).length).toBeGreaterThan(50);
      expect(selectors(page.css)).toEqual(selectors(plain.css).map((id) => `${id}-2`));
      const doc = parse(page.html);
      expect(doc.querySelector('#jumpLinkA1-2')!.getAttribute('href')).toBe(`#${target}-2`);
      expect(doc.querySelector('#hostLinkA1-2')!.getAttribute('href')).toBe('#top');
      expect(doc.querySelectorAll('#textLinkA1-2 a').map((a) => a.getAttribute('href'))).toEqual([
        `#${target}-2`,
        '#top',
      ]);
      expect(plain.html).toContain(`href="#${target}"`);
      expect(page.script.endsWith(', "-2");')).toBe(true);
      expect(plain.script.endsWith('}]);')).toBe(true);
    });

    it('with a placeholder, renders what each suffix would once the placeholder is replaced', () => {
      const mark = '\uFDD0';
      const sections = linked();
      for (const containerMode of [false, true]) {
        const marked = renderPage(sections, ctx, { rootClass: `root${mark}`, idSuffix: mark, containerMode });
        for (const suffix of ['', '-2', '-13']) {
          const direct = renderPage(sections, ctx, {
            rootClass: `root${suffix}`,
            idSuffix: suffix,
            containerMode,
          });
          expect(marked.html.split(mark).join(suffix)).toBe(direct.html);
          expect(marked.css.split(mark).join(suffix)).toBe(direct.css);
        }
      }
      expect(renderPage(sections, ctx, { idSuffix: '' })).toEqual(renderPage(sections, ctx));
    });
  });
});

describe(renderDocument.name, () => {
  it('escapes the metadata and keeps page CSS and script inside their elements', () => {
    const html = renderDocument(
      {
        html: '<div class="folio-page"></div>',
        css: 'a{content:"</style><b>"}',
        script: 'var a = "</script><p>";',
      },
      {
        title: 'Coffee & <Tea>',
        description: '"Fresh" roasts',
        lang: 'en-GB',
        canonicalUrl: 'https://example.com/?a=1&b="2"',
        nonce: 'abc123',
      },
    );
    const doc = parse(html);
    expect(doc.querySelector('title')!.textContent).toBe('Coffee & <Tea>');
    expect(doc.querySelector('meta[name=description]')!.getAttribute('content')).toBe('"Fresh" roasts');
    expect(doc.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(
      'https://example.com/?a=1&b="2"',
    );
    expect(doc.querySelector('html')!.getAttribute('lang')).toBe('en-GB');
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelectorAll('b, p')).toHaveLength(0);
    expect(doc.querySelector('style')!.getAttribute('nonce')).toBe('abc123');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe(documentScriptSources.name, () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('hashes the runtime the document carries, as written, and no script of the content', () => {
    const page = {
      html: '<div class="folio-page"><p><script>steal()</script></p></div>',
      css: '',
      script: 'run("</script>")',
    };
    const written = parse(renderDocument(page, { title: 't' }))
      .querySelectorAll('script')
      .map((script) => script.textContent);
    expect(written).toEqual(['steal()', 'run("<\\/script>")']);
    expect(documentScriptSources(page)).toEqual([sha(written[1])]);
    expect(documentScriptSources({ ...page, script: '' })).toEqual([]);
  });
});
