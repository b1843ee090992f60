import { describe, expect, it } from '@jest/globals';
import { type Actor, type Principal } from '#folio/identity';
import { authorLabel, draftAuthor } from './draft-author.js';

const person: Actor = {
  userId: 'user-1',
  email: 'ada@folio.test',
  name: 'Ada Lovelace',
  accountRoles: new Map(),
  teamRoles: new Map(),
  restrictedToAccountId: null,
  isOperator: false,
};

function key(source: Principal['source'], keyName: string): Principal {
  return { keyId: 'key-1', keyName, scopes: [], source, oauthClientId: null, actor: person };
}

describe(draftAuthor.name, () => {
  it('names a person by name, and a key or connected app by its own name, for its owner', () => {
    expect(draftAuthor(person)).toEqual({
      kind: 'person',
      name: 'Ada Lovelace',
      userId: 'user-1',
      apiKeyId: null,
    });
    expect(draftAuthor(key('manual', 'CI'))).toEqual({
      kind: 'api_key',
      name: 'CI',
      userId: 'user-1',
      apiKeyId: 'key-1',
    });
    expect(draftAuthor(key('oauth', 'Claude'))).toEqual({
      kind: 'app',
      name: 'Claude',
      userId: 'user-1',
      apiKeyId: 'key-1',
    });
  });

  it('reads as people read it', () => {
    expect(authorLabel(draftAuthor(person))).toBe('Ada Lovelace');
    expect(authorLabel(draftAuthor(key('manual', 'CI')))).toBe('the API key "CI"');
    expect(authorLabel(draftAuthor(key('oauth', 'Claude')))).toBe('the connected app "Claude"');
  });
});
