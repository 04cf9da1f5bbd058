// The text of the activation QR code the console draws: everything a terminal needs to activate,
// so that a cashier scans it instead of typing a cloud address and a code. A barcode scanner in
// keyboard mode types it, followed by Enter, into whatever asks for the code.

const SCHEME = 'fiscal-pos:';
const ACTION = 'activate';

/** `fiscal-pos://activate?cloud=<cloud URL>&code=<code>` */
export function activationLink(cloudUrl: string, code: string): string {
  return `${SCHEME}//${ACTION}?${new URLSearchParams({ cloud: cloudUrl, code }).toString()}`;
}

/**
 * The cloud and the code of an activation link, or null when `text` is not one: another scheme or
 * action, no code, or a cloud that is not an http(s) URL (a link must not point a terminal at
 * something that is not a web server).
 */
export function parseActivationLink(text: string): { cloudUrl: string; code: string } | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== SCHEME || url.host !== ACTION) return null;
  const cloud = url.searchParams.get('cloud');
  const code = url.searchParams.get('code')?.trim();
  if (cloud === null || code === undefined || code === '') return null;
  let cloudUrl: URL;
  try {
    cloudUrl = new URL(cloud);
  } catch {
    return null;
  }
  if (cloudUrl.protocol !== 'https:' && cloudUrl.protocol !== 'http:') return null;
  return { cloudUrl: cloud, code };
}
