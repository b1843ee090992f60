// What the fuzz targets know about the running app: credentials and real keys from the demo seed, so
// that valid-looking requests get past authentication and validation into the code behind them.
import { describeRequest, type FuzzRequest, send } from './fuzz-request.js';

export interface FuzzContext {
  baseUrl: string;
  /** The demo owner's key (list:project and create:project). */
  apiKey: string;
  accountKey: string;
  templateKey: string;
  projectKeys: string[];
  pageKeys: string[];
  sectionKeys: string[];
  libraryKeys: string[];
  /** A client registered through dynamic registration, with a redirect URI it may use. */
  oauthClient: { clientId: string; clientSecret: string; redirectUri: string };
  /** A login step of a real authorization request: its uid, the browser's cookies and the form's CSRF token. */
  interaction: { uid: string; cookie: string; csrfToken: string };
  /** Texts no answer may contain. */
  secrets: string[];
}

export interface FuzzContextInput {
  baseUrl: string;
  apiKey: string;
  accountKey: string;
  templateKey: string;
  /** Server-side secrets (cookie secret, demo password) that must never be echoed. */
  serverSecrets: string[];
}

/** Reads real keys through the public API and starts an OAuth authorization, as a client would. */
export async function prepareFuzzContext(input: FuzzContextInput): Promise<FuzzContext> {
  const { baseUrl, apiKey } = input;
  const callTool = async (name: string, args: Record<string, unknown>) => {
    const body = await answer(baseUrl, {
      method: 'POST',
      path: '/v2/mcp',
      headers: { 'content-type': 'application/json', 'x-service-key': apiKey },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });
    return (JSON.parse(body) as { result: { structuredContent: Record<string, unknown> } }).result
      .structuredContent;
  };
  const { projects } = (await callTool('find_projects', { limit: 50 })) as {
    projects: { projectKey: string }[];
  };
  const projectKeys = projects.map((project) => project.projectKey);
  const { pages } = (await callTool('get_project_sections', { projectKey: projectKeys[0] })) as {
    pages: { pageKey: string; sections: { sectionKey: string }[] }[];
  };
  const { libraries } = (await callTool('list_libraries', {})) as { libraries: { libraryKey: string }[] };
  const oauthClient = await registerClient(baseUrl);
  const interaction = await startInteraction(baseUrl, oauthClient);
  return {
    baseUrl,
    apiKey,
    accountKey: input.accountKey,
    templateKey: input.templateKey,
    projectKeys,
    pageKeys: pages.map((page) => page.pageKey),
    sectionKeys: pages.flatMap((page) => page.sections.map((section) => section.sectionKey)),
    libraryKeys: libraries.map((library) => library.libraryKey),
    oauthClient,
    interaction,
    secrets: [apiKey, oauthClient.clientSecret, ...input.serverSecrets].filter(
      (secret) => secret.length >= 8,
    ),
  };
}

/** The body of a setup request's answer; a refusal stops the run. */
async function answer(baseUrl: string, request: FuzzRequest): Promise<string> {
  const response = await send(baseUrl, request);
  if (response.status >= 400 || response.status === 0) {
    throw new Error(`Fuzz setup failed: ${describeRequest(request)}\n→ ${response.status} ${response.body}`);
  }
  return response.body;
}

async function registerClient(baseUrl: string): Promise<FuzzContext['oauthClient']> {
  const redirectUri = 'https://fuzz-client.example/callback';
  const body = await answer(baseUrl, {
    method: 'POST',
    path: '/oauth/register',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Fuzz client',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    }),
  });
  const client = JSON.parse(body) as { client_id: string; client_secret: string };
  return { clientId: client.client_id, clientSecret: client.client_secret, redirectUri };
}

/** Follows a valid authorization request to its login page, keeping the cookies it sets. */
async function startInteraction(
  baseUrl: string,
  client: FuzzContext['oauthClient'],
): Promise<FuzzContext['interaction']> {
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'list:project',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'fuzz',
    resource: `${baseUrl}/v2/mcp`,
  });
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const authorize = await fetch(`${baseUrl}/oauth/authorize?${query}`, { redirect: 'manual' });
  remember(authorize);
  const location = authorize.headers.get('location') ?? '';
  const uid = /\/interaction\/([^/?#]+)/.exec(location)?.[1];
  if (!uid)
    throw new Error(
      `Fuzz setup: the authorization request did not start an interaction (${authorize.status})`,
    );
  const page = await fetch(new URL(location, baseUrl), { headers: { cookie: cookie() }, redirect: 'manual' });
  remember(page);
  const csrfToken = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!csrfToken) throw new Error(`Fuzz setup: no CSRF token on the login page (${page.status})`);
  return { uid, cookie: cookie(), csrfToken };
}
