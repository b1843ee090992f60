import { describe, expect, it } from '@jest/globals';
import { decideConsent } from './consent.js';

describe(decideConsent.name, () => {
  it('grants both scopes when create:project stays ticked', () => {
    expect(decideConsent(['list:project', 'create:project'], ['create:project'])).toEqual({
      granted: ['list:project', 'create:project'],
      rejected: [],
    });
  });

  it('grants list:project only when create:project is unticked, and records the refusal', () => {
    expect(decideConsent(['list:project', 'create:project'], [])).toEqual({
      granted: ['list:project'],
      rejected: ['create:project'],
    });
  });

  it('lets edit:project be granted or declined apart from create:project', () => {
    const requested = ['list:project', 'create:project', 'edit:project'];
    expect(decideConsent(requested, ['edit:project'])).toEqual({
      granted: ['list:project', 'edit:project'],
      rejected: ['create:project'],
    });
    expect(decideConsent(requested, ['create:project'])).toEqual({
      granted: ['list:project', 'create:project'],
      rejected: ['edit:project'],
    });
  });

  it('cannot untick the required scope', () => {
    expect(decideConsent(['list:project'], [])).toEqual({ granted: ['list:project'], rejected: [] });
  });

  it('refuses a form that ticks a scope the client did not ask for', () => {
    expect(decideConsent(['list:project'], ['create:project'])).toEqual({
      error: expect.stringContaining('create:project'),
    });
    expect(decideConsent(['list:project'], ['admin:everything'])).toEqual({
      error: expect.stringContaining('admin:everything'),
    });
  });

  it('ignores scopes the server does not know in the request', () => {
    expect(decideConsent(['list:project', 'openid'], [])).toEqual({
      granted: ['list:project'],
      rejected: [],
    });
  });
});
