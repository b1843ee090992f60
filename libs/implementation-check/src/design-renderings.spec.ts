import { describe, expect, it } from '@jest/globals';
import { type AppConfig } from '#folio/config';
import { type Loaded } from '#folio/screenshots';
import { type LoadedResources } from './candidate-routes.js';
import { DesignRenderings, type RenderedDesign } from './design-renderings.js';
import { type Rendering } from './rendering.js';

const widths = [1280, 390];

/** A design of `bytes` pixel bytes at each width. */
const rendering = (bytes: number): Rendering => ({
  width: 1,
  height: bytes / 4,
  rgba: Buffer.alloc(bytes),
  elements: [],
});

/** Renders as a check would, counting its renderings; `loads` are what the design's pages load. */
function renderer(options: { bytes?: number; loadedInFull?: boolean; loads?: [string, Loaded][] } = {}) {
  const calls: LoadedResources[] = [];
  const render = async (loaded: LoadedResources): Promise<RenderedDesign> => {
    calls.push(loaded);
    for (const [url, load] of options.loads ?? []) loaded.set(url, Promise.resolve(load));
    return {
      renderings: widths.map(() => rendering(options.bytes ?? 1024)),
      loadedInFull: options.loadedInFull ?? true,
    };
  };
  return { render, calls };
}

const designs = (megabytes = 256) => new DesignRenderings({ checkDesignCacheMb: megabytes } as AppConfig);

/** Once a rendering is done, the cache weighs it (on later turns of the event loop). */
const weighed = () => new Promise((resolve) => setImmediate(resolve));

describe(DesignRenderings.name, () => {
  it('renders a design once for its checks, at once or later, and each of its widths apart', async () => {
    const kept = designs();
    const { render, calls } = renderer();
    const first = kept.rendering('<p>design</p>', widths, render);
    const meanwhile = kept.rendering('<p>design</p>', widths, render);
    expect(meanwhile).toBe(first);
    await first.renderings;
    await weighed();
    expect(await kept.rendering('<p>design</p>', widths, render).renderings).toBe(await first.renderings);
    expect(calls).toHaveLength(1);

    kept.rendering('<p>design</p>', [1280], render);
    kept.rendering('<p>changed</p>', widths, render);
    expect(calls).toHaveLength(3);
  });

  it('keeps the resources the design loaded, for an implementation to load the same', async () => {
    const font = { ok: true, response: { status: 200, contentType: 'font/woff2', body: Buffer.alloc(8) } };
    const { render } = renderer({ loads: [['https://folio.test/fonts/inter.woff2', font as Loaded]] });
    const kept = designs();
    await kept.rendering('<p>design</p>', widths, render).renderings;
    await weighed();
    const again = kept.rendering('<p>design</p>', widths, render);
    expect(await again.loaded.get('https://folio.test/fonts/inter.woff2')).toEqual(font);
  });

  it('renders again a design that failed, timed out or missed a resource', async () => {
    const kept = designs();
    const failing = async (): Promise<RenderedDesign> => {
      throw new Error('Chromium crashed');
    };
    await expect(kept.rendering('<p>design</p>', widths, failing).renderings).rejects.toThrow('crashed');
    await weighed();
    const { render, calls } = renderer();
    await kept.rendering('<p>design</p>', widths, render).renderings;
    expect(calls).toHaveLength(1);

    const partials = [
      renderer({ loadedInFull: false }),
      renderer({ loads: [['https://example.com/a.png', { ok: false, reason: 'timed out' }]] }),
    ];
    for (const [index, partial] of partials.entries()) {
      await kept.rendering(`<p>partial ${index}</p>`, widths, partial.render).renderings;
      await weighed();
      kept.rendering(`<p>partial ${index}</p>`, widths, partial.render);
      expect(partial.calls).toHaveLength(2);
    }
  });

  it('holds designs up to its megabytes, least recently used out first; 0 keeps none', async () => {
    const kept = designs(1);
    const { render, calls } = renderer({ bytes: 200 * 1024 });
    for (const html of ['<p>a</p>', '<p>b</p>', '<p>a</p>', '<p>c</p>']) {
      await kept.rendering(html, widths, render).renderings;
      await weighed();
    }
    expect(calls).toHaveLength(3);
    kept.rendering('<p>b</p>', widths, render);
    expect(calls).toHaveLength(4);
    kept.rendering('<p>a</p>', widths, render);
    expect(calls).toHaveLength(4);

    const none = designs(0);
    await none.rendering('<p>a</p>', widths, render).renderings;
    await weighed();
    none.rendering('<p>a</p>', widths, render);
    expect(calls).toHaveLength(6);
  });
});
