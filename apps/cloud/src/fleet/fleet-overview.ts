// The fleet at a glance (the console's overview): every terminal that is not deactivated, with
// online or last seen, its health and alerts, the counts a header shows, and each terminal's
// sales today and this week for the chart.
import type { Clock } from '../clock.js';
import type { CloudConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { fleetTerminals, type FleetTerminal } from './fleet-terminals.js';
import { salesByTerminal, type TerminalSales } from './sales-by-terminal.js';

export interface FleetOverview {
  generatedAt: Date;
  summary: {
    terminals: number;
    online: number;
    critical: number;
    warning: number;
  };
  terminals: FleetTerminal[];
  sales: { terminals: TerminalSales[] };
}

export async function fleetOverview(
  ctx: { db: Db; clock: Clock; config: Pick<CloudConfig, 'relayPublicUrl'> },
  merchantId: string,
): Promise<FleetOverview> {
  const now = ctx.clock.now();
  const fleet = await fleetTerminals(ctx.db, {
    merchantId,
    now,
    relayUrl: ctx.config.relayPublicUrl,
    liveOnly: true,
  });
  const alerts = fleet.flatMap((t) => t.alerts);
  return {
    generatedAt: now,
    summary: {
      terminals: fleet.length,
      online: fleet.filter((t) => t.online).length,
      critical: alerts.filter((a) => a.severity === 'critical').length,
      warning: alerts.filter((a) => a.severity === 'warning').length,
    },
    terminals: fleet,
    sales: {
      terminals: await salesByTerminal(ctx.db, { merchantId, terminalIds: fleet.map((t) => t.id), now }),
    },
  };
}
