/**
 * Request bodies for fuzzing a JSON API, shared by the terminal's and the cloud's fuzz tests:
 * malformed JSON, JSON that is not an object, prototype-poisoning keys, random objects over
 * a route's field names, random values, and mutations of a valid request (wrong types, huge
 * and negative numbers, NaN-like strings, deep nesting, long and unicode strings, extra fields);
 * and, for the queries, random path segments and query strings.
 */
import fc from 'fast-check';

export type JsonObject = Record<string, unknown>;

/** Placeholder replaced in the serialized text by `depth` nested arrays (too deep to stringify). */
const deepMarker = (depth: number) => `@@deep:${depth}@@`;
const DEEP_PATTERN = /"@@deep:(\d+)@@"/g;
function expandDeep(text: string): string {
  return text.replace(DEEP_PATTERN, (_, depth: string) => {
    const n = Number(depth);
    return `${'['.repeat(n)}0${']'.repeat(n)}`;
  });
}

/** JSON text of a generated value, with deep-nesting placeholders expanded. */
const serialize = (value: unknown): string => expandDeep(JSON.stringify(value) ?? '');

/** Values a client should never send where a field of the API is expected. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -0,
    -1,
    -0.01,
    0.001,
    1.005,
    1e-7,
    1e21,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    9_999_999_999_999.99,
    // More digits than a double holds: what a JSON parser makes of it.
    Number('99999999999999.99'),
    'NaN',
    'Infinity',
    '-Infinity',
    '1e3',
    '12.50',
    '0x10',
    '',
    ' ',
    [],
    {},
    [[]],
    '\u0000',
    '\ud800',
    '💸'.repeat(60),
    'ب'.repeat(101),
    'x'.repeat(10_000),
    // Past a 1 MiB body limit.
    'x'.repeat(1_100_000),
  ),
  fc.double(),
  fc.integer(),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 20, max: 20_000 }).map(deepMarker),
);

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const own: Path[] = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value !== null && typeof value === 'object') {
    return [...own, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  }
  return own;
}

interface Mutation {
  kind: 'set' | 'delete' | 'extra';
  pick: number;
  value: unknown;
  key: string;
}

function mutation(knownKeys: readonly string[]): fc.Arbitrary<Mutation> {
  return fc.record({
    kind: fc.constantFrom('set', 'set', 'delete', 'extra'),
    pick: fc.nat(),
    value: hostile,
    key: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...knownKeys, 'toString')),
  });
}

/** Applies each mutation at a node of the current tree (chosen by `pick`, modulo the nodes). */
function mutate(valid: JsonObject, mutations: Mutation[]): JsonObject {
  const body = structuredClone(valid);
  for (const m of mutations) {
    const paths = pathsOf(body);
    if (paths.length === 0) break;
    const path = paths[m.pick % paths.length]!;
    const parent = path.slice(0, -1).reduce<unknown>((node, k) => (node as JsonObject)[k], body);
    const container = parent as Record<string | number, unknown>;
    const last = path.at(-1)!;
    if (m.kind === 'set') container[last] = m.value;
    else if (m.kind === 'delete' && Array.isArray(container)) container.splice(last as number, 1);
    else if (m.kind === 'delete') delete container[last];
    else if (!Array.isArray(container))
      Object.defineProperty(container, m.key, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return body;
}

/** 1-4 mutations of a valid body; `knownKeys` are field names worth adding as extras. */
export function mutatedValid(valid: JsonObject, knownKeys: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(mutation(knownKeys), { minLength: 1, maxLength: 4 })
    .map((mutations) => serialize(mutate(valid, mutations)));
}

/** What JSON.parse refuses (a leading BOM is allowed), and not blank: blank reads as `{}`. */
function isMalformed(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return false;
  } catch {
    return true;
  }
}

const MALFORMED_SAMPLES = [
  '{',
  '}',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,]',
  'NaN',
  '{"amount": NaN}',
  '{"amount": Infinity}',
  '{"amount": -}',
  '{"a":1}//',
  '/*x*/{}',
  '{"a":01}',
  '{"a":"\u0000"}',
  '{"a":"\\x41"}',
  'undefined',
  '{a:1}',
  '{"a":1}{"b":2}',
  '\u0000',
  'tru',
];

/** Text that is not JSON: fixed samples, random bytes, and truncations or corruptions of `valid`. */
export function malformedJson(valid: JsonObject): fc.Arbitrary<string> {
  const text = JSON.stringify(valid);
  return fc
    .oneof(
      fc.constantFrom(...MALFORMED_SAMPLES),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.integer({ min: 1, max: text.length - 1 }).map((end) => text.slice(0, end)),
      fc
        .tuple(fc.integer({ min: 0, max: text.length }), fc.constantFrom(...'{}[]",:\\\'x0-. '))
        .map(([at, c]) => text.slice(0, at) + c + text.slice(at)),
    )
    .filter(isMalformed);
}

/** JSON that parses but is not an object (scalars, null, arrays). */
export const notAnObject: fc.Arbitrary<string> = fc
  .oneof(
    fc.jsonValue().filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  )
  .map((v) => JSON.stringify(v));

/** A valid body carrying `__proto__` or `constructor.prototype`, at the top or nested. */
export function poisoned(valid: JsonObject): fc.Arbitrary<string> {
  const rest = JSON.stringify(valid).slice(1);
  return fc
    .record({
      key: fc.constantFrom('"__proto__"', '"\\u005f_proto__"', '"constructor"'),
      payload: fc.jsonValue({ maxDepth: 1 }),
      nested: fc.boolean(),
    })
    .map(({ key, payload, nested }) => {
      const polluted = JSON.stringify({ polluted: payload });
      const entry = key === '"constructor"' ? `${key}:{"prototype":${polluted}}` : `${key}:${polluted}`;
      return nested ? `{"extra":{${entry}},${rest}` : `{${entry},${rest}`;
    });
}

/** Objects whose keys are the route's field names or junk, and whose values are hostile. */
export function randomObject(fields: readonly string[]): fc.Arbitrary<string> {
  const junk = fc.string({ maxLength: 12 });
  const keys = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), junk) : junk;
  return fc
    .dictionary(keys, hostile, {
      maxKeys: 6,
    })
    .map(serialize);
}

/** Any JavaScript value a generator can make, serialized (undefined serializes to ''). */
export const anyValue: fc.Arbitrary<string> = fc.anything({ maxDepth: 3 }).map(serialize);

/**
 * The seed of a fuzz run: fixed so that CI is reproducible; FUZZ_SEED=random explores,
 * FUZZ_SEED=<n> replays a run.
 */
export function fuzzSeed(fixed: number): number {
  const requested = process.env.FUZZ_SEED;
  const seed = requested === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(requested ?? fixed);
  console.log(`fuzz seed ${seed} (replay with FUZZ_SEED=${seed})`);
  return seed;
}

/** A path segment or query value: junk, encodings, long and unicode text. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e9',
    'null',
    '%00',
    '\u0000',
    'a\u0000b',
    '..',
    'x'.repeat(5_000),
    '00000000-0000-0000-0000-000000000000',
  ),
);

/** A query string over the route's parameter names (and one unknown), with values plausible or not. */
export function queryString(keys: readonly string[], plausible: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    pathSegment,
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom(...plausible),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...keys, 'x'), value), { maxLength: 4 })
    .map((pairs) => new URLSearchParams(pairs).toString());
}
