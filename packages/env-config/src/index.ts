// One reader of the environment for the servers (terminal, cloud, relay). Each setting is a zod
// schema with what it takes said in words; readEnv reads them by name, and a value a schema
// refuses stops the start with the one error every server gives:
//   PORT must be an integer from 0 to 65535, got "http"
// An empty variable counts as unset everywhere (`FOO= npm start` means "the default").
import proxyaddr from '@fastify/proxy-addr';
import { z } from 'zod';

/** A setting the process cannot start with. A secret's value is not repeated, only its length. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    readonly expected: string,
    value: string,
    o: { why?: string | undefined; secret?: boolean | undefined } = {},
  ) {
    const shown = o.secret ? `(${value.length} characters, not shown)` : `"${value}"`;
    super(`${setting} must be ${expected}, got ${shown}${o.why ? ` (${o.why})` : ''}`);
    this.name = 'ConfigError';
  }
}

/** One environment variable: its schema (an unset variable arrives as undefined) and what it takes. */
export interface Setting<T> {
  readonly schema: z.ZodType<T, string | undefined>;
  readonly expected: string;
  readonly secret?: boolean;
}

type Values<S> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** The settings read from `env`, by variable name; ConfigError names the first bad one. */
export function readEnv<S extends Record<string, Setting<unknown>>>(
  env: NodeJS.ProcessEnv,
  settings: S,
): Values<S> {
  const values: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(settings)) {
    const raw = env[name] === '' ? undefined : env[name];
    const result = setting.schema.safeParse(raw);
    if (!result.success) {
      // A parser's own words, without the setting's name it may start with.
      const why = result.error.issues
        .find((issue) => issue.code === 'custom')
        ?.message.replace(new RegExp(`^${name}: `), '');
      throw new ConfigError(name, setting.expected, raw ?? '', { why, secret: setting.secret });
    }
    values[name] = result.data;
  }
  return values as Values<S>;
}

/**
 * A setting read by a parser of its own that throws on what it cannot read (an Error's message
 * says why, after the expected form); `fallback` when unset.
 */
export function parsed<T, F extends T | null | undefined>(
  parse: (raw: string) => T,
  expected: string,
  fallback: F,
): Setting<T | F> {
  return {
    expected,
    schema: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined) return fallback;
        try {
          return parse(raw);
        } catch (error) {
          // A ConfigError already says everything in the one form: no second reason after it.
          const why =
            error instanceof ConfigError ? '' : error instanceof Error ? error.message : String(error);
          ctx.addIssue({ code: 'custom', message: why });
          return z.NEVER;
        }
      }),
  };
}

/** An integer from `min` to `max`; `fallback` when unset (null: none). */
export function int<F extends number | null>(
  fallback: F,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): Setting<number | F> {
  const number = z.coerce.number<string>().int().min(min).max(max);
  return {
    expected:
      max === Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`,
    schema: z.union([z.undefined().transform(() => fallback), number]),
  };
}

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

/** true/false/1/0/yes/no in any case; anything else stops the start rather than meaning false. */
export function bool(fallback: boolean): Setting<boolean> {
  return {
    expected: 'one of true, false, 1, 0, yes, no',
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum([...TRUE_WORDS, ...FALSE_WORDS]))
      .transform((word) => TRUE_WORDS.includes(word))
      .optional()
      .transform((value) => value ?? fallback),
  };
}

/** Any text; `fallback` when unset (null: none). A secret is never repeated in an error. */
export function text<F extends string | null>(
  fallback: F,
  o: { minLength?: number; secret?: boolean } = {},
): Setting<string | F> {
  const min = o.minLength ?? 0;
  return {
    expected: min > 0 ? `at least ${min} characters` : 'text',
    schema: z
      .string()
      .min(min)
      .optional()
      .transform((value) => value ?? fallback),
    ...(o.secret ? { secret: true } : {}),
  };
}

/** Text that must be set: ConfigError when missing or shorter than `minLength`. */
export function requiredText(o: { minLength?: number; secret?: boolean } = {}): Setting<string> {
  const min = o.minLength ?? 1;
  return {
    expected: `set, at least ${min} characters`,
    schema: z.string().min(min),
    ...(o.secret ? { secret: true } : {}),
  };
}

/** One of `values` (compared as written); `fallback` when unset (null: none). */
export function oneOf<V extends string | number, F extends V | null>(
  values: readonly V[],
  fallback: F,
): Setting<V | F> {
  return {
    expected: `one of ${values.join(', ')}`,
    schema: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined) return fallback;
        const value = values.find((v) => String(v) === raw.trim());
        if (value !== undefined) return value;
        ctx.addIssue({ code: 'custom', message: '' });
        return z.NEVER;
      }),
  };
}

/** An absolute URL; `fallback` when unset (null: none). */
export function url<F extends string | null>(fallback: F): Setting<string | F> {
  return {
    expected: 'a URL',
    schema: z
      .url()
      .optional()
      .transform((value) => value ?? fallback),
  };
}

/** Comma-separated entries, each trimmed, empty ones left out. */
export function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A comma-separated list (splitList); none when unset. */
export function list(): Setting<string[]> {
  return {
    expected: 'a comma-separated list',
    schema: z
      .string()
      .optional()
      .transform((value) => splitList(value ?? '')),
  };
}

/**
 * Who may say, in X-Forwarded-For, which address a request came from: proxy-addr's list (the
 * rule Fastify's trustProxy follows), none when unset. A typo must stop the start, not leave
 * X-Forwarded-For untrusted unnoticed (every client would then have the proxy's address).
 */
export function trustedProxies(): Setting<string[]> {
  return parsed(
    (raw) => {
      const entries = splitList(raw);
      proxyaddr.compile(entries);
      return entries;
    },
    'addresses, CIDR blocks, loopback, linklocal or uniquelocal, comma-separated',
    [] as string[],
  );
}
