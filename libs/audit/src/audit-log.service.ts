import { Injectable } from '@nestjs/common';
import { type AuditWriter, AuditEventRepository, type StoredAuditEvent } from './audit-event.repository.js';

export type AuditAction =
  | 'api_key.created'
  | 'api_key.revoked'
  | 'oauth.consent.granted'
  | 'oauth.consent.revoked'
  | 'project.published'
  | 'project.edited'
  | 'project.edit_undone'
  | 'template.created'
  | 'template.updated'
  | 'template.project_written'
  | 'library.ai_switched'
  | 'credits.granted'
  | 'credits.withdrawn';

export type AuditTargetType =
  'api_key' | 'oauth_client' | 'project' | 'template' | 'library' | 'account' | 'team';

/** Details worth showing an admin: names, scopes, key prefixes. Never secrets, never key text. */
export type AuditData = Record<string, AuditValue | undefined>;
type AuditValue = string | number | boolean | null | string[];

export interface AuditEntry {
  action: AuditAction;
  /**
   * The accounts whose owners and admins see the event: one row is written for each. None records it for
   * operators only (a public library has no account).
   */
  accountIds: readonly string[];
  /** Who did it; null when Folio did (an OAuth grant revoked by the authorization server). */
  actorUserId: string | null;
  /** What it was done to, by its public id (a key's public key, a project key, a client id). */
  target: { type: AuditTargetType; id: string };
  data?: AuditData;
}

export interface AuditEvent {
  id: string;
  at: Date;
  action: AuditAction;
  actor: { name: string; email: string } | null;
  target: { type: AuditTargetType; id: string };
  data: AuditData;
}

export interface AuditPage {
  events: AuditEvent[];
  /** 1-based; a page past the last shows the last. */
  page: number;
  pageCount: number;
  total: number;
}

export const auditPageSize = 50;

/** The audit trail of key, consent, publish, template, library and credit changes, per account. */
@Injectable()
export class AuditLog {
  constructor(private readonly events: AuditEventRepository) {}

  /**
   * Writes the entries; with `writer` (the client of the caller's transaction) they commit or roll back
   * together with the change they describe.
   */
  async record(entries: AuditEntry | readonly AuditEntry[], writer?: AuditWriter): Promise<void> {
    const rows = [entries].flat().flatMap((entry) =>
      (entry.accountIds.length ? entry.accountIds : [null]).map((accountId) => ({
        accountId,
        actorUserId: entry.actorUserId,
        action: entry.action,
        targetType: entry.target.type,
        targetId: entry.target.id,
        data: definedValues(entry.data ?? {}),
      })),
    );
    await this.events.insert(rows, writer);
  }

  /**
   * One page of an account's events, newest first. Who may read them (the account's owners and admins) is
   * the caller's check.
   */
  async page(accountId: string, page: number): Promise<AuditPage> {
    const total = await this.events.count(accountId);
    const pageCount = Math.max(1, Math.ceil(total / auditPageSize));
    const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
    const rows = await this.events.page(accountId, (current - 1) * auditPageSize, auditPageSize);
    return { events: rows.map(toEvent), page: current, pageCount, total };
  }
}

/** JSON has no undefined: absent details are left out. */
function definedValues(data: AuditData): Record<string, AuditValue> {
  return Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, AuditValue] => entry[1] !== undefined),
  );
}

function toEvent(row: StoredAuditEvent): AuditEvent {
  return {
    id: row.id,
    at: row.createdAt,
    action: row.action as AuditAction,
    actor: row.actor,
    target: { type: (row.targetType ?? '') as AuditTargetType, id: row.targetId ?? '' },
    data: (row.data ?? {}) as AuditData,
  };
}
