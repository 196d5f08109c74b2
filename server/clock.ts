/** The app's only source of "now", so tests can move time instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests move through `/_dev/clock` (DEV_TOOLS only); unmoved, it is `base` exactly. */
export interface MovableClock extends Clock {
  /** From now on `now()` reads `instant` and keeps running from there at the base clock's pace. */
  moveTo(instant: Date): void;
  reset(): void;
  isMoved(): boolean;
}

export function createMovableClock(base: Clock = systemClock): MovableClock {
  // An offset rather than a fixed instant: a moved server still lets holds, codes and jobs run out.
  let offsetMs: number | null = null;
  return {
    now: () => (offsetMs === null ? base.now() : new Date(base.now().getTime() + offsetMs)),
    moveTo: (instant) => {
      offsetMs = instant.getTime() - base.now().getTime();
    },
    reset: () => {
      offsetMs = null;
    },
    isMoved: () => offsetMs !== null,
  };
}
