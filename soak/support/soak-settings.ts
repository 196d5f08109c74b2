/**
 * How long and how hard each soak runs. The defaults are the full soak (about 9 minutes on a
 * 2-core machine); `.ci/run` sets shorter values so the suite fits its time budget (ADR 0017).
 */
export interface SoakSettings {
  /** Mixed traffic of the load soak, in seconds (default 300). */
  loadSeconds: number;
  /**
   * Mixed traffic before the load soak's judged run, in seconds (default 0: the full run's first
   * half-window is its warm-up). A shortened run sets it, or JIT, pools and caches filling up
   * in its first seconds read as memory growth.
   */
  loadWarmupSeconds: number;
  /** Concurrent connections of the load and scale-out soaks (default 50). */
  connections: number;
  /** SIGKILLs of the crash soak (default 10). */
  crashKills: number;
  /** How long the private PostgreSQL stays down (default 15 s). */
  databaseDownSeconds: number;
  /** Attempts each provider fails before it recovers: 2 shows the doubling of the back-off (default 2). */
  providerFailedAttempts: number;
  /** Mixed traffic of the scale-out soak, in seconds (default 45). */
  scaleOutSeconds: number;
  /** Rounds of the scale-out race, one slot each (default 10). */
  raceRounds: number;
}

export function soakSettings(env: Record<string, string | undefined> = process.env): SoakSettings {
  const whole = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
    return value;
  };
  return {
    loadSeconds: whole('SOAK_LOAD_SECONDS', 300, 20),
    loadWarmupSeconds: whole('SOAK_LOAD_WARMUP_SECONDS', 0, 0),
    connections: whole('SOAK_CONNECTIONS', 50, 1),
    crashKills: whole('SOAK_CRASH_KILLS', 10, 1),
    databaseDownSeconds: whole('SOAK_DB_DOWN_SECONDS', 15, 3),
    providerFailedAttempts: whole('SOAK_PROVIDER_FAILED_ATTEMPTS', 2, 1),
    scaleOutSeconds: whole('SOAK_SCALE_OUT_SECONDS', 45, 5),
    raceRounds: whole('SOAK_RACE_ROUNDS', 10, 1),
  };
}

/** One line per figure, easy to find in the run's output and to copy into docs/reliability.md. */
export function report(property: string, figure: string): void {
  console.log(`[soak] ${property}: ${figure}`);
}
