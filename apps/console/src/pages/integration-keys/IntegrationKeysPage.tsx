import { PendingArea } from '../PendingArea.js';

export default function IntegrationKeysPage() {
  return <PendingArea area="integrationKeys" />;
}
