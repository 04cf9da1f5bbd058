/** Time is a dependency so fiscal-day expiry and reports can be tested at chosen instants. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
