// A client's view of an answer, direct or through the relay, and what of it must be equal both
// ways (the timestamp and request id differ).
import type { RelayErrorCode } from '@fiscal-pos/relay-protocol';
import { expect } from 'vitest';
import { API_KEY } from '../../terminal/test/support/terminal-harness.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any; // arbitrary JSON bodies are compared
}

export async function send(
  url: string,
  init: RequestInit = {},
  apiKey: string | null = API_KEY,
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (apiKey !== null) headers.set('x-api-key', apiKey);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** What must be equal between a direct answer and a relayed one (the timestamp and request id differ). */
export function comparable(answer: Answer): unknown {
  const body = answer.body as Record<string, unknown>;
  const { timestamp: _timestamp, ...rest } = typeof body === 'object' && body !== null ? body : { body };
  return { status: answer.status, contentType: answer.headers.get('content-type'), body: rest };
}

/** The relay's own answer: the terminal's envelope (api-spec, Errors) with one of the relay's codes. */
export function expectRelayRefusal(answer: Answer, status: number, code: RelayErrorCode): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body).toEqual({
    success: false,
    data: null,
    error: { code, message: expect.any(String) },
    timestamp: expect.any(String),
  });
  expect(answer.headers.get('x-request-id')).toBeTruthy();
}
