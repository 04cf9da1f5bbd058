import { connect, type Socket } from 'node:net';
import { encodeDocument } from './escpos-encoding.js';
import { printerStateOf, STATUS_REQUEST } from './escpos-status.js';
import {
  PrinterNotReadyError,
  printsIn,
  PrintJobFailedError,
  PrintUnconfirmedError,
  type PrintDocument,
  type PrinterState,
  type ReceiptPrinter,
} from './receipt-printer.js';

export interface TcpPrinterOptions {
  host: string;
  port: number;
  /** Characters per line: 32 (58 mm), 42 or 48 (80 mm). */
  columns: number;
  /** Deadline of the connection and of each status answer. */
  timeoutMs: number;
}

/** A connection to the printer: bytes out, status answers in, every wait bounded. */
class PrinterConnection {
  #received = Buffer.alloc(0);
  #closed: Error | null = null;
  #waiter: (() => void) | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.#received = Buffer.concat([this.#received, chunk]);
      this.#waiter?.();
    });
    const lost = (error?: Error) => {
      this.#closed ??= error ?? new Error('the printer closed the connection');
      this.#waiter?.();
    };
    socket.on('error', lost);
    socket.on('close', () => lost());
  }

  static open(o: TcpPrinterOptions): Promise<PrinterConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: o.host, port: o.port, timeout: o.timeoutMs });
      socket.setNoDelay(true);
      const fail = (error: Error) => {
        socket.destroy();
        reject(error);
      };
      socket.once('timeout', () => fail(new Error(`no connection within ${o.timeoutMs} ms`)));
      socket.once('error', fail);
      socket.once('connect', () => {
        socket.removeAllListeners('timeout').removeAllListeners('error').setTimeout(0);
        resolve(new PrinterConnection(socket, o.timeoutMs));
      });
    });
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.write(bytes, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Sends the three status requests and reads their answers (bytes before them are a fault). */
  async status(): Promise<PrinterState> {
    this.#received = Buffer.alloc(0);
    await this.write(STATUS_REQUEST);
    const deadline = Date.now() + this.timeoutMs;
    while (this.#received.length < 3) {
      if (this.#closed) throw this.#closed;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no status answer within ${this.timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#waiter = null;
    }
    return printerStateOf(this.#received.subarray(0, 3));
  }

  /** The printer closed or reset the connection (as opposed to keeping it open and saying nothing). */
  get lost(): boolean {
    return this.#closed !== null;
  }

  close(): void {
    this.socket.end();
    this.socket.destroySoon();
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * An ESC/POS printer on raw TCP (port 9100): `PRINTER=tcp://host:port`. One job at a time, each
 * on its own connection: status first (a printer that is off, out of paper or open gets no
 * data: PrinterNotReadyError), then the document, then status again, which also proves that the
 * printer read the whole job; a printer that dropped the connection or reports a fault after
 * the job failed it (PrintJobFailedError, with its reason); one that took every byte, kept the
 * connection and did not answer within the timeout leaves it unconfirmed (PrintUnconfirmedError).
 */
export class TcpPrinter implements ReceiptPrinter {
  readonly available = true;
  #chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: TcpPrinterOptions) {}

  get address(): string {
    return `tcp://${this.o.host}:${this.o.port}`;
  }

  print(document: PrintDocument, beforeSend?: () => void): Promise<PrinterState> {
    const bytes = encodeDocument(document, this.o.columns);
    return this.#serial(async (connection) => {
      beforeSend?.();
      try {
        await connection.write(bytes);
      } catch (error) {
        throw new PrintJobFailedError(`the printer dropped the job: ${reasonOf(error)}`);
      }
      let after: PrinterState;
      try {
        after = await connection.status();
      } catch (error) {
        // A printer that dropped the connection did not take it all (printed again); one that
        // kept it open and fell silent may well have printed it: never sent again on its own.
        if (connection.lost)
          throw new PrintJobFailedError(`the printer did not confirm the job: ${reasonOf(error)}`);
        throw new PrintUnconfirmedError(
          `the printer took the job but did not confirm it: ${reasonOf(error)}`,
        );
      }
      if (!printsIn(after)) throw new PrintJobFailedError(`the printer reports ${after} after the job`);
      return after;
    });
  }

  async status(): Promise<PrinterState> {
    try {
      return await this.#serial((_connection, state) => Promise.resolve(state));
    } catch (error) {
      if (error instanceof PrinterNotReadyError) return error.state;
      throw error;
    }
  }

  /**
   * Runs `job` on a fresh connection to a printer that said it is ready (or paper near end),
   * after the jobs before it: a printer takes one document at a time.
   */
  #serial<T>(job: (connection: PrinterConnection, state: PrinterState) => Promise<T>): Promise<T> {
    const run = this.#chain.then(async () => {
      let connection: PrinterConnection;
      try {
        connection = await PrinterConnection.open(this.o);
      } catch (error) {
        throw new PrinterNotReadyError(
          'unreachable',
          `printer ${this.address} unreachable: ${reasonOf(error)}`,
        );
      }
      try {
        let before: PrinterState;
        try {
          before = await connection.status();
        } catch (error) {
          throw new PrinterNotReadyError(
            'unreachable',
            `printer ${this.address} does not answer: ${reasonOf(error)}`,
          );
        }
        if (!printsIn(before))
          throw new PrinterNotReadyError(before, `printer ${this.address} reports ${before}`);
        return await job(connection, before);
      } finally {
        connection.close();
      }
    });
    this.#chain = run.catch(() => undefined);
    return run;
  }
}
