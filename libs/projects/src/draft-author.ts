// Who a draft write is made for, as the project's history names it.
import { type Actor, type Principal } from '#folio/identity';

/** A person at Folio's pages, or an API key or connected app acting for its owner. */
export interface DraftAuthor {
  kind: 'person' | 'api_key' | 'app';
  /** The person's name, or the key's or app's. */
  name: string;
  /** The person, or the key's owner. */
  userId: string;
  apiKeyId: string | null;
}

/** One write of a draft: who made it and what it did in a few words ("changed 3 sections"). */
export interface DraftChangeNote {
  author: DraftAuthor;
  summary: string;
}

/** The author of a write made at a page (an actor) or through an API key or connected app (a principal). */
export function draftAuthor(who: Actor | Principal): DraftAuthor {
  if ('keyId' in who) {
    return {
      kind: who.source === 'oauth' ? 'app' : 'api_key',
      name: who.keyName,
      userId: who.actor.userId,
      apiKeyId: who.keyId,
    };
  }
  return { kind: 'person', name: who.name || who.email, userId: who.userId, apiKeyId: null };
}

/** The actor a write at a page or through a key acts for: whose access it has. */
export function actingFor(who: Actor | Principal): Actor {
  return 'keyId' in who ? who.actor : who;
}

/** The author as people read it: `Ada Lovelace`, `the API key "CI"`, `the connected app "Claude"`. */
export function authorLabel({ kind, name }: Pick<DraftAuthor, 'kind' | 'name'>): string {
  if (kind === 'app') return `the connected app "${name}"`;
  if (kind === 'api_key') return `the API key "${name}"`;
  return name;
}

/** "1 section", "3 sections". */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
