import { describe, expect, it } from 'vitest';
import { parseVatRatesSetting } from '../src/index.js';

describe('parseVatRatesSetting (VAT_RATES)', () => {
  it('reads each listed code with its percent; unlisted codes are unknown, `_` always exempt', () => {
    expect(parseVatRatesSetting('A=8, B=20,D=12.5')).toEqual({
      _: { code: '_', rateBp: null },
      A: { code: 'A', rateBp: 800 },
      B: { code: 'B', rateBp: 2000 },
      D: { code: 'D', rateBp: 1250 },
    });
  });

  it.each(['A', 'A=', 'F=5', 'A=101', 'A=-1', 'A=1.234', 'A=8,A=9', '_=0', ''])('refuses "%s"', (text) => {
    expect(() => parseVatRatesSetting(text)).toThrow(/VAT_RATES/);
  });
});
