/**
 * Typed helpers for the simulator's admin API (tests, the terminal's dev setup, scripts).
 * The admin listener's certificate is signed by the simulator's CA: pass its PEM.
 */
import { request } from 'node:https';
import type { FaultSettings, FaultSettingsInput } from './faults/fault-switch.js';
import type { RegistrationRecord } from './registrations/registration-store.js';
import type { FiscalizationMaterial, FiscalizeTerminalInput } from './terminals/fiscalize-terminal.js';

export interface AdminAuth {
  /** Needed only when the simulator runs with ADMIN_TOKEN. */
  adminToken?: string;
}

/** A registration as the admin API shows it. */
export type RegistrationView = Omit<RegistrationRecord, 'contentHash'>;

export class MevSimAdminError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`mev-sim admin answered ${status}: ${body}`);
    this.name = 'MevSimAdminError';
  }
}

export function fiscalizeTerminal(
  adminUrl: string,
  caCertPem: string,
  opts: FiscalizeTerminalInput & AdminAuth = {},
): Promise<FiscalizationMaterial> {
  const { adminToken, ...body } = opts;
  return call<FiscalizationMaterial>(adminUrl, caCertPem, 'POST', '/admin/terminals', body, adminToken);
}

export function setFaultMode(
  adminUrl: string,
  caCertPem: string,
  settings: FaultSettingsInput,
  auth: AdminAuth = {},
): Promise<FaultSettings> {
  return call<FaultSettings>(adminUrl, caCertPem, 'PUT', '/admin/fault', settings, auth.adminToken);
}

export function getFaultMode(
  adminUrl: string,
  caCertPem: string,
  auth: AdminAuth = {},
): Promise<FaultSettings> {
  return call<FaultSettings>(adminUrl, caCertPem, 'GET', '/admin/fault', undefined, auth.adminToken);
}

export async function listRegistrations(
  adminUrl: string,
  caCertPem: string,
  filter: { registrationNumber?: string; after?: number; limit?: number } = {},
  auth: AdminAuth = {},
): Promise<RegistrationView[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
  const path = `/admin/registrations${query.size > 0 ? `?${query.toString()}` : ''}`;
  const result = await call<{ registrations: RegistrationView[] }>(
    adminUrl,
    caCertPem,
    'GET',
    path,
    undefined,
    auth.adminToken,
  );
  return result.registrations;
}

function call<T>(
  adminUrl: string,
  caCertPem: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown,
  adminToken: string | undefined,
): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const req = request(
      new URL(path, adminUrl),
      {
        method,
        ca: caCertPem,
        timeout: 10_000,
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(JSON.parse(text) as T);
          else reject(new MevSimAdminError(status, text));
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`mev-sim admin did not answer ${method} ${path}`)));
    req.on('error', reject);
    req.end(payload);
  });
}
