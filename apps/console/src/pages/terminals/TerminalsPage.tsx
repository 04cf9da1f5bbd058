import { PendingArea } from '../PendingArea.js';

export default function TerminalsPage() {
  return <PendingArea area="terminals" />;
}
