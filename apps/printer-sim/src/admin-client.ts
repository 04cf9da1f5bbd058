/** The admin API as tests and tools drive it: the fault mode, and what came out on paper. */
import type { FaultSettingsInput } from './faults/fault-switch.js';
import type { ParserError, PrintedPage } from './pages/page-store.js';

async function call<T>(adminUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${adminUrl}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`printer-sim ${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function setPrinterFault(adminUrl: string, settings: FaultSettingsInput): Promise<unknown> {
  return call(adminUrl, 'PUT', '/admin/fault', settings);
}

export async function printedPages(adminUrl: string): Promise<PrintedPage[]> {
  return (await call<{ pages: PrintedPage[] }>(adminUrl, 'GET', '/admin/pages')).pages;
}

/** Commands the parser did not know: none may come from our driver. */
export async function parserErrors(adminUrl: string): Promise<ParserError[]> {
  return (await call<{ errors: ParserError[] }>(adminUrl, 'GET', '/admin/errors')).errors;
}
