/**
 * Splits `amount` over parts in proportion to `weights` with the largest-remainder method,
 * so the parts add up to `amount` exactly. Each part first gets the floor of its exact
 * share of |amount|; the units left over go one each to the parts with the largest
 * remainders, ties to the lower index; the sign of `amount` is applied last, so a
 * negative amount is split as the mirror image of the positive one.
 *
 * Negative weights count as 0; when no weight is positive the parts are weighted equally.
 */
export function allocateProportionally(amount: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  let effective = weights.map((weight) => (weight > 0n ? weight : 0n));
  let weightSum = effective.reduce((sum, weight) => sum + weight, 0n);
  if (weightSum === 0n) {
    effective = weights.map(() => 1n);
    weightSum = BigInt(weights.length);
  }
  const magnitude = amount < 0n ? -amount : amount;
  const parts = effective.map((weight) => (magnitude * weight) / weightSum);
  const remainders = effective.map((weight, index) => ({
    index,
    remainder: (magnitude * weight) % weightSum,
  }));
  let leftover = magnitude - parts.reduce((sum, part) => sum + part, 0n);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (leftover === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return amount < 0n ? parts.map((part) => -part) : parts;
}
