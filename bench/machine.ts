/** What a benchmark ran on: the figures mean little without it on a shared 2-core machine. */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';

export interface MachineSnapshot {
  at: string;
  /** 1, 5 and 15 minute load averages. */
  loadAverage: [number, number, number];
  /**
   * Pressure stall information, "some" over the last 10 s (percent of time at least one task
   * waited for the CPU or for I/O); null where the kernel does not provide it.
   */
  cpuPressure: number | null;
  ioPressure: number | null;
}

export interface MachineDescription {
  cpuModel: string;
  nproc: number;
  memoryGiB: number;
  node: string;
  platform: string;
  kernel: string;
}

function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    return match?.[1]?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function kernel(): string {
  try {
    return readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

export function describeMachine(): MachineDescription {
  return {
    cpuModel: cpuModel(),
    nproc: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    kernel: kernel(),
  };
}

function pressure(resource: 'cpu' | 'io'): number | null {
  try {
    const match = /^some avg10=([\d.]+)/m.exec(readFileSync(`/proc/pressure/${resource}`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export function snapshot(): MachineSnapshot {
  const [one, five, fifteen] = loadavg();
  return {
    at: new Date().toISOString(),
    loadAverage: [one ?? 0, five ?? 0, fifteen ?? 0],
    cpuPressure: pressure('cpu'),
    ioPressure: pressure('io'),
  };
}

/**
 * Whether other work competed with the benchmark: a 1-minute load above half the cores, or
 * tasks stalled on the CPU more than 10 % of the time.
 */
export function isContended(s: MachineSnapshot, nproc: number): boolean {
  return s.loadAverage[0] > nproc * 0.5 || (s.cpuPressure ?? 0) > 10;
}

export function describeSnapshot(s: MachineSnapshot): string {
  const psi = s.cpuPressure === null ? '' : `, CPU pressure ${s.cpuPressure}%, I/O pressure ${s.ioPressure}%`;
  return `load ${s.loadAverage.map((l) => l.toFixed(2)).join(' ')}${psi}`;
}
