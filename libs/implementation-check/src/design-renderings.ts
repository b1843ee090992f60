// The design side of a check, rendered once and kept: an agent checks, fixes and checks again against the
// same design, and the design's pixels and elements are the same every time.
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Counter } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { metricsRegistry } from '#folio/metrics';
import { type LoadedResources } from './candidate-routes.js';
import { type Rendering } from './rendering.js';

/** The design at each width, and the resources it loaded (an implementation given as HTML loads those). */
export interface DesignRendering {
  loaded: LoadedResources;
  renderings: Promise<Rendering[]>;
}

/** What rendering a design found: whether everything loaded (a design that did not is not kept). */
export interface RenderedDesign {
  renderings: Rendering[];
  loadedInFull: boolean;
}

const lookups = new Counter({
  name: 'folio_check_design_lookups_total',
  help: 'Designs an implementation check compared with, by where they came from: hit (kept, or being rendered for another check) or miss (rendered).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

/**
 * Designs by a digest of their HTML document and widths, least recently used out first, bounded by their
 * bytes. The document is built from the draft at its revision with content-addressed asset URLs, so a
 * change to the design is a new document: an entry is never compared after its design changed. Checks of
 * one design at once share its rendering; a failed one is dropped. Callers share the renderings: they must
 * not change them.
 */
@Injectable()
export class DesignRenderings {
  private readonly kept: LRUCache<string, DesignRendering> | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const maxSize = config.checkDesignCacheMb * 1024 * 1024;
    this.kept = maxSize > 0 ? new LRUCache({ maxSize }) : null;
  }

  /** The design `html` at `widths`: kept, or rendered by `render` into the resources map it is given. */
  rendering(
    html: string,
    widths: number[],
    render: (loaded: LoadedResources) => Promise<RenderedDesign>,
  ): DesignRendering {
    const key = createHash('sha256').update(widths.join(',')).update('\0').update(html).digest('base64url');
    const found = this.kept?.get(key);
    lookups.inc({ result: found ? 'hit' : 'miss' });
    if (found) return found;
    const loaded: LoadedResources = new Map();
    const rendered = render(loaded);
    const design: DesignRendering = { loaded, renderings: rendered.then((r) => r.renderings) };
    const kept = this.kept;
    if (!kept) return design;
    // Its size is known once it is rendered: until then it counts for a byte.
    kept.set(key, design, { size: 1 });
    rendered.then(
      async ({ renderings, loadedInFull }) => {
        const resources = await Promise.all(loaded.values());
        if (kept.peek(key) !== design) return;
        if (!loadedInFull || resources.some((resource) => !resource.ok)) {
          kept.delete(key);
          return;
        }
        const bytes =
          renderings.reduce((sum, rendering) => sum + rendering.rgba.length, 0) +
          resources.reduce((sum, resource) => sum + (resource.ok ? resource.response.body.length : 0), 0);
        // A new entry object: the cache takes a new size only with a new value.
        kept.set(key, { ...design }, { size: bytes });
      },
      () => {
        if (kept.peek(key) === design) kept.delete(key);
      },
    );
    return design;
  }
}
