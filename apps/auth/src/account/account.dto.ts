// The HTML forms of the account pages, read from urlencoded bodies. Validation is the services' job;
// this only turns missing or repeated fields into the strings and lists they should be.

import { type FormBody as Body } from '#folio/page-kit';
import { safeNext } from '../web/safe-next.js';

function text(body: Body, name: string, max = 10_000): string {
  const value = body?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.slice(0, max) : '';
}

function list(body: Body, name: string): string[] {
  const value = body?.[name];
  const values = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === 'string');
}

export interface LoginForm {
  email: string;
  password: string;
  next: string;
}

export function loginForm(body: Body): LoginForm {
  return {
    email: text(body, 'email', 320),
    password: text(body, 'password'),
    next: safeNext(text(body, 'next')),
  };
}

export interface SignUpForm extends LoginForm {
  name: string;
}

export function signUpForm(body: Body): SignUpForm {
  return { ...loginForm(body), name: text(body, 'name', 200) };
}

export interface NewKeyForm {
  name: string;
  scopes: string[];
  /** Public key of the account the key is restricted to; empty for all of the user's accounts. */
  accountKey: string;
}

export function newKeyForm(body: Body): NewKeyForm {
  // list:project is a disabled, checked box (disabled boxes are not submitted): every key has it.
  const scopes = ['list:project', ...list(body, 'scopes')];
  return {
    name: text(body, 'name', 200),
    scopes: [...new Set(scopes)],
    accountKey: text(body, 'account', 100),
  };
}

export interface DisconnectForm {
  /** The OAuth client to disconnect; empty when the form sent none (or several). */
  clientId: string;
}

export function disconnectForm(body: Body): DisconnectForm {
  return { clientId: typeof body?.clientId === 'string' ? body.clientId : '' };
}
