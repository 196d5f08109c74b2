import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RadarSpinner } from './radar-spinner.tsx';

afterEach(cleanup);

describe('RadarSpinner', () => {
  it('announces its text politely and hides the drawing from screen readers', () => {
    render(<RadarSpinner label="Checking your code…" />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Checking your code…');
    expect(status.querySelector('[data-radar]')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('sweeps and pulses, and stands still when the patient asks for reduced motion', () => {
    render(<RadarSpinner label="Checking your payment…" />);
    const beam = document.querySelector('[data-radar-beam]')!;
    const pulse = document.querySelector('[data-radar-pulse]')!;
    expect(beam.className).toContain('animate-spin');
    expect(pulse.className).toContain('animate-ping');
    for (const part of [beam, pulse]) expect(part.className).toContain('motion-reduce:animate-none');
  });

  it("draws in the practice's brand colour, or the default dark slate when it has none", () => {
    render(<RadarSpinner label="Wait" color="#7c3aed" />);
    expect((document.querySelector('[data-radar]') as HTMLElement).style.borderColor).toBe('rgb(124, 58, 237)');
    cleanup();
    render(<RadarSpinner label="Wait" color={null} />);
    expect((document.querySelector('[data-radar]') as HTMLElement).style.borderColor).toBe('rgb(51, 65, 85)');
  });
});
