import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.tsx';

function Step({ name }: { name: string }) {
  return <h2>{name}</h2>;
}

describe('preloadableLazy', () => {
  it('shows the fallback while the chunk loads when nothing preloaded it', async () => {
    const Lazy = preloadableLazy(async () => ({ default: Step }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Slots" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Slots' })).toBeInTheDocument();
  });

  it('renders at once, without a fallback, once preload() has finished', async () => {
    const load = vi.fn(async () => ({ default: Step }));
    const Lazy = preloadableLazy(load);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Contact" />
      </Suspense>,
    );
    // Synchronously in the first render: no suspended frame for React to throttle.
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Step }>>()
      .mockRejectedValueOnce(new Error('network blip'))
      .mockResolvedValue({ default: Step });
    const Lazy = preloadableLazy(load);
    await expect(Lazy.preload()).rejects.toThrow('network blip');
    await Lazy.preload();
    render(<Lazy name="Verify" />);
    expect(screen.getByRole('heading', { name: 'Verify' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
