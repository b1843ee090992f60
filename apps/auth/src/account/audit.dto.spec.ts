import { describe, expect, it } from '@jest/globals';
import { type AuditAction, type AuditData, type AuditEvent, type AuditTargetType } from '#folio/audit';
import { auditRow, seesAuditLog } from './audit.dto.js';

const event = (action: AuditAction, type: AuditTargetType, id: string, data: AuditData): AuditEvent => ({
  id: 'e1',
  at: new Date('2026-03-04T05:06:07Z'),
  action,
  actor: { name: 'Ada', email: 'ada@example.test' },
  target: { type, id },
  data,
});

/** What the row says, without who and when. */
const said = (row: ReturnType<typeof auditRow>) => [
  row.action,
  `${row.target.label} (${row.target.id})`,
  ...row.details,
];

describe(auditRow.name, () => {
  it('words every recorded action for people, with its target and details', () => {
    const cases: [AuditEvent, string[]][] = [
      [
        event('api_key.created', 'api_key', 'kPublic00001', {
          name: 'Claude',
          prefix: 'folio_at_AbCd',
          source: 'oauth',
          scopes: ['list:project'],
          oauthClientId: 'client-1',
          restrictedToOneAccount: false,
        }),
        [
          'Created an API key',
          'Claude (folio_at_AbCd…)',
          'Issued to app Claude (client client-1)',
          'Scopes: list:project',
          "Reaches all of its owner's accounts",
        ],
      ],
      [
        event('api_key.revoked', 'api_key', 'kPublic00001', {
          name: 'CI',
          prefix: 'folio_sk_AbCd',
          source: 'manual',
          scopes: ['list:project', 'create:project'],
          reason: 'account_admin',
          ownerEmail: 'mo@example.test',
        }),
        [
          'Revoked an API key',
          'CI (folio_sk_AbCd…)',
          'Revoked by an account admin',
          'Key of mo@example.test',
          'Scopes: list:project, create:project',
        ],
      ],
      [
        event('oauth.consent.granted', 'oauth_client', 'https://app.example/client.json', {
          clientName: 'Cursor',
          redirectHost: 'app.example',
          scopes: ['list:project'],
          declinedScopes: ['create:project'],
        }),
        [
          'Allowed an app',
          'Cursor (https://app.example/client.json)',
          'Allowed: list:project',
          'Declined: create:project',
          'Returns to app.example',
        ],
      ],
      [
        event('oauth.consent.revoked', 'oauth_client', 'client-2', { keysRevoked: 2 }),
        ['Disconnected an app', 'client-2 (client-2)', '2 keys revoked'],
      ],
      [
        event('project.published', 'project', 'pSpring00001', {
          title: 'Spring',
          destination: 'site',
          version: 3,
          slug: 'spring',
        }),
        [
          'Published a project',
          'Spring (pSpring00001)',
          'To the site, version 3',
          'Site address /sites/spring/',
        ],
      ],
      [
        event('template.created', 'template', 'tQuotes00001', {
          title: 'Quotes',
          published: true,
          sectionTypes: ['pullquote'],
        }),
        ['Created a template', 'Quotes (tQuotes00001)', 'Published', 'Section types: pullquote'],
      ],
      [
        event('template.updated', 'template', 'tQuotes00001', { title: 'Quotes', published: false }),
        ['Withdrew a template', 'Quotes (tQuotes00001)', 'No new projects can be made from it'],
      ],
      [
        event('template.project_written', 'project', 'pAcme0000001', {
          created: false,
          templateKey: 'tplLaunchKit01',
          templateTitle: 'Launch Kit',
          externalId: 'acme',
          pages: 1,
        }),
        [
          'Updated a project from a template',
          'Project (pAcme0000001)',
          'Template Launch Kit (tplLaunchKit01)',
          'Caller id acme',
          '1 page written',
        ],
      ],
      [
        event('library.ai_switched', 'library', 'lStudio00001', { title: 'Studio Blocks', enabled: true }),
        [
          'Switched AI on for a library',
          'Studio Blocks (lStudio00001)',
          'Its sections are analysed for AI pages',
        ],
      ],
      [
        event('credits.granted', 'account', 'acAcme000001', {
          name: 'Acme',
          amount: 500,
          reason: 'Launch promotion',
          balance: 540,
        }),
        [
          'Granted AI credits',
          'Acme (acAcme000001)',
          '500 credits, balance after 540',
          'Reason: Launch promotion',
          "On Folio's operator page",
        ],
      ],
      [
        event('credits.withdrawn', 'team', 'tmAtlasTeam01', {
          name: 'Atlas team',
          amount: 1,
          reason: 'Duplicate grant',
          balance: 0,
          shellUser: 'deploy',
        }),
        [
          'Withdrew AI credits',
          'Atlas team (tmAtlasTeam01)',
          '1 credit, balance after 0',
          'Reason: Duplicate grant',
          'By a Folio operator at the command line (deploy)',
        ],
      ],
    ];
    for (const [recorded, words] of cases) expect(said(auditRow(recorded))).toEqual(words);
  });

  it('still shows an action it has no words for, as recorded', () => {
    const unknown = { ...event('project.published', 'project', 'p1', {}), action: 'project.archived' };
    expect(said(auditRow(unknown as unknown as AuditEvent))).toEqual(['project.archived', 'project (p1)']);
  });
});

describe(seesAuditLog.name, () => {
  it('is true for owners and admins of any account, false for editors and viewers only', () => {
    const actor = (...roles: ('owner' | 'admin' | 'editor' | 'viewer')[]) => ({
      userId: 'u',
      email: 'u@example.test',
      name: 'U',
      accountRoles: new Map(roles.map((role, i) => [`a${i}`, role])),
      teamRoles: new Map(),
      restrictedToAccountId: null,
      isOperator: false,
    });
    expect(seesAuditLog(actor('viewer', 'admin'))).toBe(true);
    expect(seesAuditLog(actor('owner'))).toBe(true);
    expect(seesAuditLog(actor('editor', 'viewer'))).toBe(false);
  });
});
