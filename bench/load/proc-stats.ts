/** What /proc says about another process (a simulator, the relay): its CPU time and memory. */
import { readFileSync } from 'node:fs';

/** CPU time (user + system) of a process, in milliseconds (10 ms resolution). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ", field 14 (utime) and 15 (stime) are at index 11 and 12; in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident set size of a process, in bytes. */
export function processRssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** process.threadCpuUsage: Node 23.9 and later; the @types/node in use does not declare it yet. */
const threadCpuUsage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;

/**
 * CPU time (user + system) of the calling thread alone, in milliseconds (microsecond
 * resolution): a server's event loop apart from a load client in a worker thread of the same
 * process. NaN on a Node without process.threadCpuUsage (22).
 */
export function threadCpuMs(): number {
  if (!threadCpuUsage) return Number.NaN;
  const { user, system } = threadCpuUsage.call(process);
  return (user + system) / 1000;
}
