// The device credential's shape: `dc_` and 43 base-62 characters (256 random bits). The cloud
// issues it at activation; the terminal sends it to the cloud and to the relay it dials. Both
// receivers refuse anything else before a lookup, so garbage costs no query and no call.
export const DEVICE_CREDENTIAL_PREFIX = 'dc_';
/** Characters after the prefix of every bearer secret the cloud issues (`dc_`, `tk_`). */
export const TOKEN_BODY_LENGTH = 43;

const DEVICE_CREDENTIAL_PATTERN = new RegExp(
  `^${DEVICE_CREDENTIAL_PREFIX}[0-9A-Za-z]{${TOKEN_BODY_LENGTH}}$`,
);

export function isWellFormedDeviceCredential(text: string): boolean {
  return DEVICE_CREDENTIAL_PATTERN.test(text);
}
