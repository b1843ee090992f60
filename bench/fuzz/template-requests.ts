// Requests to the template API: create-from-template bodies (project, pages, sections, pinned values) and
// the template routes beside it (body schema, making a template from a project, publishing it).
import fc, { type Arbitrary } from 'fast-check';
import { templateFieldKinds } from '#folio/content';
import { type FuzzContext } from './fuzz-context.js';
import { type FuzzRequest } from './fuzz-request.js';
import {
  anyValue,
  eitherMix,
  fieldValue,
  hostileNumber,
  hostileString,
  hostileUrl,
  keyLike,
  type Mix,
  recordOf,
} from './hostile-values.js';
import { apiKeyHeaders, contentType, headerText, jsonBody, pathSegment, queryString } from './http-parts.js';

/** A few caller ids, so that later requests update what earlier ones created. */
const callerId = fc.oneof(
  { arbitrary: fc.constantFrom('fuzz-a', 'fuzz-b', 'home', 'story', '1'), weight: 4 },
  hostileString,
);
const text = fc.oneof(
  { arbitrary: fc.constantFrom('Fresh coffee', '“Quoted”', 'Sam, regular'), weight: 2 },
  hostileString,
);
const html = fc.oneof(
  fc.constantFrom(
    '<p>We started with <strong>one</strong> roaster.</p>',
    '<script>alert(1)</script><p>x</p>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<svg><foreignObject><iframe src=//evil.invalid>',
    '<p>'.repeat(5_000),
    '<!--',
    '<style>*{display:none}</style>',
  ),
  hostileString,
);
const style = fc.oneof(
  fc.constantFrom(
    '#E4572E',
    'red',
    'var(--x)',
    'url(javascript:alert(1))',
    'expression(alert(1))',
    '}</style><script>alert(1)</script>',
    '0;background:url(//evil.invalid)',
    '\\',
  ),
  hostileString,
);
const imageUrl = fc.oneof(
  { arbitrary: fc.constant('https://images.invalid/beans.jpg'), weight: 2 },
  hostileUrl,
);

/** The demo template's section types: each field with its valid values, the first one required. */
const sectionTypes: Record<string, Record<string, Arbitrary<unknown>>> = {
  hero: {
    title: text,
    subtitle: text,
    image: imageUrl,
    '--accent': style,
    ctaLabel: text,
    ctaUrl: hostileUrl,
  },
  body: { heading: text, content: html, '--background': style },
  gallery: {
    image1: imageUrl,
    heading: text,
    caption1: text,
    image2: imageUrl,
    caption2: text,
    image3: imageUrl,
    caption3: text,
  },
  quote: { quote: text, author: text },
};

/**
 * A section: typed, one of the template's types with its own fields; hostile, any `_type` (unknown ones
 * too) with any of the fields of every type.
 */
function section(mix: Mix): Arbitrary<Record<string, unknown>> {
  if (mix === 'hostile') {
    const everyField = Object.assign({}, ...Object.values(sectionTypes)) as Record<
      string,
      Arbitrary<unknown>
    >;
    return recordOf(mix, {
      _type: fc.constantFrom(...Object.keys(sectionTypes), 'announcement', 'nope'),
      id: callerId,
      ...everyField,
    });
  }
  return fc.constantFrom(...Object.keys(sectionTypes)).chain((type) => {
    const fields = sectionTypes[type];
    return recordOf(mix, { _type: fc.constant(type), id: callerId, ...fields }, [
      '_type',
      Object.keys(fields)[0],
    ]);
  });
}

function page(mix: Mix) {
  return recordOf(mix, {
    id: callerId,
    title: text,
    description: text,
    path: fc.constantFrom('', '/', 'story', 'docs/setup', 'Bad Path', '../x', '//', 'a'.repeat(201)),
    status: fc.oneof(fc.constantFrom(0, 1, 2, 3), hostileNumber),
    data: fc.array(section(mix), { maxLength: 4 }),
    pinned: fc.array(fc.oneof(fc.constant('announcement'), hostileString), { maxLength: 3 }),
  });
}

function projectBody(mix: Mix) {
  const pinnedValues = recordOf(mix, { message: text, linkLabel: text, linkUrl: hostileUrl }, ['message']);
  return recordOf(mix, {
    id: callerId,
    title: text,
    description: text,
    tags: fc.array(fc.oneof(fc.constant('coffee'), hostileString), { maxLength: 5 }),
    workspaceKey: fc.oneof(fc.constantFrom('wsStudio0001', 'wsAtlasTeam1'), keyLike),
    pages: fc.array(page(mix), { maxLength: 3 }),
    pinned: fc.oneof(
      pinnedValues.map((values) => ({ announcement: values })),
      pinnedValues.map((values) => [{ id: 'announcement', ...values }]),
      fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 }),
    ),
  });
}

