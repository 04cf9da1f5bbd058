/**
 * The embedded default of `npm start` and `npm run terminal` (README): a device the
 * configuration gives no address (MEV_URL, CARD_TERMINAL_URL unless CARD_TERMINAL=none, PRINTER,
 * SMTP_URL and SMS_GATEWAY_URL) is a
 * simulator started here on a free loopback port, its data under DATA_DIR. This folder is the
 * only place of the terminal that imports a simulator; the production build leaves it out.
 */
import { startCardSimProcess } from '@fiscal-pos/card-sim';
import { startMailCatcherProcess } from '@fiscal-pos/mail-catcher';
import { startPrinterSimProcess } from '@fiscal-pos/printer-sim';
import { join } from 'node:path';
import type { Logger } from 'pino';
import {
  parsePrinterSetting,
  requireDeviceEndpoints,
  type EndpointConfig,
  type TerminalConfig,
} from '../config.js';
import { fiscalDir } from '../fiscalization/fiscal-setup.js';
import type { AdoptedHistory } from './adopt-history.js';
import { startEmbeddedMevSim } from './embedded-mev-sim.js';

export interface EmbeddedSimulators {
  /** The configuration with the simulators' addresses filled in. */
  config: EndpointConfig;
  /** Stops the simulators started here. */
  stop: () => Promise<void>;
}

/** `history`: the terminal file copied from HISTORY_FILE, which mev-sim adopts at its report. */
export async function startEmbeddedSimulators(
  config: TerminalConfig,
  logger: Logger,
  history: AdoptedHistory | null = null,
): Promise<EmbeddedSimulators> {
  const mevSim =
    config.mevUrl === null
      ? await startEmbeddedMevSim({
          dataDir: join(config.dataDir, 'mev-sim'),
          credentialsDir: fiscalDir(config),
          ...(history ?? (config.terminalId === null ? {} : { terminalId: config.terminalId })),
          autoFiscalize: config.autoFiscalize,
        })
      : null;
  if (mevSim) {
    logger.info({ mevUrl: mevSim.url, adminUrl: mevSim.adminUrl }, 'started mev-sim for this terminal');
  }
  const cardSim =
    config.cardTerminalEnabled && config.cardTerminalUrl === null
      ? await startCardSimProcess({ dataDir: join(config.dataDir, 'card-sim') })
      : null;
  if (cardSim) {
    logger.info(
      { cardTerminalUrl: cardSim.url, adminUrl: cardSim.adminUrl },
      'started card-sim for this terminal',
    );
  }
  const { delivery } = config;
  const catcher =
    delivery.smtpUrl === null || delivery.smsGatewayUrl === null
      ? await startMailCatcherProcess({ dataDir: join(config.dataDir, 'mail-catcher') })
      : null;
  // The catcher speaks each provider's API at its own path (docs/receipt-delivery.md).
  const catcherSmsUrl =
    catcher && (delivery.smsProvider === 'generic' ? `${catcher.adminUrl}/sms` : catcher.adminUrl);
  if (catcher) {
    logger.info(
      { smtpUrl: catcher.url, smsGatewayUrl: catcherSmsUrl, page: catcher.adminUrl },
      'started the mail and SMS catcher for this terminal: the receipts it sends are listed on its page',
    );
  }
  const printerSim =
    config.printer === null
      ? await startPrinterSimProcess({ dataDir: join(config.dataDir, 'printer-sim') })
      : null;
  if (printerSim) {
    logger.info(
      { printer: printerSim.url, pages: `${printerSim.adminUrl}/admin` },
      'started printer-sim as this terminal’s receipt printer: the pages it printed are listed on its page',
    );
  }
  return {
    config: requireDeviceEndpoints({
      ...config,
      mevUrl: mevSim?.url ?? config.mevUrl,
      cardTerminalUrl: cardSim?.url ?? config.cardTerminalUrl,
      printer: printerSim ? parsePrinterSetting(printerSim.url) : config.printer,
      delivery: {
        ...delivery,
        smtpUrl: delivery.smtpUrl ?? catcher?.url ?? null,
        smsGatewayUrl: delivery.smsGatewayUrl ?? catcherSmsUrl ?? null,
      },
    }),
    stop: async () => {
      await mevSim?.stop();
      await cardSim?.stop();
      await catcher?.stop();
      await printerSim?.stop();
    },
  };
}
