import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'node-html-parser';
import { CreditLedger } from '#folio/credits';
import { ActorService, hashApiKey } from '#folio/identity';
import { ProjectsModule } from '#folio/projects';
import {
  accountPages,
  accountPassword as password,
  BrowserClient,
  compileWithDatabase,
  csrfToken,
  newOAuthKey,
  newOrganization,
  newProject,
  pageText,
  type TestOrganization,
} from '#folio/testing';
import { AccountController } from './account.controller.js';

// The account pages of the auth app over real HTTP: the overview, API keys and AI credits.

const { start, close, app, signUp, get, post, createKey } = accountPages();

beforeAll(start);
afterAll(close);

describe(AccountController.name, () => {
  it('offers edit:project on the keys page, apart from create:project', async () => {
    const { browser, user } = await signUp();
    const { html } = await get(browser, '/account/keys');
    expect(pageText(html)).toContain('Change the text, images, links, styles, sections and theme');
    const created = await createKey(browser, { name: 'Editor bot', scopes: 'edit:project' });
    expect(created.response.status).toBe(201);
    const [row] = await app().prisma.apiKey.findMany({ where: { userId: user.id } });
    expect([...row.scopes].sort()).toEqual(['edit:project', 'list:project']);
  });

  it('creates a key shown once (only its hash is stored), lists it, and revokes it', async () => {
    const { browser, user } = await signUp();
    const created = await createKey(browser, { name: 'Build server', scopes: 'create:project' });
    expect(created.response.status).toBe(201);
    expect(created.response.headers.get('cache-control')).toBe('no-store');
    expect(created.text).toMatch(/^folio_sk_[A-Za-z0-9]{40}$/);
    expect(pageText(created.page)).toContain("You won't be able to see it again.");
    // The copy button's script carries the page's CSP nonce.
    const nonce = /'nonce-([^']+)'/.exec(created.response.headers.get('content-security-policy')!)![1];
    expect(created.page).toContain(`<script nonce="${nonce}">`);

    const rows = await app().prisma.apiKey.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Build server',
      hash: hashApiKey(created.text!),
      source: 'manual',
    });
    expect([...rows[0].scopes].sort()).toEqual(['create:project', 'list:project']);
    expect(JSON.stringify(rows)).not.toContain(created.text);

    const list = await get(browser, '/account/keys');
    expect(list.response.headers.get('cache-control')).toBe('no-store');
    const listed = pageText(list.html);
    expect(listed).toContain('Build server');
    expect(listed).toContain(`${created.text!.slice(0, 13)}…`);
    expect(listed).toMatch(/list:project\s*create:project\s*Manual/);
    expect(listed).toContain('Never');
    expect(list.html).not.toContain(created.text);

    const revoked = await browser.submit(
      `${app().baseUrl}/account/keys`,
      list.html,
      {},
      { actionPart: `/account/keys/${rows[0].key}/revoke` },
    );
    expect(new URL(revoked.url).pathname).toBe('/account/keys');
    const after = pageText(await revoked.response.text());
    expect(after).toContain('The key was revoked.');
    expect(after).not.toContain('Build server');
    expect(
      (await app().prisma.apiKey.findUniqueOrThrow({ where: { id: rows[0].id } })).revokedAt,
    ).not.toBeNull();
    // The notice came from the session, once: a reload, or a link that names one, says nothing.
    for (const path of ['/account/keys', '/account/keys?notice=revoked', '/account/apps?notice=disconnected'])
      expect(pageText((await get(browser, path)).html)).not.toMatch(/was revoked|was disconnected/);
  });

  it('refuses a key without a name, naming the field, and creates nothing', async () => {
    const { browser, user } = await signUp();
    const { response, page } = await createKey(browser, { name: '  ' });
    expect(response.status).toBe(400);
    expect(page).toMatch(/id="key-name-error">give the key a name/);
    expect(await app().prisma.apiKey.count({ where: { userId: user.id } })).toBe(0);
  });

  it('restricts a key to one of your accounts when asked', async () => {
    const { browser, user, account } = await signUp();
    const { response } = await createKey(browser, { name: 'Only personal', account: account.key });
    expect(response.status).toBe(201);
    expect(await app().prisma.apiKey.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      accountId: account.id,
    });
    const refused = await createKey(browser, { name: 'Elsewhere', account: 'acNotMine0001' });
    expect(refused.response.status).toBe(400);
    expect(refused.page).toContain('Choose one of your accounts.');
  });

  it('refuses a form posted without, or with a wrong or foreign, CSRF token (403) and changes nothing', async () => {
    const { browser, user } = await signUp();
    const other = await signUp();
    const foreign = csrfToken((await get(other.browser, '/account/keys')).html);
    const own = csrfToken((await get(browser, '/account/keys')).html);
    const tampered = `${own.slice(0, -4)}${own.endsWith('aaaa') ? 'bbbb' : 'aaaa'}`;
    for (const token of [undefined, 'not-a-token', tampered, foreign]) {
      const response = await post(browser, '/account/keys', {
        name: 'Sneaky',
        ...(token ? { _csrf: token } : {}),
      });
      expect(response.status).toBe(403);
      expect(pageText(await response.text())).toContain('This form has expired or did not come from Folio.');
    }
    expect(await app().prisma.apiKey.count({ where: { userId: user.id } })).toBe(0);

    const logout = await post(browser, '/logout', {});
    expect(logout.status).toBe(403);
    expect((await get(browser, '/account')).response.status).toBe(200);
    const login = await post(new BrowserClient(), '/login', { email: other.email, password });
    expect(login.status).toBe(403);
  });

  it('shows your accounts, teams and credits, with the members-keys link only where you administer', async () => {
    const owner = await signUp('Olga Owner');
    const member = await signUp('Max Member');
    const studio = await newOrganization(app(), {
      name: 'Studio E2E',
      credits: 1250,
      members: [
        { user: owner.user, role: 'admin' },
        { user: member.user, role: 'viewer' },
      ],
      teams: [{ name: 'Atlas', credits: 75, members: [{ user: member.user, role: 'editor' }] }],
    });
    const ownerView = await get(owner.browser, '/account');
    const ownerText = pageText(ownerView.html);
    expect(ownerText).toMatch(/Studio E2E\s*Organization\s*Your role\s*Admin\s*AI credits\s*1,250/);
    expect(ownerView.html).toContain(`href="/account/accounts/${studio.key}/keys"`);
    expect(ownerText).toMatch(/Atlas\s*Studio E2E\s*Oversees \(account admin\)\s*75/);

    const memberView = await get(member.browser, '/account');
    const memberText = pageText(memberView.html);
    expect(memberText).toMatch(/Studio E2E\s*Organization\s*Your role\s*Viewer/);
    expect(memberText).toMatch(/Atlas\s*Studio E2E\s*Editor\s*75/);
    expect(memberView.html).not.toContain(`/account/accounts/${studio.key}/keys`);
  });

  it("lets an account admin see and revoke members' keys that reach the account; others get 404", async () => {
    const admin = await signUp('Ann Admin');
    const member = await signUp('Mo Member');
    const account = await newOrganization(app(), {
      name: 'Admin Studio',
      members: [
        { user: admin.user, role: 'admin' },
        { user: member.user, role: 'editor' },
      ],
    });
    await createKey(member.browser, { name: 'Member laptop' });
    await createKey(member.browser, { name: 'Personal only', account: member.account.key });

    const page = await get(admin.browser, `/account/accounts/${account.key}/keys`);
    expect(page.response.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toContain(member.email);
    expect(text).toContain('Member laptop');
    expect(text).not.toContain('Personal only');

    const key = await app().prisma.apiKey.findFirstOrThrow({
      where: { userId: member.user.id, name: 'Member laptop' },
    });
    const done = await admin.browser.submit(
      `${app().baseUrl}/account/accounts/${account.key}/keys`,
      page.html,
      {},
      { actionPart: `/keys/${key.key}/revoke` },
    );
    expect(new URL(done.url).pathname).toBe(`/account/accounts/${account.key}/keys`);
    expect(pageText(await done.response.text())).not.toContain('Member laptop');
    expect(await app().prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({
      revokedById: admin.user.id,
    });
    expect(pageText((await get(member.browser, '/account/keys')).html)).not.toContain('Member laptop');

    // The member (an editor), and anyone for an unknown account, get the same 404.
    for (const path of [`/account/accounts/${account.key}/keys`, '/account/accounts/acDoesNotExist/keys']) {
      const denied = await get(member.browser, path);
      expect(denied.response.status).toBe(404);
      expect(pageText(denied.html)).toContain('No such account.');
    }
    const other = await createKey(admin.browser, { name: 'Admin own' });
    expect(other.response.status).toBe(201);
    const adminKey = await app().prisma.apiKey.findFirstOrThrow({ where: { userId: admin.user.id } });
    const memberKeys = await get(member.browser, '/account/keys');
    const forged = await post(member.browser, `/account/keys/${adminKey.key}/revoke`, {
      _csrf: csrfToken(memberKeys.html),
    });
    expect(forged.status).toBe(404);
    expect(
      (await app().prisma.apiKey.findUniqueOrThrow({ where: { id: adminKey.id } })).revokedAt,
    ).toBeNull();
  });

  it('lists connected apps and disconnects one, revoking its keys', async () => {
    const { browser, user, account } = await signUp();
    const empty = await get(browser, '/account/apps');
    expect(pageText(empty.html)).toContain('No connected apps.');
    const { key } = await newOAuthKey(app(), user, {
      clientId: 'client-e2e-1',
      clientName: 'Claude',
      scopes: ['list:project'],
    });
    const page = await get(browser, '/account/apps');
    expect(pageText(page.html)).toMatch(/Claude\s*Connected .* not used yet\s*list:project/);
    expect(pageText((await get(browser, '/account/keys')).html)).toMatch(/OAuth\s*Claude/);
    const done = await browser.submit(
      `${app().baseUrl}/account/apps`,
      page.html,
      {},
      { actionPart: '/account/apps/disconnect' },
    );
    expect(new URL(done.url).pathname).toBe('/account/apps');
    expect(pageText(await done.response.text())).toContain('The app was disconnected.');
    expect((await app().prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();

    // The key made, then it and the consent taken back together, in the person's account.
    const events = await app().prisma.auditEvent.findMany({
      where: { accountId: account.id },
      orderBy: { action: 'asc' },
    });
    expect(events).toMatchObject([
      { action: 'api_key.created', actorUserId: user.id, targetId: key.key },
      {
        action: 'api_key.revoked',
        actorUserId: user.id,
        targetId: key.key,
        data: { reason: 'app_disconnected', source: 'oauth', oauthClientId: 'client-e2e-1' },
      },
      {
        action: 'oauth.consent.revoked',
        actorUserId: user.id,
        targetId: 'client-e2e-1',
        data: { clientName: 'Claude', keysRevoked: 1 },
      },
    ]);
  });
});

describe(`${AccountController.name}: AI credits`, () => {
  let studio: TestOrganization;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let viewer: Awaited<ReturnType<typeof signUp>>;

  // An organization whose pools were granted credits: its owner, and a viewer who is in its team.
  beforeAll(async () => {
    owner = await signUp('Olga Owner');
    viewer = await signUp('Vera Viewer');
    studio = await newOrganization(app(), {
      name: 'Ledger Studio',
      credits: 500,
      members: [
        { user: owner.user, role: 'owner' },
        { user: viewer.user, role: 'viewer' },
      ],
      teams: [{ name: 'Atlas team', credits: 200, members: [{ user: viewer.user, role: 'viewer' }] }],
    });
  });

  /** A project of the team's workspace with a Pricing page, made by ProjectCreator (which the auth app lacks). */
  async function teamProject(title: string) {
    const projects = await compileWithDatabase(app().database, [ProjectsModule]);
    try {
      const actor = await app().get(ActorService).load(owner.user.id);
      const project = await newProject(
        projects,
        { actor },
        {
          title,
          accountKey: studio.key,
          workspace: studio.teams[0].workspace.key,
          pages: [{ sections: [] }, { title: 'Pricing', sections: [] }],
        },
      );
      return { id: project.projectId, pricingPageId: project.pages[1].pageId };
    } finally {
      await projects.close();
    }
  }

  /** The ledger rows of one pool's card, as text. */
  function ledgerRows(html: string, poolId: string): string[] {
    const card = parse(html).getElementById(poolId);
    if (!card) throw new Error(`no pool card ${poolId}`);
    return card.querySelectorAll('tbody tr').map((row) => pageText(row.innerHTML));
  }

  it('lists the grants and an AI debit and its refund on the team pool, with the project', async () => {
    const project = await teamProject('Atlas Analytics');
    const ledger = app().get(CreditLedger);
    const pool = { accountId: studio.id, teamId: studio.teams[0].id };
    const debit = await ledger.debit(pool, 12, { reason: 'AI page generation' });
    await ledger.attach(debit, { projectId: project.id, pageId: project.pricingPageId });
    await ledger.refund(debit, { reason: 'AI page generation failed' });

    for (const { browser } of [owner, viewer]) {
      const page = await get(browser, '/account/credits');
      expect(page.response.status).toBe(200);
      expect(page.html).toContain('<a href="/account/credits" aria-current="page">AI credits</a>');
      const text = pageText(page.html);
      expect(text).toMatch(/Ledger Studio\s*500 credits left/);
      expect(text).toMatch(/Atlas team\s*Team of Ledger Studio\s*200 credits left/);
      expect(ledgerRows(page.html, `account-${studio.key}`)).toEqual([
        expect.stringMatching(/^\w{3} \d{1,2}, \d{4} \+500 test grant —$/),
      ]);
      const rows = ledgerRows(page.html, `team-${studio.teams[0].key}`);
      // Newest first: the grant is the oldest (the debit and its refund may share a millisecond).
      expect(rows.slice(0, 2).sort()).toEqual([
        expect.stringMatching(/\+12 AI page generation failed Atlas Analytics Page: Pricing$/),
        expect.stringMatching(/−12 AI page generation Atlas Analytics Page: Pricing$/),
      ]);
      expect(rows[2]).toMatch(/\+200 test grant —$/);
    }

    // The overview's figures lead to the pools' ledgers.
    const overview = await get(owner.browser, '/account');
    expect(overview.html).toContain('<a href="/account/credits">AI credits</a>');
    expect(overview.html).toContain(`href="/account/credits#account-${studio.key}"`);
    expect(overview.html).toContain(`href="/account/credits#team-${studio.teams[0].key}"`);
  });

  it("shows an outsider only their own pool, nothing of the organization's ledger", async () => {
    const { browser } = await signUp('Olive Outsider');
    const page = await get(browser, '/account/credits');
    expect(page.response.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toMatch(/Olive Outsider's account\s*0 credits left\s*No credit movements yet\./);
    expect(text).toContain('You are not in any team yet.');
    for (const secret of ['Ledger Studio', 'Atlas', 'test grant', studio.key, studio.teams[0].key])
      expect(page.html).not.toContain(secret);

    const anonymous = await fetch(`${app().baseUrl}/account/credits`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/login?next=%2Faccount%2Fcredits');
  });

  it('shows the latest 50 entries of a long ledger and says so', async () => {
    const { browser, account } = await signUp();
    await app().prisma.creditEntry.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        accountId: account.id,
        delta: i + 1,
        reason: `grant ${i + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    const page = await get(browser, '/account/credits');
    const rows = ledgerRows(page.html, `account-${account.key}`);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toContain('+55 grant 55');
    expect(rows[49]).toContain('+6 grant 6');
    expect(pageText(page.html)).toContain('Showing the latest 50 of 55 entries.');
  });
});
