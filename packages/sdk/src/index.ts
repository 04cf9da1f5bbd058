export {
  createTerminalClient,
  unwrap,
  type TerminalClient,
  type TerminalClientOptions,
} from './terminal-client.js';
export {
  TerminalApiError,
  TerminalUnreachableError,
  type FieldError,
  type TerminalErrorCode,
} from './terminal-errors.js';
export {
  allPages,
  createIntegrationClient,
  IntegrationApiError,
  type IntegrationClient,
  type IntegrationClientOptions,
  type Problem,
} from './integration-client.js';
export { verifyWebhook, WEBHOOK_TOLERANCE_SECONDS, type WebhookVerdict } from './verify-webhook.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
export type { components as TerminalComponents, paths as TerminalPaths } from './generated/terminal-api.js';
export type { components as CloudComponents, paths as CloudPaths } from './generated/cloud-api.js';
export {
  discoverTerminals,
  watchTerminals,
  type DiscoveredTerminal,
  type DiscoverOptions,
  type TerminalEvent,
  type TerminalWatch,
} from './discover-terminals.js';
