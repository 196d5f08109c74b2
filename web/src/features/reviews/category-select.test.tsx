import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategorySelect } from './category-select.tsx';

afterEach(cleanup);

describe('CategorySelect', () => {
  it("shows 'Loading...' while loading and 'No options' when empty", () => {
    const { rerender } = render(
      <CategorySelect label="Category" options={['A']} value={null} onChange={() => undefined} isLoading />,
    );
    fireEvent.click(screen.getByRole('combobox'));
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

  it('works from the keyboard: open, move, jump by letter, choose, escape', () => {
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
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.getAttribute('aria-activedescendant')).toMatch(/option-0$/);
    fireEvent.keyDown(box, { key: 'End' });
    expect(box.getAttribute('aria-activedescendant')).toMatch(/option-2$/);
    fireEvent.keyDown(box, { key: 'b' });
    expect(box.getAttribute('aria-activedescendant')).toMatch(/option-1$/);
    fireEvent.keyDown(box, { key: ' ' });
    expect(onChange).toHaveBeenCalledWith('Billing issues');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
