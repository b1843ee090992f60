// Requests to the OAuth side: discovery, dynamic registration, authorization, token, revocation,
// introspection, and the login/consent interaction pages with odd uids.
import fc, { type Arbitrary } from 'fast-check';
import { type FuzzContext } from './fuzz-context.js';
import { type FuzzRequest } from './fuzz-request.js';
import { eitherMix, hostileNumber, hostileString, hostileUrl, recordOf } from './hostile-values.js';
import { contentType, headerText, jsonBody, pathSegment, queryString } from './http-parts.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A form or query value as a hostile client sends it: odd text, or the parameter repeated. */
function formValue(valid: Arbitrary<unknown>): Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: fc.array(valid, { minLength: 2, maxLength: 3 }), weight: 1 },
  );
}

/** Form or query parameters in both mixes; hostile ones also repeat parameters. */
function formFields(fields: Record<string, Arbitrary<unknown>>, required: string[] = []) {
  return eitherMix((mix) =>
    recordOf(
      mix,
      mix === 'typed'
        ? fields
        : Object.fromEntries(Object.entries(fields).map(([name, valid]) => [name, formValue(valid)])),
      required,
    ),
  );
}

/** A urlencoded body of these fields; sometimes JSON or garbage sent as a form, or a form with another type. */
function formBody(
  fields: Arbitrary<Record<string, unknown>>,
): Arbitrary<{ headers: Record<string, string>; body: string | Uint8Array<ArrayBuffer> }> {
  return fc.oneof(
    {
      arbitrary: fc.tuple(contentType(form['content-type']), queryString(fields)).map(([headers, query]) => ({
        headers,
        body: query.slice(1),
      })),
      weight: 8,
    },
    {
      arbitrary: fc
        .tuple(contentType('application/json'), jsonBody(fields))
        .map(([headers, body]) => ({ headers, body })),
      weight: 1,
    },
  );
}

