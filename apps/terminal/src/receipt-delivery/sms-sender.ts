import { request } from 'undici';
import type { SmsProvider } from '../config.js';
import { isPermanentHttpStatus, PermanentRefusal } from './permanent-refusal.js';
import type { ReceiptMessage } from './receipt-message.js';

/** The SMS gateway as configured (docs/receipt-delivery.md, "SMS providers"). */
export interface SmsGatewayConfig {
  provider: SmsProvider;
  /** generic: the endpoint itself; twilio, infobip: the API's base URL. */
  url: string;
  /** generic: bearer token; twilio: the auth token; infobip: the API key. */
  token: string | null;
  /** twilio: the account SID. */
  accountId: string | null;
  /** The sender the customer sees: an alphanumeric sender ID (up to 11 characters) or a number. */
  senderId: string | null;
  timeoutMs: number;
}

interface GatewayRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** One provider's HTTP API: the request for one message, and what its answer says. */
interface ProviderApi {
  request(to: string, text: string, deliveryId: string): GatewayRequest;
  /** The provider's reason in its error body, when it gave one. */
  refusal(body: unknown): string | null;
  /** A 2xx answer that still refuses the message (Infobip's REJECTED): why, else null. */
  rejected(body: unknown): string | null;
}

const JSON_CONTENT = { 'content-type': 'application/json' };

const base = (url: string) => url.replace(/\/+$/, '');
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The terminal's own shape, for a gateway of the merchant's: POST <url>, `Authorization: Bearer
 * <token>`, JSON `{ "to", "text", "reference", "from"? }`; any 2xx is accepted. `reference` is the
 * delivery's id, the same on every attempt, so the gateway can drop a resend.
 */
function genericApi(c: SmsGatewayConfig): ProviderApi {
  return {
    request: (to, text, deliveryId) => ({
      url: c.url,
      headers: { ...JSON_CONTENT, ...(c.token === null ? {} : { authorization: `Bearer ${c.token}` }) },
      body: JSON.stringify({
        to,
        text,
        reference: deliveryId,
        ...(c.senderId === null ? {} : { from: c.senderId }),
      }),
    }),
    refusal: (body) => (typeof field(body, 'error') === 'string' ? (field(body, 'error') as string) : null),
    rejected: () => null,
  };
}

/**
 * Twilio's Programmable Messaging: POST <base>/2010-04-01/Accounts/<AccountSid>/Messages.json,
 * HTTP Basic with the account SID and auth token, a form with To, From and Body; 201 with the
 * Message resource, or an error `{ code, message, more_info, status }`.
 */
function twilioApi(c: SmsGatewayConfig): ProviderApi {
  const account = c.accountId ?? '';
  return {
    request: (to, text) => ({
      url: `${base(c.url)}/2010-04-01/Accounts/${encodeURIComponent(account)}/Messages.json`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${account}:${c.token ?? ''}`).toString('base64')}`,
      },
      body: new URLSearchParams({ To: to, From: c.senderId ?? '', Body: text }).toString(),
    }),
    refusal: (body) => {
      const message = field(body, 'message');
      return typeof message === 'string' ? `code ${String(field(body, 'code'))}: ${message}` : null;
    },
    rejected: (body) =>
      field(body, 'status') === 'failed' ? `Twilio failed it: ${String(field(body, 'error_message'))}` : null,
  };
}

/** Infobip's status groups that end a message at once (5: REJECTED). */
const INFOBIP_REJECTED = 5;

/**
 * Infobip's SMS API: POST <base>/sms/2/text/advanced, `Authorization: App <API key>`, JSON
 * `{ "messages": [{ "from", "destinations": [{ "to", "messageId" }], "text" }] }` with the number
 * in international form without "+"; 200 with each message's status, or an error
 * `{ "requestError": { "serviceException": { "messageId", "text" } } }`. `messageId` is the
 * delivery's id, so a resend is recognisable in Infobip's logs.
 */
function infobipApi(c: SmsGatewayConfig): ProviderApi {
  return {
    request: (to, text, deliveryId) => ({
      url: `${base(c.url)}/sms/2/text/advanced`,
      headers: { ...JSON_CONTENT, authorization: `App ${c.token ?? ''}` },
      body: JSON.stringify({
        messages: [
          {
            ...(c.senderId === null ? {} : { from: c.senderId }),
            destinations: [{ to: to.replace(/^\+/, ''), messageId: deliveryId }],
            text,
          },
        ],
      }),
    }),
    refusal: (body) => {
      const exception = field(field(body, 'requestError'), 'serviceException');
      const text = field(exception, 'text');
      return typeof text === 'string' ? `${String(field(exception, 'messageId'))}: ${text}` : null;
    },
    rejected: (body) => {
      const messages = field(body, 'messages');
      const status = Array.isArray(messages) ? field(messages[0], 'status') : undefined;
      return field(status, 'groupId') === INFOBIP_REJECTED
        ? `Infobip rejected it: ${String(field(status, 'name'))} (${String(field(status, 'description'))})`
        : null;
    },
  };
}

const PROVIDER_APIS: Record<SmsProvider, (c: SmsGatewayConfig) => ProviderApi> = {
  generic: genericApi,
  twilio: twilioApi,
  infobip: infobipApi,
};

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * SMS through an HTTP gateway, in the shape of the configured provider. No answer within
 * timeoutMs, a 5xx, a 408 or a 429 is a failed attempt, retried; any other 4xx, or a 2xx that
 * rejects the message, is a PermanentRefusal with the provider's reason.
 */
export class HttpSmsSender {
  readonly #api: ProviderApi;

  constructor(private readonly config: SmsGatewayConfig) {
    this.#api = PROVIDER_APIS[config.provider](config);
  }

  async send(to: string, message: ReceiptMessage, deliveryId: string): Promise<void> {
    const { url, headers, body } = this.#api.request(to, message.sms, deliveryId);
    const response = await request(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(this.config.timeoutMs),
    });
    const text = await response.body.text();
    const answer = parsed(text);
    const status = response.statusCode;
    if (status >= 200 && status < 300) {
      const rejected = this.#api.rejected(answer);
      if (rejected !== null) throw new PermanentRefusal(rejected);
      return;
    }
    const reason = `SMS gateway (${this.config.provider}) answered ${status}: ${this.#api.refusal(answer) ?? text.slice(0, 200)}`;
    throw isPermanentHttpStatus(status) ? new PermanentRefusal(reason) : new Error(reason);
  }
}
