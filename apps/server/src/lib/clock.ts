/** Time source the services read; tests move it forward to expire tokens without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * 60_000);
export const addDays = (d: Date, days: number): Date => addMinutes(d, days * 24 * 60);
