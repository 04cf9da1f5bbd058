// What a console password may be, apart from how it is hashed (passwords.ts): the request schemas
// use it, and the console's page bundles those schemas to check its forms, so this module imports
// nothing.

/** The upper bound keeps a request to hash cheap to refuse. */
export const PASSWORD_MAX_LENGTH = 256;
/** For a new password (invitation, reset): length is what makes a password strong (NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 10;
