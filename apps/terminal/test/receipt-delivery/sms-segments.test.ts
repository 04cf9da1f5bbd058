/** What an SMS costs: GSM-7 and UCS-2 segments, and the Russian receipt SMS in one of them. */
import { describe, expect, it } from 'vitest';
import { cheapestSmsText, smsSegments, transliterate } from '../../src/receipt-delivery/sms-segments.js';

describe('SMS segments', () => {
  it('counts GSM-7 septets: 160 in one segment, 153 per segment beyond', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts an extension character (€, [, ~) as two septets, never split between segments', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81)).segments).toBe(2);
    // 152 plain septets, then one escape pair: it does not fit the first 153, so it opens the second.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({
      encoding: 'GSM-7',
      units: 306,
      segments: 3,
    });
  });

  it('turns the whole text into UCS-2 for one character outside GSM-7: 70, then 67 per segment', () => {
    expect(smsSegments('Ч'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`${'a'.repeat(70)}ă`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments('Ч'.repeat(134)).segments).toBe(2);
    expect(smsSegments('Ч'.repeat(135)).segments).toBe(3);
    // A character beyond the BMP is two UTF-16 units.
    expect(smsSegments('😀'.repeat(35)).units).toBe(70);
  });

  it('sends a Russian receipt SMS in Latin letters when that makes it one segment', () => {
    const url = 'https://mev.sfs.md/receipt-verifier/J403001234/45.50/12/2026-11-26';
    const russian = `Чек № 12: 45.50 MDL. Проверка: ${url}`;
    expect(smsSegments(russian)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    const sent = cheapestSmsText(russian);
    expect(sent).toBe(`Chek nr. 12: 45.50 MDL. Proverka: ${url}`);
    expect(smsSegments(sent)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    // Short enough as written: kept in Cyrillic.
    expect(cheapestSmsText('Чек № 12: 45.50 MDL')).toBe('Чек № 12: 45.50 MDL');
    expect(transliterate('Щука, ăîșț ȘȚ')).toBe('Schuka, aist ST');
  });
});