export function oauthRequests(context: FuzzContext): Arbitrary<FuzzRequest> {
  const client = context.oauthClient;
  const resource = `${context.baseUrl}/v2/mcp`;
  const clientId = fc.oneof(
    { arbitrary: fc.constant(client.clientId), weight: 4 },
    fc.constantFrom(
      'https://fuzz.invalid/client.json',
      'http://127.0.0.1/client.json',
      'https://[::1]/c',
      'unknown-client',
    ),
  );
  const redirectUri = fc.oneof({ arbitrary: fc.constant(client.redirectUri), weight: 4 }, hostileUrl);
  const scope = fc.oneof(
    { arbitrary: fc.constant('list:project'), weight: 2 },
    fc.constantFrom(
      'list:project',
      'list:project create:project',
      'openid',
      'admin',
      'list:project list:project',
      '',
    ),
  );
  const codeVerifier = fc.oneof(fc.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/), hostileString);
  const clientAuth = fc.oneof(
    { arbitrary: fc.constant({}), weight: 3 },
    fc.constant({ authorization: `Basic ${Buffer.from(`${client.clientId}:wrong`).toString('base64')}` }),
    headerText.map((text) => ({ authorization: `Basic ${text}` })),
    headerText.map((text) => ({ authorization: text })),
  );

  const discovery = fc
    .tuple(
      fc.constantFrom(
        '/.well-known/oauth-authorization-server',
        '/.well-known/openid-configuration',
        '/.well-known/oauth-protected-resource',
        '/.well-known/oauth-protected-resource/v2/mcp',
        '/oauth/jwks',
        '/oauth/logout',
        '/oauth/par',
        '/oauth/userinfo',
        '/oauth/device/auth',
        '/oauth/backchannel',
        '/oauth/nope',
      ),
      fc.constantFrom('GET', 'GET', 'POST', 'OPTIONS', 'PUT'),
      queryString(fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 2 })),
    )
    .map(([path, method, query]) => ({
      method,
      path: `${path}${query}`,
      headers: {},
      body: method === 'GET' ? undefined : '',
    }));

  const metadata = eitherMix((mix) =>
    recordOf(
      mix,
      {
        redirect_uris: fc.array(
          fc.oneof(
            { arbitrary: fc.constant(client.redirectUri), weight: 4 },
            fc.constantFrom(
              'http://localhost:3000/callback',
              'http://127.0.0.1:8080/cb',
              'cursor://anysphere.cursor-retrieval/oauth/user-callback',
              'https://claude.ai/api/mcp/auth_callback',
            ),
            hostileUrl,
          ),
          { minLength: 1, maxLength: 4 },
        ),
        client_name: hostileString,
        client_uri: hostileUrl,
        logo_uri: hostileUrl,
        contacts: fc.array(fc.oneof(fc.constant('a@example.com'), hostileString), { maxLength: 3 }),
        grant_types: fc.array(
          fc.constantFrom(
            'authorization_code',
            'refresh_token',
            'client_credentials',
            'implicit',
            'password',
          ),
          { maxLength: 3 },
        ),
        response_types: fc.array(fc.constantFrom('code', 'token', 'code id_token', 'none'), { maxLength: 2 }),
        token_endpoint_auth_method: fc.constantFrom(
          'none',
          'client_secret_post',
          'client_secret_basic',
          'private_key_jwt',
          'client_secret_jwt',
          'tls_client_auth',
        ),
        application_type: fc.constantFrom('web', 'native'),
        scope: fc.constantFrom('list:project', 'list:project create:project', 'openid', 'admin'),
        jwks_uri: hostileUrl,
        jwks: fc.constantFrom({ keys: [] }, { keys: [{ kty: 'RSA', n: 'AQAB', e: 'AQAB' }] }, { keys: 'x' }),
        software_statement: fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.eyJ4IjoxfQ.'),
        id_token_signed_response_alg: fc.constantFrom('none', 'HS256', 'RS256', 'ES256'),
        post_logout_redirect_uris: fc.array(hostileUrl, { maxLength: 2 }),
        client_id: hostileString,
        client_secret: hostileString,
        default_max_age: hostileNumber,
      },
      ['redirect_uris'],
    ),
  );

  const registration = fc
    .tuple(
      contentType('application/json'),
      jsonBody(metadata),
      fc.constantFrom('POST', 'POST', 'POST', 'OPTIONS', 'GET', 'PUT'),
    )
    .map(([headers, body, method]) => ({
      method,
      path: '/oauth/register',
      headers:
        method === 'OPTIONS'
          ? { origin: 'https://inspector.invalid', 'access-control-request-method': 'POST' }
          : headers,
      body,
    }));
  const registrationRead = fc
    .tuple(
      pathSegment(fc.constant(client.clientId)),
      fc.oneof(
        fc.constant({}),
        headerText.map((t) => ({ authorization: `Bearer ${t}` })),
      ),
      fc.constantFrom('GET', 'PUT', 'DELETE'),
    )
    .map(([id, auth, method]) => ({
      method,
      path: `/oauth/register/${id}`,
      headers: auth,
      body: method === 'GET' ? undefined : '{}',
    }));

  const authorizeParams = formFields(
    {
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: fc.oneof(
        { arbitrary: fc.constant('code'), weight: 4 },
        fc.constantFrom('token', 'code id_token', 'none'),
      ),
      scope,
      state: fc.constant('xyz'),
      nonce: fc.constant('n-0S6'),
      code_challenge: fc.oneof(fc.constant('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'), codeVerifier),
      code_challenge_method: fc.oneof(
        { arbitrary: fc.constant('S256'), weight: 4 },
        fc.constantFrom('plain', 's256'),
      ),
      resource: fc.oneof({ arbitrary: fc.constantFrom(resource, `${resource}/`), weight: 4 }, hostileUrl),
      prompt: fc.constantFrom('login', 'consent', 'none', 'select_account create'),
      response_mode: fc.constantFrom('query', 'fragment', 'form_post', 'web_message'),
      max_age: fc.oneof(fc.constant('0'), hostileNumber.map(String)),
      request: fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.eyJ4IjoxfQ.'),
      request_uri: hostileUrl,
      claims: fc.constantFrom('{"id_token":{"email":null}}', '{', '[]'),
      login_hint: hostileString,
      ui_locales: fc.constantFrom('en', 'xx-YY', '*'),
    },
    ['client_id', 'response_type'],
  );

  const authorize = fc.oneof(
    {
      arbitrary: queryString(authorizeParams).map((query) => ({
        method: 'GET',
        path: `/oauth/authorize${query}`,
        headers: {},
      })),
      weight: 4,
    },
    {
      arbitrary: formBody(authorizeParams).map(({ headers, body }) => ({
        method: 'POST',
        path: '/oauth/authorize',
        headers,
        body,
      })),
      weight: 1,
    },
  );

  const tokenParams = formFields(
    {
      grant_type: fc.constantFrom(
        'authorization_code',
        'refresh_token',
        'client_credentials',
        'urn:ietf:params:oauth:grant-type:device_code',
        'password',
        'implicit',
      ),
      code: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), hostileString),
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: fc.constant('wrong-secret'),
      resource: fc.oneof(fc.constant(resource), hostileUrl),
      scope,
      refresh_token: hostileString,
      client_assertion_type: fc.constant('urn:ietf:params:oauth:client-assertion-type:jwt-bearer'),
      client_assertion: fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.eyJ4IjoxfQ.'),
    },
    ['grant_type'],
  );

  const token = fc.tuple(formBody(tokenParams), clientAuth).map(([{ headers, body }, auth]) => ({
    method: 'POST',
    path: '/oauth/token',
    headers: { ...headers, ...auth },
    body,
  }));

  const tokenInspection = fc
    .tuple(
      fc.constantFrom('/oauth/revoke', '/oauth/introspect'),
      formBody(
        formFields(
          {
            token: fc.oneof(fc.stringMatching(/^folio_at_[A-Za-z0-9]{20,40}$/), fc.constant('folio_sk_nope')),
            token_type_hint: fc.constantFrom('access_token', 'refresh_token', 'authorization_code', 'nope'),
            client_id: clientId,
            client_secret: fc.constant('wrong-secret'),
          },
          ['token'],
        ),
      ),
      clientAuth,
    )
    .map(([path, { headers, body }, auth]) => ({
      method: 'POST',
      path,
      headers: { ...headers, ...auth },
      body,
    }));

  const interaction = interactionRequests(context);

  return fc.oneof(
    { arbitrary: discovery, weight: 1 },
    { arbitrary: registration, weight: 3 },
    { arbitrary: registrationRead, weight: 1 },
    { arbitrary: authorize, weight: 4 },
    { arbitrary: token, weight: 3 },
    { arbitrary: tokenInspection, weight: 2 },
    { arbitrary: interaction, weight: 4 },
  );
}

