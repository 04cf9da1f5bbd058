/**
 * What an SMS costs: providers bill per segment, and a segment holds 160 GSM-7 characters or
 * 70 UCS-2 ones (153 and 67 once the text needs more than one, the rest carries the header that
 * joins them). One character outside GSM-7 (a Cyrillic letter, a Romanian ă) turns the whole
 * text into UCS-2 (3GPP TS 23.038, 23.040).
 */

/** The GSM 03.38 default alphabet: one septet each. */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Its extension table: an escape and the character, two septets each. */
const GSM7_EXTENSION = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text. */
  units: number;
  segments: number;
}

const SINGLE = { 'GSM-7': 160, 'UCS-2': 70 } as const;
const CONCATENATED = { 'GSM-7': 153, 'UCS-2': 67 } as const;

/** Units of one character: a two-septet escape or a surrogate pair is never split between segments. */
function unitsOf(character: string, encoding: SmsEncoding): number {
  if (encoding === 'UCS-2') return character.length;
  return GSM7_EXTENSION.has(character) ? 2 : 1;
}

function isGsm7(text: string): boolean {
  for (const character of text)
    if (!GSM7_BASIC.has(character) && !GSM7_EXTENSION.has(character)) return false;
  return true;
}

export function smsSegments(text: string): SmsSegments {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const characters = [...text];
  const units = characters.reduce((sum, c) => sum + unitsOf(c, encoding), 0);
  if (units <= SINGLE[encoding]) return { encoding, units, segments: units === 0 ? 0 : 1 };
  let segments = 1;
  let used = 0;
  for (const character of characters) {
    const size = unitsOf(character, encoding);
    if (used + size > CONCATENATED[encoding]) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments };
}

/** Latin for the letters of the receipt's languages that GSM-7 lacks (Russian, Romanian). */
const TRANSLITERATION: Record<string, string> = {
  ...Object.fromEntries(
    [
      ['а', 'a'],
      ['б', 'b'],
      ['в', 'v'],
      ['г', 'g'],
      ['д', 'd'],
      ['е', 'e'],
      ['ё', 'e'],
      ['ж', 'zh'],
      ['з', 'z'],
      ['и', 'i'],
      ['й', 'i'],
      ['к', 'k'],
      ['л', 'l'],
      ['м', 'm'],
      ['н', 'n'],
      ['о', 'o'],
      ['п', 'p'],
      ['р', 'r'],
      ['с', 's'],
      ['т', 't'],
      ['у', 'u'],
      ['ф', 'f'],
      ['х', 'h'],
      ['ц', 'ts'],
      ['ч', 'ch'],
      ['ш', 'sh'],
      ['щ', 'sch'],
      ['ъ', ''],
      ['ы', 'y'],
      ['ь', ''],
      ['э', 'e'],
      ['ю', 'yu'],
      ['я', 'ya'],
      ['ă', 'a'],
      ['â', 'a'],
      ['î', 'i'],
      ['ș', 's'],
      ['ş', 's'],
      ['ț', 't'],
      ['ţ', 't'],
    ].flatMap(([lower, latin]) => [
      [lower!, latin!],
      [lower!.toUpperCase(), latin!.charAt(0).toUpperCase() + latin!.slice(1)],
    ]),
  ),
  '№': 'nr.',
};

export function transliterate(text: string): string {
  return [...text].map((c) => TRANSLITERATION[c] ?? c).join('');
}

/**
 * The text to send: as written when it fits as few segments as its transliteration, else the
 * transliteration. A Russian receipt SMS with its verification link is 2 UCS-2 segments as
 * written and 1 GSM-7 segment in Latin letters: the merchant pays one message, not two.
 */
export function cheapestSmsText(text: string): string {
  const latin = transliterate(text);
  return smsSegments(latin).segments < smsSegments(text).segments ? latin : text;
}
