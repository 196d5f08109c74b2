import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Strings only React's development build carries (its DevTools banner, the dev JSX runtime). */
const REACT_DEVELOPMENT_MARKERS = ['Download the React DevTools', 'jsxDEV'];

export function developmentMarkersIn(dir: string): string[] {
  return readdirSync(join(dir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .flatMap((name) => {
      const text = readFileSync(join(dir, 'assets', name), 'utf8');
      return REACT_DEVELOPMENT_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`);
    });
}
