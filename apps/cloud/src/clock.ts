/** Time is a dependency, so tests can drive the delivery worker's and the rate limiter's clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
