import fc from 'fast-check';

/**
 * fast-check arbitraries for the requests the API describes in `/api/openapi.json`: values that fit each
 * schema (so requests get past validation and reach the code behind it) and hostile ones (wrong types,
 * invalid text, deep or huge values, bodies that are not JSON). Used by the fuzz suite (api-fuzz.test.ts).
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: JsonSchema };

export type Operation = {
  method: string;
  /** The OpenAPI path, `{name}` for parameters. */
  path: string;
  parameters: Parameter[];
  /** The request body's content types and their schemas. */
  body: Record<string, JsonSchema | undefined> | null;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the document. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content
        ? Object.fromEntries(
            Object.entries(operation.requestBody.content).map(([type, media]) => [type, media.schema]),
          )
        : null,
    })),
  );
}

/** Text people do not type: NUL, unpaired surrogates, control characters, bidi overrides, very long. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udc00x',
    '\u202eevil',
    '../../etc/passwd',
    '%00%2e%2e%2f',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    ['$', '{process.exit()}'].join(''),
    'null',
    '-1',
    '1e309',
    '2026-02-30',
    '0000-01-01T00:00:00Z',
    ' ',
    '',
  ),
  fc.string({ minLength: 5000, maxLength: 20_000 }),
);

/** Any JSON value, sometimes deep or large. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 50, max: 400 })
      .map((depth) => Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: [inner] }), 1)),
  },
  { weight: 1, arbitrary: fc.array(fc.integer(), { minLength: 1000, maxLength: 5000 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, -1e308, 0.1) },
);

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * Days that have the shape of a date and are none (decision 034): 30 February, 29 February of a common year,
 * 31 April, month 0 or 13 and beyond, day 0 or past 31, the year 0000. JavaScript rolls most of them over;
 * PostgreSQL refuses them.
 */
export const impossibleDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-13-01',
    '0000-01-01',
  ),
  fc
    .tuple(
      fc.integer({ min: 1, max: 9999 }),
      fc.integer({ min: 13, max: 99 }),
      fc.integer({ min: 1, max: 28 }),
    )
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`),
  fc
    .tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 32, 99))
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`),
  fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([month, day]) => `0000-${pad(month)}-${pad(day)}`),
);

/** Date-times that name no instant: an impossible day, 24:00, minute or second 60, a year past 0001–9999 in UTC. */
export const impossibleDateTime: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(impossibleDate, fc.constantFrom('T10:00:00Z', 'T00:00:00.000Z', 'T23:59:59+02:00'))
    .map(([day, time]) => `${day}${time}`),
  fc.constantFrom(
    '2026-03-02T24:00:00Z',
    '2026-03-02T23:60:00Z',
    '2026-03-02T23:59:60Z',
    '2026-03-02T10:00:00+24:00',
    '0001-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59-01:00',
  ),
);

/** Instants JavaScript and PostgreSQL both read: years 0001–9999. */
const realDate = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

const typesOf = (schema: JsonSchema): string[] => {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
};

function stringFitting(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    // One in four has the shape and is no day, so every date the API takes meets impossible ones too.
    case 'date-time':
      return fc.oneof(
        { weight: 3, arbitrary: realDate.map((date) => date.toISOString()) },
        { weight: 1, arbitrary: impossibleDateTime },
      );
    case 'date':
      return fc.oneof(
        { weight: 3, arbitrary: realDate.map((date) => date.toISOString().slice(0, 10)) },
        { weight: 1, arbitrary: impossibleDate },
      );
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      break;
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
    } catch {
      // a pattern JavaScript cannot read: fall through to plain strings
    }
  }
  return fc.string({ minLength, maxLength });
}

function numberFitting(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true });
}

/**
 * Values that fit `schema` (as far as JSON Schema says; rules the app checks itself may still refuse), except
 * that dates and date-times are sometimes impossible ones of the right shape.
 */
export function fitting(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((option) => fitting(option, depth + 1)));
  if (schema.allOf?.length) return fitting(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return numberFitting(schema, true);
        case 'number':
          return numberFitting(schema, false);
        case 'string':
          return stringFitting(schema);
        case 'array':
          return fc.array(fitting(schema.items, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 5, Math.max(schema.minItems ?? 0, 5)),
          });
        case 'object': {
          const properties = schema.properties ?? {};
          const required = new Set(schema.required ?? []);
          const known = Object.fromEntries(
            Object.entries(properties).map(([name, property]) => [name, fitting(property, depth + 1)]),
          );
          const record = fc.record(known, {
            requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
          });
          if (typeof schema.additionalProperties !== 'object') return record;
          const extra = fc.dictionary(
            fc.string({ minLength: 1, maxLength: 12 }),
            fitting(schema.additionalProperties, depth + 1),
            { maxKeys: 4 },
          );
          return fc.tuple(record, extra).map(([fixed, more]) => ({ ...more, ...fixed }));
        }
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    }),
  );
}

/** A fitting value with one place (a property, an item, or the whole) swapped for something hostile. */
export function mutated(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.tuple(fitting(schema), fc.oneof(anyJson, hostileText), fc.nat()).map(([value, hostile, pick]) => {
    if (value === null || typeof value !== 'object') return hostile;
    const keys = Object.keys(value);
    if (keys.length === 0) return hostile;
    const key = keys[pick % keys.length] as string;
    return Array.isArray(value)
      ? value.map((item, index) => (index === Number(key) ? hostile : item))
      : { ...value, [key]: hostile };
  });
}
