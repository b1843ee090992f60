import { describe, expect, it } from '@jest/globals';
import { consentForm, interactionLoginForm } from './interaction.dto.js';

describe(interactionLoginForm.name, () => {
  it('reads the email and password, and empty strings for anything else', () => {
    expect(interactionLoginForm({ email: 'ada@example.com', password: 'secret' })).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    });
    expect(interactionLoginForm({ email: ['a', 'b'] })).toEqual({ email: '', password: '' });
    expect(interactionLoginForm(undefined)).toEqual({ email: '', password: '' });
  });
});

describe(consentForm.name, () => {
  it('reads one ticked scope, several, or none', () => {
    expect(consentForm({ scope: 'create:project' })).toEqual({ ticked: ['create:project'] });
    expect(consentForm({ scope: ['list:project', 'create:project'] })).toEqual({
      ticked: ['list:project', 'create:project'],
    });
    expect(consentForm({})).toEqual({ ticked: [] });
    expect(consentForm(undefined)).toEqual({ ticked: [] });
  });
});