/** The login and consent steps: the live interaction (its cookies, its CSRF token) or odd uids and forms. */
function interactionRequests(context: FuzzContext): Arbitrary<FuzzRequest> {
  const live = context.interaction;
  const uid = pathSegment(fc.constant(live.uid));
  const cookie = fc.oneof(
    { arbitrary: fc.constant({ cookie: live.cookie }), weight: 4 },
    fc.constant({}),
    headerText.map((text) => ({ cookie: text })),
    headerText.map((text) => ({ cookie: `folio_oidc_interaction=${text}; folio_csrf=${text}` })),
  );
  const fields = formFields({
    _csrf: fc.constant(live.csrfToken),
    email: fc.constantFrom('owner@demo.folio.test', 'nobody@example.com', 'OWNER@DEMO.FOLIO.TEST '),
    password: fc.constant('wrong password'),
    scope: fc.constantFrom('list:project', 'create:project', 'admin'),
  });
  return fc.oneof(
    {
      arbitrary: fc.tuple(uid, cookie, fc.constantFrom('', '/nope', '/login')).map(([id, headers, step]) => ({
        method: 'GET',
        path: `/interaction/${id}${step}`,
        headers,
      })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          uid,
          cookie,
          fc.constantFrom('login', 'confirm', 'abort', 'nope'),
          formBody(fields),
          fc.oneof(fc.constant({}), fc.constant({ 'x-csrf-token': live.csrfToken })),
        )
        .map(([id, headers, step, body, csrfHeader]) => ({
          method: 'POST',
          path: `/interaction/${id}/${step}`,
          headers: { ...body.headers, ...headers, ...csrfHeader },
          body: body.body,
        })),
      weight: 3,
    },
  );
}
