import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'node-html-parser';
import {
  findForm,
  newOperator,
  newOrganization,
  newUser,
  pageText,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';

// /admin/credits on the real api app: operators (ADMIN_EMAILS) find an account or a
// team by its key, see its balance and ledger, and grant or withdraw credits with a reason; nobody else may.

let app: TestApp;
let opal: TestUser;
/** Cookie header of the operator, Opal. */
let operator: string;
/** A signed-up person who is not an operator, owner of an organization with a team. */
let customer: TestUser;
/** The key of the customer's team, whose pool holds 200 credits. */
let teamKey: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'api', ownAddress: true, env: { ADMIN_EMAILS: 'opal@example.test' } });
  opal = await newOperator(app);
  operator = opal.cookie;
  customer = await newUser(app, { name: 'Carla Customer' });
  const organization = await newOrganization(app, {
    members: [{ user: customer, role: 'owner' }],
    teams: [{ credits: 200 }],
  });
  teamKey = organization.teams[0].key;
});
afterAll(() => app?.close());

async function open(cookie: string, key: string) {
  const response = await fetch(`${app.baseUrl}/admin/credits?key=${key}`, {
    headers: { cookie },
    redirect: 'manual',
  });
  return { response, html: await response.text() };
}

function post(cookie: string, key: string, fields: Record<string, string>, origin = app.baseUrl) {
  return fetch(`${app.baseUrl}/admin/credits/${key}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

/** Sends the page's grant/withdraw form (with its hidden fields) as the operator's browser does, and follows it. */
async function move(key: string, action: 'grant' | 'withdraw', amount: string, reason: string) {
  const form = findForm((await open(operator, key)).html, `/admin/credits/${key}`);
  const hidden = Object.fromEntries(
    form
      .querySelectorAll('input[type="hidden"]')
      .map((input) => [input.getAttribute('name')!, input.getAttribute('value') ?? '']),
  );
  let response = await post(operator, key, { ...hidden, action, amount, reason });
  if (response.status === 303) {
    response = await fetch(new URL(response.headers.get('location')!, app.baseUrl), {
      headers: { cookie: operator },
    });
  }
  return { response, html: await response.text() };
}

const balanceOf = (html: string) => parse(html).querySelector('[data-balance]')?.text.trim();

/** The ledger table's rows: change and reason, newest first. */
const ledgerOf = (html: string) =>
  parse(html)
    .querySelectorAll('[aria-labelledby="ledger-heading"] tbody tr')
    .map((row) =>
      row
        .querySelectorAll('td')
        .map((cell) => cell.text.trim())
        .slice(1, 3),
    );

describe('the credits page of operators', () => {
  it('grants credits to an account: the balance, the ledger entry and the audit event show it', async () => {
    const before = await open(operator, customer.account.key);
    expect(before.response.status).toBe(200);
    expect(parse(before.html).querySelector('h1')?.text).toContain(customer.account.name);
    expect(balanceOf(before.html)).toBe('0');

    const { response, html } = await move(customer.account.key, 'grant', '500', 'Launch promotion');
    expect(response.status).toBe(200);
    expect(pageText(html)).toContain('Granted 500 credits');
    expect(balanceOf(html)).toBe('500');
    expect(ledgerOf(html)).toEqual([['+500', 'Launch promotion']]);

    const events = await app.prisma.auditEvent.findMany({
      where: { accountId: customer.account.id, action: 'credits.granted' },
      include: { actor: true },
    });
    expect(events).toEqual([
      expect.objectContaining({
        targetType: 'account',
        targetId: customer.account.key,
        data: expect.objectContaining({ amount: 500, reason: 'Launch promotion', balance: 500 }),
      }),
    ]);
    expect(events[0]!.actor?.email).toBe(opal.email);
  });

  it('says what a move did once, from the session: a reload or a made-up ?moved= says nothing', async () => {
    const { html } = await move(customer.account.key, 'grant', '7', 'Goodwill');
    expect(pageText(html)).toContain('Granted 7 credits');
    expect(pageText((await open(operator, customer.account.key)).html)).not.toMatch(/Granted|Withdrew/);
    const spoofed = await fetch(`${app.baseUrl}/admin/credits?key=${customer.account.key}&moved=1000000`, {
      headers: { cookie: operator },
    });
    expect(spoofed.status).toBe(200);
    expect(pageText(await spoofed.text())).not.toMatch(/Granted|Withdrew/);
    await move(customer.account.key, 'withdraw', '7', 'Goodwill taken back');
  });

  it('withdraws from a team pool, but never below zero', async () => {
    const { html } = await move(teamKey, 'withdraw', '50', 'Refund for a duplicate order');
    expect(pageText(html)).toContain('Withdrew 50 credits');
    expect(balanceOf(html)).toBe('150');
    expect(ledgerOf(html)[0]).toEqual(['−50', 'Refund for a duplicate order']);

    const refused = await move(teamKey, 'withdraw', '151', 'Too much');
    expect(refused.response.status).toBe(400);
    expect(pageText(refused.html)).toContain('has 150 credits');
    expect(balanceOf((await open(operator, teamKey)).html)).toBe('150');
  });

  it('refuses amounts and reasons out of bounds, and keys of nothing, with a readable page', async () => {
    for (const [amount, reason] of [
      ['0', 'Nothing'],
      ['2.5', 'Half'],
      ['1000001', 'Too many'],
      ['10', ''],
      ['10', 'x'.repeat(201)],
    ]) {
      const { response } = await move(customer.account.key, 'grant', amount, reason);
      expect(response.status).toBe(400);
    }
    // Number() reads these as 16, 1000 and -5: a "grant" of -5 would withdraw.
    for (const amount of ['0x10', '1e3', '-5', '+5']) {
      const { response, html } = await move(customer.account.key, 'grant', amount, 'Odd amount');
      expect(response.status).toBe(400);
      expect(pageText(html)).toContain('Give a whole number of credits from 1 to 1,000,000, in digits only.');
    }
    expect(balanceOf((await open(operator, customer.account.key)).html)).toBe('500');
    const missing = await open(operator, 'acNoSuchPool1');
    expect(missing.response.status).toBe(404);
    expect(pageText(missing.html)).toContain('No account or team has the key acNoSuchPool1');
  });

  it('is refused to people who are not operators, and changes nothing', async () => {
    const { response, html } = await open(customer.cookie, customer.account.key);
    expect(response.status).toBe(403);
    expect(pageText(html)).toContain("Folio's operators");
    const refused = await post(customer.cookie, customer.account.key, {
      action: 'grant',
      amount: '1000',
      reason: 'For me',
    });
    expect(refused.status).toBe(403);
    expect(balanceOf((await open(operator, customer.account.key)).html)).toBe('500');
  });

  it('refuses a form posted from another site, even with its token', async () => {
    const tokenOf = (html: string) =>
      findForm(html, '/admin/credits/').querySelector('input[name="_csrf"]')!.getAttribute('value')!;
    const { html } = await open(operator, customer.account.key);
    const token = tokenOf(html);
    // The page echoes ?key= beside the token: masked, the token is new bytes on every response (BREACH).
    expect(tokenOf((await open(operator, customer.account.key)).html)).not.toBe(token);
    const response = await post(
      operator,
      customer.account.key,
      { _csrf: token, action: 'grant', amount: '1000', reason: 'Forged' },
      'https://attacker.example',
    );
    expect(response.status).toBe(403);
    expect(pageText(await response.text())).toContain('did not come from a Folio page');
    expect(balanceOf((await open(operator, customer.account.key)).html)).toBe('500');
  });
});
