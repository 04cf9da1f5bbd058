/** Latency summaries in milliseconds, by nearest rank on the sorted samples. */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The middle of a few figures (the rounds of a bench), by nearest rank as the latencies are. */
export function median(values: readonly number[]): number {
  return percentile(Float64Array.from(values).sort(), 0.5);
}

export function summarize(samples: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    mean: sorted.length === 0 ? Number.NaN : sum / sorted.length,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
  };
}

/** Runs `step` `count` times in sequence (stopping early after `maxMs`) and times each run. */
export async function timeEach(
  count: number,
  maxMs: number,
  step: (index: number) => unknown,
): Promise<LatencySummary> {
  const samples: number[] = [];
  const deadline = performance.now() + maxMs;
  for (let i = 0; i < count && performance.now() < deadline; i++) {
    const started = performance.now();
    await step(i);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}
