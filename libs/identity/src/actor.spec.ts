import { describe, expect, it } from '@jest/globals';
import { actorOf, type PersonWithRoles } from './actor.js';

const person: PersonWithRoles = {
  userId: 'user-1',
  email: 'opal@folio.test',
  name: 'Opal',
  accountRoles: [
    { accountId: 'account-1', role: 'owner' },
    { accountId: 'account-2', role: 'viewer' },
  ],
  teamRoles: [{ teamId: 'team-1', role: 'editor' }],
};

describe(actorOf.name, () => {
  it('is the person with their roles, by account and by team', () => {
    expect(actorOf(person, new Set())).toEqual({
      userId: 'user-1',
      email: 'opal@folio.test',
      name: 'Opal',
      accountRoles: new Map([
        ['account-1', 'owner'],
        ['account-2', 'viewer'],
      ]),
      teamRoles: new Map([['team-1', 'editor']]),
      restrictedToAccountId: null,
      isOperator: false,
    });
  });

  it('makes an operator of a person ADMIN_EMAILS names, unless a key restricts them to one account', () => {
    const operators = new Set(['opal@folio.test']);
    expect(actorOf(person, operators).isOperator).toBe(true);
    expect(actorOf({ ...person, email: 'someone@folio.test' }, operators).isOperator).toBe(false);
    expect(actorOf(person, operators, 'account-1')).toMatchObject({
      restrictedToAccountId: 'account-1',
      isOperator: false,
    });
  });
});
