// Cross-instance revocation (issue 9 §4): a person makes an API key in the profile pages (apps/auth,
// through the proxy), uses it on every api instance until each holds it in memory, revokes it in the same pages, and the very next
// request on each api instance is refused.
import { parse } from 'node-html-parser';
import { BrowserClient } from '#folio/testing';
import { type Topology } from './topology.js';

export interface InstanceAnswer {
  instance: string;
  status: number;
}

export interface RevocationObservation {
  /** The fresh key on each api instance in turn, twice: read, then held in memory (200 expected). */
  beforeRevoke: InstanceAnswer[];
  /** Right after the revoke POST answered: the instances in reverse order (401 expected). */
  afterRevoke: InstanceAnswer[];
}

const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const listOne = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'find_projects', arguments: { limit: 1 } },
});

async function callMcp(instanceUrl: string, key: string): Promise<number> {
  const response = await fetch(`${instanceUrl}/v2/mcp`, {
    method: 'POST',
    headers: { ...mcpHeaders, 'x-service-key': key },
    body: listOne,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The revoke form of the key whose prefix the keys page shows. */
function revokeAction(keysPage: string, keyText: string): string {
  const shown = `${keyText.slice(0, 13)}…`;
  const row = parse(keysPage)
    .querySelectorAll('tr')
    .find((tr) => tr.querySelector('code.prefix')?.textContent.trim() === shown);
  const action = row?.querySelector('form[action$="/revoke"]')?.getAttribute('action');
  if (!action) throw new Error(`no revoke form for ${shown} on the keys page`);
  return action;
}

export async function observeRevocation(
  topology: Topology,
  person: { email: string; password: string },
): Promise<RevocationObservation> {
  const base = topology.baseUrl;
  const browser = new BrowserClient();
  const login = await browser.request(`${base}/login`);
  const landed = await browser.submit(`${base}/login`, await login.text(), person);
  if (new URL(landed.url).pathname !== '/account') {
    throw new Error(`login ended on ${landed.url} (${landed.response.status})`);
  }

  const keysPage = await (await browser.request(`${base}/account/keys`)).text();
  const created = await browser.submit(
    `${base}/account/keys`,
    keysPage,
    { name: `Revocation check ${Date.now()}` },
    { actionPart: '/account/keys' },
  );
  const createdPage = await created.response.text();
  const keyText = /id="new-key"[^>]*value="(folio_sk_[A-Za-z0-9]+)"/.exec(createdPage)?.[1];
  if (!keyText) throw new Error(`no new key on the page (${created.response.status})`);

  const apis = topology.apis.map((api) => ({ instance: api.name, url: api.url! }));
  const beforeRevoke = [];
  for (const api of [...apis, ...apis])
    beforeRevoke.push({ instance: api.instance, status: await callMcp(api.url, keyText) });

  const revoked = await browser.submit(
    `${base}/account/keys`,
    createdPage,
    {},
    {
      actionPart: revokeAction(createdPage, keyText),
    },
  );
  if (!(await revoked.response.text()).includes('The key was revoked')) {
    throw new Error(`revoking did not confirm (${revoked.response.status} ${revoked.url})`);
  }
  const afterRevoke = [];
  for (const api of apis.toReversed()) {
    afterRevoke.push({ instance: api.instance, status: await callMcp(api.url, keyText) });
  }
  return { beforeRevoke, afterRevoke };
}
