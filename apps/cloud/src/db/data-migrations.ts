// Migration steps that SQL cannot express, each run right after the SQL file of the same
// version, in the same transaction (see migrate.ts). The SQL file exists even when it holds
// only a comment, so drizzle-kit's numbering and journal stay the one list of versions.
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import { sealReadableWebhookSecrets } from './seal-stored-secrets.js';
import type { Tx } from './database.js';

export interface DataStepContext {
  secrets: SecretsKeyring;
}

export type DataStep = (tx: Tx, ctx: DataStepContext) => Promise<unknown>;

export const DATA_STEPS: Readonly<Record<string, DataStep>> = {
  '0004_encrypt_webhook_secrets': (tx, { secrets }) => sealReadableWebhookSecrets(tx, secrets),
};
