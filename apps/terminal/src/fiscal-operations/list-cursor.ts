/**
 * The opaque `cursor` of the list endpoints (an addition to the spec's offset paging, for
 * clients that page through everything): where the previous page ended, as the Z report and
 * the sequence number of its last row. Base64url so that clients treat it as a token.
 */
export interface ListCursor {
  reportNumber: number;
  seq: number;
}

const FORMAT = /^c1\.(\d{1,15})\.(\d{1,15})$/;

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`c1.${cursor.reportNumber}.${cursor.seq}`).toString('base64url');
}

/** Null when the text is not a cursor this terminal issued. */
export function parseCursor(text: string): ListCursor | null {
  const match = FORMAT.exec(Buffer.from(text, 'base64url').toString('latin1'));
  if (!match) return null;
  return { reportNumber: Number(match[1]), seq: Number(match[2]) };
}
