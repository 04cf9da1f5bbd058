// Keeps the calls a server is told to make (the cloud's webhooks, the terminal's delivery-lot
// webhook) away from its own machine and network (SSRF). A URL is checked when registered and
// again at every delivery; the delivery connects through `lookup` below, so the address that
// was checked is the address connected to (no DNS-rebinding window).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * What an address is, for a server deciding whether to call it. `public` is the internet;
 * `private` is a LAN (RFC 1918, IPv6 unique local): where a shop's ERP lives, and what a cloud
 * must never reach; the others no webhook receiver can legitimately be.
 */
export type AddressClass =
  'public' | 'private' | 'loopback' | 'link-local' | 'unspecified' | 'multicast' | 'reserved';

const RANGES: readonly (readonly [AddressClass, 'ipv4' | 'ipv6', string, number])[] = [
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['reserved', 'ipv4', '100.64.0.0', 10], // CGNAT; also Alibaba's metadata 100.100.100.200
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['link-local', 'ipv4', '169.254.0.0', 16], // AWS/GCP/Azure metadata 169.254.169.254
  ['private', 'ipv4', '172.16.0.0', 12],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '192.0.2.0', 24],
  ['reserved', 'ipv4', '192.88.99.0', 24],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['reserved', 'ipv4', '198.51.100.0', 24],
  ['reserved', 'ipv4', '203.0.113.0', 24],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['reserved', 'ipv6', '100::', 64],
  // NAT64's local-use prefix (RFC 8215): a translator of the cloud's own network, which puts the
  // IPv4 address at any of RFC 6052's offsets; never a public receiver.
  ['reserved', 'ipv6', '64:ff9b:1::', 48],
  ['reserved', 'ipv6', '2001::', 23],
  ['reserved', 'ipv6', '2001:db8::', 32],
  // AWS's metadata service sits inside unique-local space: never a LAN receiver.
  ['link-local', 'ipv6', 'fd00:ec2::254', 128],
  ['private', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['reserved', 'ipv6', 'fec0::', 10],
  ['multicast', 'ipv6', 'ff00::', 8],
];

/** One BlockList per class, checked in the order above (the metadata address before its /7). */
const CLASSES: readonly (readonly [AddressClass, BlockList])[] = RANGES.map(([kind, type, net, prefix]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return [kind, list] as const;
});

/**
 * IPv4 hidden inside an IPv6 form (mapped ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16), dotted or in hex groups as the URL parser writes them.
 */
function embeddedIpv4(ipv6: string): string | undefined {
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ipv6);
  if (dotted) return dotted[1];
  const groups = expandIpv6(ipv6);
  if (!groups) return undefined;
  const toV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0) {
    // ::ffff:x:y (mapped) and the deprecated ::x:y (compatible) forms
    if (g4 === 0 && (g5 === 0xffff || (g5 === 0 && g6 !== 0))) return toV4(g6, g7);
    // ::ffff:0:x:y (SIIT's translated form, RFC 6145): a translator on the path reaches x.y
    if (g4 === 0xffff && g5 === 0) return toV4(g6, g7);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return toV4(g6, g7);
  if (g0 === 0x2002) return toV4(g1, g2);
  return undefined;
}

function expandIpv6(ip: string): number[] | undefined {
  const halves = ip.split('::');
  if (halves.length > 2 || ip.includes('.')) return undefined;
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(fill).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}

/** The class of an IP address; anything that is not an address at all is `reserved`. */
export function classifyAddress(ip: string): AddressClass {
  const family = isIP(ip);
  if (family === 0) return 'reserved';
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    if (v4 !== undefined) return classifyAddress(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return CLASSES.find(([, list]) => list.check(ip, type))?.[0] ?? 'public';
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * Who may be called: `public` always, plus the classes a deployment adds (the terminal: a LAN
 * ERP, `private`; tests: `loopback`), over the schemes it speaks.
 */
export interface UrlPolicy {
  protocols: readonly ('http:' | 'https:')[];
  alsoAllow: readonly AddressClass[];
}

export class UrlGuard {
  private readonly allowed: ReadonlySet<AddressClass>;

  constructor(private readonly policy: UrlPolicy) {
    this.allowed = new Set<AddressClass>(['public', ...policy.alsoAllow]);
  }

  isAllowedAddress(ip: string): boolean {
    return this.allowed.has(classifyAddress(ip));
  }

  /** Shape and address check; resolves the host, and every address it resolves to must be allowed. */
  async check(text: string): Promise<UrlCheck> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { ok: false, reason: 'not a valid absolute URL' };
    }
    if (!this.policy.protocols.some((protocol) => protocol === url.protocol))
      return { ok: false, reason: `only ${this.policy.protocols.join(' and ')} URLs are accepted` };
    if (url.username || url.password) return { ok: false, reason: 'credentials in the URL are not accepted' };
    if (url.hash) return { ok: false, reason: 'fragments are not accepted' };
    if (url.port === '0') return { ok: false, reason: 'port 0 is not a port a receiver can listen on' };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await resolveAll(host);
    } catch {
      return { ok: false, reason: `the host ${host} does not resolve` };
    }
    const bad = addresses.find((a) => !this.isAllowedAddress(a));
    if (bad !== undefined)
      return {
        ok: false,
        reason: `the host resolves to an address it may not call (${bad}, ${classifyAddress(bad)})`,
      };
    return { ok: true, url };
  }

  /** A net/tls `lookup` that refuses hosts resolving to any address this guard does not allow. */
  readonly lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolveAll(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => !this.isAllowedAddress(a));
        if (bad !== undefined || addresses.length === 0) {
          const error: NodeJS.ErrnoException = new Error(
            `refused to connect to ${hostname} (${bad ?? 'no address'})`,
          );
          error.code = 'EADDRNOTALLOWED';
          callback(error, '');
          return;
        }
        const list = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function resolveAll(hostname: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });
}
