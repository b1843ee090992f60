import { type BrowserClient, findForm } from './browser-client.js';

export interface ConsentingPerson {
  email: string;
  password: string;
  /** `allow` ticks every offered scope, `allow-list-only` leaves the optional ones (create, edit) unticked. */
  consent?: 'allow' | 'allow-list-only' | 'deny';
}

/**
 * Drives a browser from an authorization URL through Folio's login and consent pages until it lands on
 * the client's redirect URI, and returns that callback URL.
 */
export async function authorizeInBrowser(
  browser: BrowserClient,
  authorizationUrl: string,
  redirectUri: string,
  person: ConsentingPerson,
): Promise<URL> {
  const atCallback = (url: string) => url.startsWith(redirectUri);
  let step = await browser.follow(authorizationUrl, {}, atCallback);
  for (let pages = 0; pages < 4 && !atCallback(step.url); pages++) {
    const html = await step.response.text();
    if (step.response.status !== 200) {
      throw new Error(`Expected a login or consent page at ${step.url}, got HTTP ${step.response.status}.`);
    }
    if (html.includes('type="password"')) {
      step = await browser.submit(
        step.url,
        html,
        { email: person.email, password: person.password },
        { actionPart: '/login', stopAt: atCallback },
      );
    } else if (person.consent === 'deny') {
      step = await browser.submit(step.url, html, {}, { actionPart: '/abort', stopAt: atCallback });
    } else {
      const offered = findForm(html, '/confirm')
        .querySelectorAll('input[name="scope"]')
        .map((input) => input.getAttribute('value') ?? '');
      step = await browser.submit(
        step.url,
        html,
        { scope: person.consent === 'allow-list-only' ? [] : offered },
        { actionPart: '/confirm', stopAt: atCallback },
      );
    }
  }
  if (!atCallback(step.url))
    throw new Error(`The authorization did not return to ${redirectUri}: ${step.url}`);
  return new URL(step.url);
}
