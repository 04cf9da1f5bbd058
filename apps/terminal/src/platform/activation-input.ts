import { parseActivationLink } from '@fiscal-pos/platform-protocol';

/** Where and with what to activate, or why the input cannot activate anything. */
export type ActivationInput = { cloudUrl: string; code: string } | { refused: string };

/**
 * What `activate` (or ACTIVATION_CODE) was given: a bare code, activated against CLOUD_URL, or the
 * text of the console's activation QR code (`fiscal-pos://activate?cloud=…&code=…`), scanned or
 * pasted, which names its cloud. A link for another cloud than a configured CLOUD_URL is refused
 * rather than followed: the operator who set CLOUD_URL decided where this terminal belongs, and a
 * code scanned from the wrong screen must not move it.
 */
export function resolveActivationInput(input: string, configuredCloudUrl: string | null): ActivationInput {
  const text = input.trim();
  if (/^fiscal-pos:/i.test(text)) {
    const link = parseActivationLink(text);
    if (link === null)
      return { refused: 'This is not a valid activation link (fiscal-pos://activate?cloud=…&code=…)' };
    if (configuredCloudUrl !== null && !sameUrl(configuredCloudUrl, link.cloudUrl)) {
      return {
        refused: `The code is for the cloud at ${link.cloudUrl}, but this terminal is set to ${configuredCloudUrl} (CLOUD_URL)`,
      };
    }
    return link;
  }
  if (text === '') return { refused: 'No activation code given' };
  if (configuredCloudUrl === null) {
    return {
      refused: 'A bare code needs CLOUD_URL; scan the activation QR code instead, which names its cloud',
    };
  }
  return { cloudUrl: configuredCloudUrl, code: text };
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}
