import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface MemoryResult {
  afterStartMb: number;
  afterFirstMinuteMb: number;
  afterSecondMinuteMb: number;
  growthMb: number;
}

/** Resident memory of a process in MB, from /proc (Linux); the soak suite samples it too. */
export const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(line.replace(/\D/g, '')) / 1024;
};

/**
 * Resident memory of a server process after start and after each of two minutes of mixed read
 * load (form, reasons, slots, health). Growth between the two minutes is what a leak shows as.
 */
export async function benchMemory(base: string, pid: number, urls: string[], seconds = 60): Promise<MemoryResult> {
  const afterStartMb = rssMb(pid);
  const load = () =>
    autocannon({ url: base, connections: 10, duration: seconds, workers: 1, requests: urls.map((path) => ({ method: 'GET', path })) });
  await load();
  const afterFirstMinuteMb = rssMb(pid);
  await load();
  const afterSecondMinuteMb = rssMb(pid);
  return { afterStartMb, afterFirstMinuteMb, afterSecondMinuteMb, growthMb: afterSecondMinuteMb - afterFirstMinuteMb };
}
