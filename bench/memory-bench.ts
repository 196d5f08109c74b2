import autocannon from 'autocannon';
import { rssMb, sampleMemory } from './memory-sampler.ts';

export interface MemoryResult {
  afterStartMb: number;
  /** Floors (see memory-sampler.ts): the second half of the first minute, and the second minute. */
  firstMinuteFloorMb: number;
  secondMinuteFloorMb: number;
  peakMb: number;
  growthMb: number;
}

/**
 * The soak suite's limit on floor growth, calibrated there: the sawtooth between collections is
 * 30–100 MB tall on this server, floors wander by up to about 25 MB while warming up.
 */
export const MEMORY_GROWTH_LIMIT_MB = 40;

/**
 * Resident memory of a server process after start, then through two minutes of mixed read load
 * (form, reasons, slots, health, the page), sampled every second. RSS under load is a sawtooth,
 * so a single reading says little; each minute is judged by its floor, what a leak raises.
 */
export async function benchMemory(base: string, pid: number, urls: string[], seconds = 60): Promise<MemoryResult> {
  const afterStartMb = rssMb(pid);
  const memory = sampleMemory(pid);
  const started = Date.now();
  const load = () =>
    autocannon({
      url: base,
      connections: 10,
      duration: seconds,
      workers: 1,
      requests: urls.map((path) => ({ method: 'GET', path })),
    });
  await load();
  await load();
  memory.stop();
  const windows = memory.windows(Date.now() - started, 2);
  return {
    afterStartMb,
    firstMinuteFloorMb: windows.baselineMb,
    secondMinuteFloorMb: windows.laterMb[0]!,
    peakMb: windows.peakMb,
    growthMb: windows.growthMb,
  };
}