/** The body of `POST /project/templates`: a project's sections marked as section types and pinned items. */
function newTemplateBody(context: FuzzContext, mix: Mix): Arbitrary<unknown> {
  const sectionKey = fc.oneof({ arbitrary: fc.constantFrom(...context.sectionKeys), weight: 3 }, keyLike);
  const field = recordOf(
    mix,
    {
      name: fc.constantFrom('headline', '--accent', 'text'),
      kind: fc.constantFrom(...templateFieldKinds),
      required: fc.boolean(),
      description: text,
      elementKey: keyLike,
      target: fc.constantFrom('text', 'src', 'alt', 'href', 'visible'),
      property: fc.constantFrom('--accent', 'color'),
    },
    ['name', 'kind'],
  );
  const marked = { sectionKey, title: text, description: text, fields: fc.array(field, { maxLength: 3 }) };
  const required = ['sectionKey', 'fields'];
  return recordOf(
    mix,
    {
      projectKey: fc.constantFrom(...context.projectKeys),
      title: text,
      description: text,
      published: fc.boolean(),
      sectionTypes: fc.array(
        recordOf(mix, { ...marked, type: fc.constantFrom('hero', 'pullquote') }, [...required, 'type']),
        { maxLength: 3 },
      ),
      pinned: fc.array(
        recordOf(mix, { ...marked, id: callerId, placement: fc.constantFrom('top', 'bottom') }, [
          ...required,
          'id',
          'placement',
        ]),
        { maxLength: 2 },
      ),
    },
    ['projectKey', 'title', 'sectionTypes'],
  );
}

/** Template API requests, mostly create-from-template on the demo template. */
export function templateRequests(context: FuzzContext): Arbitrary<FuzzRequest> {
  const templateKey = pathSegment(
    fc.oneof({ arbitrary: fc.constant(context.templateKey), weight: 4 }, fc.constant('tplNope000001')),
  );
  const credentials = apiKeyHeaders(context);
  const idempotency = fc.oneof(
    { arbitrary: fc.constant({}), weight: 4 },
    fc.constantFrom('key-1', 'key-2').map((key) => ({ 'idempotency-key': key })),
    headerText.map((key) => ({ 'idempotency-key': key })),
  );
  const workspaceQuery = queryString(
    fc.record(
      {
        workspaceKey: fc.oneof(
          fc.constantFrom('wsStudio0001', 'wsAtlasTeam1'),
          hostileString,
          fc.array(fc.constant('x'), { minLength: 2, maxLength: 2 }),
        ),
      },
      { requiredKeys: [] },
    ),
  );
  const json = (body: Arbitrary<unknown>) => fc.tuple(contentType('application/json'), jsonBody(body));
  const createFromTemplate = fc
    .tuple(templateKey, workspaceQuery, credentials, idempotency, json(eitherMix(projectBody)))
    .map(([id, query, auth, key, [type, body]]) => ({
      method: 'POST',
      path: `/project/create-from-template/${id}${query}`,
      headers: { ...type, ...auth, ...key },
      body,
    }));
  const schema = fc.tuple(templateKey, credentials).map(([id, auth]) => ({
    method: 'GET',
    path: `/project/templates/${id}/schema`,
    headers: auth,
  }));
  const newTemplate = fc
    .tuple(credentials, json(eitherMix((mix) => newTemplateBody(context, mix))))
    .map(([auth, [type, body]]) => ({
      method: 'POST',
      path: '/project/templates',
      headers: { ...type, ...auth },
      body,
    }));
  // The demo template stays published (withdrawing it would end the create-from-template cases early).
  const publish = fc
    .tuple(
      fc.oneof(
        fc.tuple(
          fc.constant(context.templateKey),
          fc.oneof(fc.constant(true), hostileString, hostileNumber, fc.constant(null)),
        ),
        fc.tuple(pathSegment(keyLike), fieldValue(fc.boolean())),
      ),
      credentials,
      contentType('application/json'),
    )
    .map(([[id, published], auth, type]) => ({
      method: 'PATCH',
      path: `/project/templates/${id}`,
      headers: { ...type, ...auth },
      body: JSON.stringify({ published }),
    }));
  return fc.oneof(
    { arbitrary: createFromTemplate, weight: 8 },
    { arbitrary: schema, weight: 1 },
    { arbitrary: newTemplate, weight: 2 },
    { arbitrary: publish, weight: 1 },
  );
}
