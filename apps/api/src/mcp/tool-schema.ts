// A tool's zod schemas as the SDK consumes them: their JSON Schema computed once per process and trimmed of
// what tells a client nothing.
import { type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { type z } from 'zod';

/**
 * The zod schema as the SDK consumes it, with its JSON Schema converted on first use and then reused.
 * The SDK builds a server per request and converts every tool schema on each `tools/list`; the
 * schemas never change, so that work is done once per process. `onRejected` hears of each value the
 * schema refuses. `described: false` leaves input descriptions out too (a view's own tools: no model
 * reads them).
 */
export function toolSchema<S extends z.ZodType>(
  schema: S,
  onRejected?: () => void,
  { described = true }: { described?: boolean } = {},
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema['~standard'];
  const validate: typeof standard.validate = (value, options) => {
    const result = standard.validate(value, options);
    if (onRejected) {
      Promise.resolve(result).then(
        ({ issues }) => issues && onRejected(),
        () => {},
      );
    }
    return result;
  };
  const converted = new Map<string, Record<string, unknown>>();
  const convert =
    (io: 'input' | 'output') =>
    (options: { target: string }): Record<string, unknown> => {
      const key = `${io}:${options.target}`;
      let json = converted.get(key);
      if (!json) {
        const lean = leanJsonSchema(
          standard.jsonSchema[io](options as Parameters<typeof standard.jsonSchema.input>[0]),
          io === 'input' && !described ? 'undescribed input' : io,
        );
        json = (io === 'output' ? shallowOutput(lean) : lean) as Record<string, unknown>;
        converted.set(key, json);
      }
      return json;
    };
  return {
    '~standard': {
      ...standard,
      validate,
      jsonSchema: { input: convert('input'), output: convert('output') },
    },
  } as StandardSchemaWithJSON<z.input<S>, z.output<S>>;
}

/**
 * The JSON Schema without what tells a client nothing, paid for in every agent's context on each turn:
 * integer bounds at ±2^53-1 (zod's way of saying "an integer"), `$schema` (MCP's default dialect),
 * regular expressions (the server checks them and says what it expected), property names that are only
 * said to be strings, empty property lists, closed objects (`additionalProperties: false`: the server
 * names an unknown argument when it refuses it, and an answer is described, not policed), and in output
 * schemas descriptions and required lists (the answer speaks for itself; the tool description says what
 * it holds).
 * `properties` maps field names to schemas: a field may be called `description`.
 */
function leanJsonSchema(schema: unknown, io: SchemaUse, isPropertyMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => leanJsonSchema(item, io));
  if (typeof schema !== 'object' || schema === null) return schema;
  const lean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(schema)) {
    if (!isPropertyMap && isNoise(name, value, io)) continue;
    lean[name] = leanJsonSchema(value, io, !isPropertyMap && name === 'properties');
  }
  return lean;
}

type SchemaUse = 'input' | 'undescribed input' | 'output';

/**
 * An output schema whose objects two fields down are only `object` (a found project's `publishState`
 * and `match`, an embed's readiness checks): the answer shows their fields and the tool description
 * says what they mean, and tools/list stays within its budget.
 */
function shallowOutput(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const { properties, items, additionalProperties, ...rest } = schema as Record<string, unknown>;
  if (depth >= 2 && rest.type === 'object') return { type: 'object' };
  const shallow: Record<string, unknown> = { ...rest };
  if (properties) {
    shallow.properties = Object.fromEntries(
      Object.entries(properties).map(([name, field]) => [name, shallowOutput(field, depth + 1)]),
    );
  }
  if (items !== undefined) shallow.items = shallowOutput(items, depth);
  if (additionalProperties !== undefined)
    shallow.additionalProperties = shallowOutput(additionalProperties, depth + 1);
  return shallow;
}

function isNoise(keyword: string, value: unknown, io: SchemaUse): boolean {
  switch (keyword) {
    case 'minimum':
    case 'maximum':
      return Math.abs(value as number) === Number.MAX_SAFE_INTEGER;
    case '$schema':
    case 'pattern':
      return true;
    case 'propertyNames':
      return JSON.stringify(value) === '{"type":"string"}';
    case 'properties':
      return isEmpty(value);
    case 'description':
      return io !== 'input';
    case 'required':
      return io === 'output';
    case 'additionalProperties':
      return value === false || isEmpty(value);
    default:
      return false;
  }
}

const isEmpty = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;
