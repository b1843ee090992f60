import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'node-html-parser';
import {
  accountPages,
  accountPassword as password,
  BrowserClient,
  newMemberOnly,
  newOrganization,
  pageText,
} from '#folio/testing';
import { AuditController } from './audit.controller.js';

// The audit log pages of the auth app over real HTTP: who may read an account's events, and what they show.

const { start, close, app, signUp, get, createKey } = accountPages();

beforeAll(start);
afterAll(close);

describe(AuditController.name, () => {
  /** The rows of the audit table without the time column: cells split by " / ", lines in a cell by " | ". */
  function auditRows(html: string): string[] {
    return parse(html)
      .querySelectorAll('table tbody tr')
      .map((row) =>
        row
          .querySelectorAll('td, th')
          .slice(1)
          .map((cell) =>
            cell.childNodes
              .map((node) => node.textContent.trim())
              .filter(Boolean)
              .join(' | '),
          )
          .join(' / '),
      );
  }

  /** A person logged in who administers no account: not even one of their own. */
  async function personWithoutAccount(name: string) {
    const user = await newMemberOnly(app(), { name, password });
    const browser = new BrowserClient();
    await browser.submit(`${app().baseUrl}/login`, (await get(browser, '/login')).html, {
      email: user.email,
      password,
    });
    return { user, browser };
  }

  it('records keys made and revoked, by their owner or an admin, in each account the key reaches, for its admins only', async () => {
    const admin = await signUp('Ada Admin');
    const member = await signUp('Mel Member');
    const account = await newOrganization(app(), {
      name: 'Audit Studio',
      members: [
        { user: admin.user, role: 'admin' },
        { user: member.user, role: 'editor' },
      ],
    });
    const laptop = await createKey(member.browser, { name: 'Member laptop', scopes: 'create:project' });
    await createKey(member.browser, { name: 'Personal only', account: member.account.key });
    const key = await app().prisma.apiKey.findFirstOrThrow({
      where: { name: 'Member laptop', userId: member.user.id },
    });
    const members = await get(admin.browser, `/account/accounts/${account.key}/keys`);
    await admin.browser.submit(
      `${app().baseUrl}/account/accounts/${account.key}/keys`,
      members.html,
      {},
      {
        actionPart: `/keys/${key.key}/revoke`,
      },
    );

    const log = await get(admin.browser, `/account/audit?account=${account.key}`);
    expect(log.response.status).toBe(200);
    expect(log.response.headers.get('cache-control')).toBe('no-store');
    expect(log.html).toContain('<a href="/account/audit" aria-current="page">Audit log</a>');
    const prefix = `${laptop.text!.slice(0, 13)}…`;
    expect(auditRows(log.html)).toEqual([
      `Ada Admin | ${admin.email} / Revoked an API key / Member laptop | ${prefix} / Revoked by an account admin | Key of ${member.email} | Scopes: list:project, create:project`,
      `Mel Member | ${member.email} / Created an API key / Member laptop | ${prefix} / Made in the profile page | Scopes: list:project, create:project | Reaches all of its owner's accounts`,
    ]);
    expect(log.html).not.toContain(laptop.text);
    expect(JSON.stringify(await app().prisma.auditEvent.findMany())).not.toContain(laptop.text);
    // The admin's other account is one click away.
    expect(log.html).toContain(`href="/account/audit?account=${admin.account.key}"`);

    // The member owns their personal account: its log has all three, the restricted key included.
    const own = await get(member.browser, '/account/audit');
    expect(own.response.status).toBe(200);
    expect(auditRows(own.html).map((row) => row.replace(/ \| folio_sk_.*/, ''))).toEqual([
      `Ada Admin | ${admin.email} / Revoked an API key / Member laptop`,
      `Mel Member | ${member.email} / Created an API key / Personal only`,
      `Mel Member | ${member.email} / Created an API key / Member laptop`,
    ]);
    // An editor of the organization gets the same 404 as anyone for an unknown account.
    for (const path of [`/account/audit?account=${account.key}`, '/account/audit?account=acNoSuchAcct1']) {
      const denied = await get(member.browser, path);
      expect(denied.response.status).toBe(404);
      expect(pageText(denied.html)).toContain('No such account.');
    }
  });

  it('shows the link only to people who administer an account, escapes what it shows, and pages 50 at a time', async () => {
    const admin = await signUp('Pat Pager');
    const viewer = await personWithoutAccount('Vic Viewer');
    await newOrganization(app(), {
      name: 'Viewed Studio',
      members: [
        { user: admin.user, role: 'owner' },
        { user: viewer.user, role: 'viewer' },
      ],
    });
    const viewerHome = await get(viewer.browser, '/account');
    expect(viewerHome.response.status).toBe(200);
    expect(viewerHome.html).not.toContain('/account/audit');
    expect((await get(viewer.browser, '/account/audit')).response.status).toBe(404);
    expect((await get(admin.browser, '/account/keys')).html).toContain(
      '<a href="/account/audit">Audit log</a>',
    );

    await createKey(admin.browser, { name: '<img src=x onerror=alert(1)>' });
    await app().prisma.auditEvent.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        accountId: admin.account.id,
        actorUserId: admin.user.id,
        action: 'project.published',
        targetType: 'project',
        targetId: 'pPagedProj001',
        data: { title: `Version ${i + 1}`, destination: 'embed', version: i + 1 },
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    const first = await get(admin.browser, `/account/audit?account=${admin.account.key}`);
    expect(first.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(first.html).not.toContain('<img src=x');
    const rows = auditRows(first.html);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toContain('Created an API key / <img src=x onerror=alert(1)>');
    expect(rows[1]).toBe(
      `Pat Pager | ${admin.email} / Published a project / Version 55 | pPagedProj001 / To the embed, version 55`,
    );
    expect(pageText(first.html)).toContain('Page 1 of 2 · 56 events');
    const older = parse(first.html).querySelector('a[rel="next"]')!.getAttribute('href')!;
    expect(older).toBe(`/account/audit?account=${admin.account.key}&page=2`);
    const second = await get(admin.browser, older);
    expect(auditRows(second.html).map((row) => row.replace(/.* version /, ''))).toEqual([
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(parse(second.html).querySelector('a[rel="prev"]')!.getAttribute('href')).toBe(
      `/account/audit?account=${admin.account.key}&page=1`,
    );
  });
});
