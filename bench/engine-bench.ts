import { generateSlots } from '#domain/availability/slot-engine.ts';
import { buildBenchSlotQuery } from '#domain/availability/slot-engine.bench-data.ts';
import { medianSummary, summarise, type LatencySummary } from './measure.ts';

export interface EngineBenchResult {
  engine: LatencySummary;
  /** The same statistics of a fixed reference workload timed in the same rounds. */
  reference: LatencySummary;
}

/**
 * The machine's yardstick: sorting a fixed pseudo-random array, a pure CPU task of about the
 * engine's size. The engine's time divided by it compares across machines.
 */
function referenceWork(values: Float64Array): number {
  return Float64Array.from(values).sort()[values.length >> 1]!;
}

/**
 * The pure engine on the bench practice's month (ADR 0022), warmed up, in `rounds` rounds of
 * `runs` calls interleaved with the reference work; each percentile is the median of the rounds.
 */
export function benchEngine(rounds = 3, runs = 100): EngineBenchResult {
  const query = buildBenchSlotQuery();
  let seed = 7;
  const values = Float64Array.from({ length: 10_000 }, () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647);
  for (let i = 0; i < 30; i++) {
    generateSlots(query);
    referenceWork(values);
  }
  const engineRounds: LatencySummary[] = [];
  const referenceRounds: LatencySummary[] = [];
  for (let round = 0; round < rounds; round++) {
    const engine: number[] = [];
    const reference: number[] = [];
    for (let i = 0; i < runs; i++) {
      let started = performance.now();
      generateSlots(query);
      engine.push(performance.now() - started);
      started = performance.now();
      referenceWork(values);
      reference.push(performance.now() - started);
    }
    engineRounds.push(summarise(engine));
    referenceRounds.push(summarise(reference));
  }
  return { engine: medianSummary(engineRounds), reference: medianSummary(referenceRounds) };
}
