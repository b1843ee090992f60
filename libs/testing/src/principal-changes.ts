import { type Counter } from 'prom-client';
import { metricsRegistry } from '#folio/metrics';
import { waitUntil } from './wait-until.js';

async function changesHeard(): Promise<number> {
  const counter = metricsRegistry.getSingleMetric('folio_principal_cache_changes_total') as
    Counter | undefined;
  return ((await counter?.get())?.values ?? []).reduce((sum, { value }) => sum + value, 0);
}

/**
 * Writes a change to a key, membership or team role as any process sharing the database would, and returns
 * once the principal cache of an app started in this process has heard it. PGlite delivers the notification
 * before the write returns; PostgreSQL a moment after the commit (well under a millisecond on an idle
 * server, milliseconds on a loaded one), which a spec's next request could outrun.
 */
export async function changePrincipal<T>(write: () => Promise<T>): Promise<T> {
  const before = await changesHeard();
  const result = await write();
  await waitUntil('the principal cache to hear the change', async () => (await changesHeard()) > before);
  return result;
}
