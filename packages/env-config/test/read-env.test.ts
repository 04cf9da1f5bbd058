import { describe, expect, it } from 'vitest';
import { loadConfig as loadCloudConfig } from '../../../apps/cloud/src/config.js';
import { loadRelayConfig } from '../../../apps/relay/src/config.js';
import { loadTerminalConfig } from '../../../apps/terminal/src/config.js';
import {
  bool,
  ConfigError,
  int,
  list,
  oneOf,
  parsed,
  readEnv,
  requiredText,
  text,
  url,
} from '../src/index.js';

describe('readEnv', () => {
  const settings = {
    PORT: int(4567, { max: 65_535 }),
    LIMIT: int(null, { min: 1 }),
    ON: bool(true),
    NAME: text('x'),
    TOKEN: requiredText({ minLength: 8, secret: true }),
    HOME_URL: url(null),
    KEYS: list(),
    COLUMNS: oneOf([32, 42, 48], 48),
    PAIR: parsed(
      (raw) => {
        const [a, b] = raw.split(':');
        if (b === undefined) throw new Error('no colon');
        return [a, b];
      },
      'a:b',
      null,
    ),
  };
  const base = { TOKEN: 'secret-token' };

  it('gives the defaults for unset and empty variables', () => {
    expect(readEnv({ ...base, NAME: '', PORT: '' }, settings)).toEqual({
      PORT: 4567,
      LIMIT: null,
      ON: true,
      NAME: 'x',
      TOKEN: 'secret-token',
      HOME_URL: null,
      KEYS: [],
      COLUMNS: 48,
      PAIR: null,
    });
  });

  it('reads what is set', () => {
    const values = readEnv(
      {
        ...base,
        PORT: '80',
        LIMIT: '5',
        ON: 'No',
        KEYS: ' a, ,b ',
        COLUMNS: '32',
        PAIR: 'x:y',
        HOME_URL: 'http://h/',
      },
      settings,
    );
    expect(values).toMatchObject({
      PORT: 80,
      LIMIT: 5,
      ON: false,
      KEYS: ['a', 'b'],
      COLUMNS: 32,
      PAIR: ['x', 'y'],
    });
  });

  it.each([
    [{ PORT: 'http' }, 'PORT must be an integer from 0 to 65535, got "http"'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535, got "70000"'],
    [{ LIMIT: '0' }, 'LIMIT must be an integer of at least 1, got "0"'],
    [{ ON: 'on' }, 'ON must be one of true, false, 1, 0, yes, no, got "on"'],
    [{ COLUMNS: '40' }, 'COLUMNS must be one of 32, 42, 48, got "40"'],
    [{ HOME_URL: 'not a url' }, 'HOME_URL must be a URL, got "not a url"'],
    [{ PAIR: 'xy' }, 'PAIR must be a:b, got "xy" (no colon)'],
    [{ TOKEN: 'short' }, 'TOKEN must be set, at least 8 characters, got (5 characters, not shown)'],
  ])('refuses %j with the one form of error', (env, message) => {
    const read = () => readEnv({ ...base, ...env }, settings);
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
  });
});

describe('the three servers', () => {
  const loaders = {
    terminal: loadTerminalConfig,
    cloud: loadCloudConfig,
    relay: (env: NodeJS.ProcessEnv) => loadRelayConfig({ RELAY_TOKEN: 'relay-token-for-tests', ...env }),
  };

  it.each(Object.entries(loaders))('%s answers a bad value with the same ConfigError', (_server, load) => {
    expect(() => load({ PORT: 'http' })).toThrow(
      new ConfigError('PORT', 'an integer from 0 to 65535', 'http'),
    );
    expect(() => load({ PORT: 'http' })).toThrow('PORT must be an integer from 0 to 65535, got "http"');
  });
});
