// The cloud's own request schemas, which the console's forms check their values with (ui/form.ts),
// so a form refuses exactly what the cloud would. Each module named here imports only zod and
// modules that import nothing: it is bundled into the page. Add the schemas your pages need.
export { SignInSchema, TotpEnableSchema } from '../../../cloud/src/console-auth/console-auth-schemas.js';
export { TerminalNameBody } from '../../../cloud/src/terminals/terminal-bodies.js';
export { SCOPES, type Scope } from '../../../cloud/src/keys/scopes.js';
