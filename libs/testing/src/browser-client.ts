import { parse } from 'node-html-parser';

/**
 * A small stand-in for a browser in HTTP tests: keeps cookies per origin, follows redirects by hand (so a
 * test can stop at a client's redirect_uri), and submits HTML forms the way a person would.
 */
export class BrowserClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly userAgent = 'folio-test-browser') {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('user-agent', this.userAgent);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line) || value.join('=') === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }

  /** Follows redirects until a response is not a redirect, or its target matches `stopAt`. */
  async follow(
    url: string,
    init: RequestInit = {},
    stopAt?: (url: string) => boolean,
  ): Promise<{ url: string; response: Response }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      current = new URL(response.headers.get('location')!, current).toString();
      if (stopAt?.(current)) return { url: current, response };
      response = await this.request(current);
    }
    return { url: current, response };
  }

  /**
   * Submits the form whose action contains `actionPart` (or the first form) from `html` at `pageUrl`,
   * with its hidden and pre-filled fields plus `fields`. Checkboxes not named in `fields` keep their state;
   * a field set to null is left out.
   */
  async submit(
    pageUrl: string,
    html: string,
    fields: Record<string, string | string[] | null>,
    options: { actionPart?: string; stopAt?: (url: string) => boolean } = {},
  ) {
    const form = findForm(html, options.actionPart);
    const body = new URLSearchParams();
    for (const input of form.querySelectorAll('input')) {
      const name = input.getAttribute('name');
      const type = input.getAttribute('type') ?? 'text';
      if (!name || name in fields || input.hasAttribute('disabled')) continue;
      if ((type === 'checkbox' || type === 'radio') && !input.hasAttribute('checked')) continue;
      if (type === 'submit' || type === 'button') continue;
      body.append(name, input.getAttribute('value') ?? '');
    }
    for (const [name, value] of Object.entries(fields)) {
      if (value === null) continue;
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    }
    const action = new URL(form.getAttribute('action') ?? pageUrl, pageUrl).toString();
    return this.follow(
      action,
      { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      options.stopAt,
    );
  }
}

export function findForm(html: string, actionPart?: string) {
  const forms = parse(html).querySelectorAll('form');
  const form = actionPart
    ? forms.find((f) => (f.getAttribute('action') ?? '').includes(actionPart))
    : forms[0];
  if (!form)
    throw new Error(
      `no form${actionPart ? ` with action containing ${actionPart}` : ''} in page:\n${html.slice(0, 2000)}`,
    );
  return form;
}

/** Text content of the page, whitespace folded, for assertions on what a person reads. */
export function pageText(html: string): string {
  return parse(html).textContent.replace(/\s+/g, ' ').trim();
}
