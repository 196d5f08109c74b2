import { useEffect, useState } from 'react';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';

/** Where "now" is on the grid: the practice's date and minute of the day, read again each minute (ADR 0067). */
export function useNowLine(timeZone: string): { date: string; minutes: number } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const [date = '', time = ''] = formatInstantLocal(now, timeZone).split(' ');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return { date, minutes: hours * 60 + minutes };
}
