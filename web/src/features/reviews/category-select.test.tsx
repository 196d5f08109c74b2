import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategorySelect } from './category-select.tsx';

afterEach(cleanup);

describe('CategorySelect', () => {
  it("shows 'Loading...' while loading and 'No options' when empty", async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <CategorySelect label="Category" options={['A']} value={null} onChange={() => undefined} isLoading />,
    );
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByRole('option').textContent).toBe('Loading...');
    rerender(<CategorySelect label="Category" options={[]} value={null} onChange={() => undefined} />);
    expect(screen.getByRole('option').textContent).toBe('No options');
  });

  it('keeps its menu between 140 and 300 px tall, scrolling', () => {
    render(<CategorySelect label="Category" options={['A']} value={null} onChange={() => undefined} />);
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(listbox.className).toContain('min-h-[140px]');
    expect(listbox.className).toContain('max-h-[300px]');
    expect(listbox.className).toContain('overflow-y-auto');
  });

  it('works from the keyboard: open, move, jump by letter, choose, escape', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <CategorySelect
        label="Category"
        options={['Long wait time', 'Billing issues', 'Other']}
        value={null}
        onChange={onChange}
      />,
    );
    const box = screen.getByRole('combobox');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(box.getAttribute('aria-activedescendant')).toMatch(/option-0$/);
    await user.keyboard('{End}');
    expect(box.getAttribute('aria-activedescendant')).toMatch(/option-2$/);
    await user.keyboard('b');
    expect(box.getAttribute('aria-activedescendant')).toMatch(/option-1$/);
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('Billing issues');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
