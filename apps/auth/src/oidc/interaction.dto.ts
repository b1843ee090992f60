// The forms of the authorization interaction, read from urlencoded bodies.

import { type FormBody } from '#folio/page-kit';

export interface InteractionLoginForm {
  email: string;
  password: string;
}

export function interactionLoginForm(body: FormBody): InteractionLoginForm {
  return {
    email: typeof body?.email === 'string' ? body.email : '',
    password: typeof body?.password === 'string' ? body.password : '',
  };
}

export interface ConsentForm {
  /** The scopes left ticked: each `scope` field, however many were sent. */
  ticked: string[];
}

export function consentForm(body: FormBody): ConsentForm {
  return { ticked: ([] as unknown[]).concat(body?.scope ?? []).map(String) };
}
