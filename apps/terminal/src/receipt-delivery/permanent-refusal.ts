/**
 * The server took the request and refused the message for good (SMTP 5xx, a gateway's 4xx other
 * than 408 and 429): sending it again would be refused again, so the delivery is `failed` at
 * once with this reason instead of being retried for hours.
 */
export class PermanentRefusal extends Error {
  override name = 'PermanentRefusal';
}

/** A gateway's HTTP status that no retry can change. 408 and 429 ask to come back later. */
export const isPermanentHttpStatus = (status: number): boolean =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;
