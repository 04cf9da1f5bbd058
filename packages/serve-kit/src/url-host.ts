/** A listening host as it goes in a URL: an IPv6 address in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
