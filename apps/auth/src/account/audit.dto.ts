// What the audit page shows of each event: the action in plain words, its target and its details.

import { type AuditAction, type AuditData, type AuditEvent } from '#folio/audit';
import { type Actor, isAccountAdmin } from '#folio/identity';

export interface AuditRow {
  id: string;
  at: Date;
  /** Null when Folio itself acted (an OAuth grant revoked after a reused code). */
  actor: { name: string; email: string } | null;
  action: string;
  target: { label: string; id: string };
  details: string[];
}

/** Whether the actor owns or administers an account, and so sees the audit page (and its link). */
export function seesAuditLog(actor: Actor): boolean {
  return [...actor.accountRoles.keys()].some((accountId) => isAccountAdmin(actor, accountId));
}

const revocationReasons: Record<string, string> = {
  owner: 'Revoked by its owner',
  account_admin: 'Revoked by an account admin',
  oauth_client: 'Revoked by the app that held it (OAuth revocation)',
  reauthorized: 'Replaced: the app was authorized again',
  app_disconnected: 'The app was disconnected',
  grant_revoked: 'Folio revoked the authorization (a sign-in code was used twice)',
};

type Described = Pick<AuditRow, 'action' | 'target' | 'details'>;

const describers: Record<AuditAction, (data: AuditData, id: string) => Described> = {
  'api_key.created': (data) => ({
    action: 'Created an API key',
    target: keyTarget(data),
    details: [
      data.source === 'oauth'
        ? `Issued to app ${text(data.name)} (client ${text(data.oauthClientId)})`
        : 'Made in the profile page',
      scopesDetail('Scopes', data.scopes),
      data.restrictedToOneAccount ? 'Restricted to this account' : "Reaches all of its owner's accounts",
    ],
  }),
  'api_key.revoked': (data) => ({
    action: 'Revoked an API key',
    target: keyTarget(data),
    details: [
      revocationReasons[text(data.reason)] ?? 'Revoked',
      ...(data.ownerEmail ? [`Key of ${text(data.ownerEmail)}`] : []),
      ...(data.source === 'oauth' ? [`Held by app ${text(data.name)}`] : []),
      scopesDetail('Scopes', data.scopes),
    ],
  }),
  'oauth.consent.granted': (data, id) => ({
    action: 'Allowed an app',
    target: { label: text(data.clientName) || id, id },
    details: [
      scopesDetail('Allowed', data.scopes),
      ...(list(data.declinedScopes).length ? [scopesDetail('Declined', data.declinedScopes)] : []),
      ...(data.redirectHost ? [`Returns to ${text(data.redirectHost)}`] : []),
    ],
  }),
  'oauth.consent.revoked': (data, id) => ({
    action: 'Disconnected an app',
    target: { label: text(data.clientName) || id, id },
    details: [count(data.keysRevoked, 'key revoked', 'keys revoked')],
  }),
  'project.edited': (data, id) => ({
    action: 'Edited a project',
    target: { label: text(data.title) || 'Project', id },
    details: [
      `By ${text(data.by)}`,
      `${count(data.changes, 'change', 'changes')}, revision ${text(data.revision)}`,
    ],
  }),
  'project.edit_undone': (data, id) => ({
    action: 'Undid an edit of a project',
    target: { label: text(data.title) || 'Project', id },
    details: [`By ${text(data.by)}`, `Revision ${text(data.revision)}`],
  }),
  'project.published': (data, id) => ({
    action: 'Published a project',
    target: { label: text(data.title) || 'Project', id },
    details: [
      `To the ${text(data.destination)}, version ${text(data.version)}`,
      ...(data.slug ? [`Site address /sites/${text(data.slug)}/`] : []),
    ],
  }),
  'template.created': (data, id) => ({
    action: 'Created a template',
    target: { label: text(data.title) || 'Template', id },
    details: [
      data.published ? 'Published' : 'Not published',
      `Section types: ${list(data.sectionTypes).join(', ') || 'none'}`,
    ],
  }),
  'template.updated': (data, id) => ({
    action: data.published ? 'Published a template' : 'Withdrew a template',
    target: { label: text(data.title) || 'Template', id },
    details: [data.published ? 'Projects can be made from it' : 'No new projects can be made from it'],
  }),
  'template.project_written': (data, id) => ({
    action: data.created ? 'Created a project from a template' : 'Updated a project from a template',
    target: { label: text(data.title) || 'Project', id },
    details: [
      `Template ${text(data.templateTitle)} (${text(data.templateKey)})`,
      ...(data.externalId ? [`Caller id ${text(data.externalId)}`] : []),
      count(data.pages, 'page written', 'pages written'),
    ],
  }),
  'library.ai_switched': (data, id) => ({
    action: data.enabled ? 'Switched AI on for a library' : 'Switched AI off for a library',
    target: { label: text(data.title) || 'Library', id },
    details: [data.enabled ? 'Its sections are analysed for AI pages' : 'AI pages no longer use it'],
  }),
  'credits.granted': (data, id) => creditMove('Granted AI credits', data, id),
  'credits.withdrawn': (data, id) => creditMove('Withdrew AI credits', data, id),
};

/** An operator's grant or withdrawal: how many, why, the balance after, and from where. */
function creditMove(action: string, data: AuditData, id: string): Described {
  return {
    action,
    target: { label: text(data.name) || 'Credit pool', id },
    details: [
      `${count(data.amount, 'credit', 'credits')}, balance after ${text(data.balance)}`,
      `Reason: ${text(data.reason)}`,
      data.shellUser
        ? `By a Folio operator at the command line (${text(data.shellUser)})`
        : "On Folio's operator page",
    ],
  };
}

export function auditRow(event: AuditEvent): AuditRow {
  const describe = describers[event.action] as ((data: AuditData, id: string) => Described) | undefined;
  const described = describe?.(event.data, event.target.id) ?? {
    action: event.action,
    target: { label: event.target.type, id: event.target.id },
    details: [],
  };
  return { id: event.id, at: event.at, actor: event.actor, ...described };
}

function keyTarget(data: AuditData): AuditRow['target'] {
  return { label: text(data.name) || 'API key', id: `${text(data.prefix)}…` };
}

function scopesDetail(heading: string, scopes: AuditData[string]): string {
  return `${heading}: ${list(scopes).join(', ') || 'none'}`;
}

function count(value: AuditData[string], one: string, many: string): string {
  const n = typeof value === 'number' ? value : 0;
  return `${n} ${n === 1 ? one : many}`;
}

function text(value: AuditData[string]): string {
  return value === undefined || value === null ? '' : String(value);
}

function list(value: AuditData[string]): string[] {
  return Array.isArray(value) ? value : [];
}
