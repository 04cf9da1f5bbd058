/**
 * One XML builder and one parser configuration for both sides of the wire.
 *
 * The parser keeps every leaf as a string (no number guessing: "0012" stays "0012" and amounts
 * are converted by the fiscal money module) and drops namespace prefixes: elements are matched by local
 * name, so a server or client may choose its own prefixes. Well-formedness is checked first,
 * because the parser alone is lenient with broken XML.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const MEV_NS = 'urn:fiscal-pos:mev:v1';
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const WSSE_PASSWORD_TEXT =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';
export const SOAP_ACTION_REGISTER = 'urn:fiscal-pos:mev:v1#RegisterFiscalOperation';
export const SOAP_ACTION_REGISTER_BATCH = 'urn:fiscal-pos:mev:v1#RegisterFiscalOperationBatch';

/** Elements that repeat; they parse as arrays even when there is only one. */
const REPEATED = new Set(['VatLine', 'Payment', 'Operation', 'Result']);

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
});

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

export type XmlTree = Record<string, unknown>;

/** The document's start and end as buildEnvelope writes them, for the texts written by hand. */
export const ENVELOPE_START = `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP_ENV_NS}" xmlns:mev="${MEV_NS}">`;
export const ENVELOPE_END = '</soap:Envelope>';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '>': '&gt;',
  '<': '&lt;',
  "'": '&apos;',
  '"': '&quot;',
};

/**
 * One element with a text, as the builder writes it (the same escapes; an empty text is an
 * empty element), for the messages of every sale, which are written without building a tree:
 * the builder's walk of the tree was the most of a registration's CPU in the terminal.
 */
export function textElement(name: string, value: string | number, attributes = ''): string {
  const text = String(value).replace(/[&><'"]/g, (c) => XML_ESCAPES[c]!);
  return text === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${text}</${name}>`;
}

/** Wraps a body element in a SOAP 1.1 envelope, with an optional header. */
export function buildEnvelope(body: XmlTree, header?: XmlTree): string {
  const envelope: XmlTree = {
    '@_xmlns:soap': SOAP_ENV_NS,
    '@_xmlns:mev': MEV_NS,
    ...(header ? { 'soap:Header': header } : {}),
    'soap:Body': body,
  };
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'soap:Envelope': envelope,
  });
}

export interface ParsedEnvelope {
  header: unknown;
  body: unknown;
}

/** Returns null when the text is not well-formed XML or not a SOAP envelope with a body. */
export function parseEnvelope(xml: string): ParsedEnvelope | null {
  if (XMLValidator.validate(xml) !== true) return null;
  const root = parser.parse(xml) as XmlTree;
  const envelope = root.Envelope;
  if (typeof envelope !== 'object' || envelope === null || !('Body' in envelope)) return null;
  const { Header, Body } = envelope as { Header?: unknown; Body: unknown };
  return { header: Header, body: Body };
}
