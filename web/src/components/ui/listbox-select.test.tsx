import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListboxSelect } from './listbox-select.tsx';

afterEach(cleanup);

interface Plan {
  label: string;
  value: string;
}
const plans: Plan[] = [
  { label: 'Aetna', value: 'aetna' },
  { label: 'Cigna', value: 'cigna' },
  { label: 'Delta Dental', value: 'delta' },
  { label: 'Other', value: 'other' },
];
const planLabel = (plan: Plan) => plan.label;
const planValue = (plan: Plan) => plan.value;
const noop = () => undefined;
/** The plan picker these tests share: objects, labelled and keyed by the functions above. */
const planSelect = (value: Plan | null, onChange: (plan: Plan | null) => void = noop) => (
  <ListboxSelect
    label="Plan"
    options={plans}
    value={value}
    onChange={onChange}
    getLabel={planLabel}
    getKey={planValue}
  />
);

describe('ListboxSelect', () => {
  it("shows 'Select...' for no value and the chosen option's label otherwise", async () => {
    const user = userEvent.setup();
    const { rerender } = render(planSelect(null));
    expect(screen.getByRole('combobox', { name: 'Plan' }).textContent).toContain('Select...');
    // Another object with the same key counts as the same option.
    rerender(planSelect({ label: 'Cigna', value: 'cigna' }));
    expect(screen.getByRole('combobox').textContent).toContain('Cigna');
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByRole('option', { name: 'Cigna' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Aetna' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('combobox').getAttribute('aria-activedescendant')).toMatch(/option-1$/);
  });

  it("shows 'Loading...' (busy) while loading and 'No options' when empty", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ListboxSelect label="Plan" options={['A']} value={null} onChange={noop} isLoading />);
    const box = screen.getByRole('combobox');
    expect(box.getAttribute('aria-busy')).toBe('true');
    await user.click(box);
    expect(screen.getByRole('option').textContent).toBe('Loading...');
    expect(screen.getByRole('option').getAttribute('aria-disabled')).toBe('true');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    rerender(<ListboxSelect label="Plan" options={[]} value={null} onChange={noop} />);
    expect(box.hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByRole('option').textContent).toBe('No options');
  });

  it('keeps its menu between 140 and 300 px tall, scrolling, and hidden until opened', async () => {
    const user = userEvent.setup();
    render(<ListboxSelect label="Plan" options={['A']} value={null} onChange={noop} />);
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(listbox.className).toContain('min-h-[140px]');
    expect(listbox.className).toContain('max-h-[300px]');
    expect(listbox.className).toContain('overflow-y-auto');
    expect(listbox.hidden).toBe(true);
    await user.click(screen.getByRole('combobox'));
    expect(listbox.hidden).toBe(false);
  });

  it('ties the combobox and the listbox to the label', () => {
    render(<ListboxSelect label="Plan" options={['A']} value={null} onChange={noop} />);
    const box = screen.getByRole('combobox', { name: 'Plan' });
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(listbox.getAttribute('aria-labelledby')).toBe(screen.getByText('Plan').id);
    expect(box.getAttribute('aria-haspopup')).toBe('listbox');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.tabIndex).toBe(0);
  });

  it('works from the keyboard: arrows, Home/End, letters, Enter, Space, Escape, Tab', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(planSelect(null, onChange));
    const box = screen.getByRole('combobox');
    const active = () => box.getAttribute('aria-activedescendant');
    await user.tab();
    expect(box).toHaveFocus();

    // Each key and the option it leaves active.
    const steps: [string, number][] = [
      ['{ArrowUp}', 3], // opens on the last option
      ['{ArrowDown}', 3], // stops at the end
      ['{Home}', 0],
      ['{ArrowUp}', 0], // stops at the start
      ['{End}', 3],
      ['D', 2], // typeahead looks from the next option on and wraps around
      ['z', 2], // no match: stays
    ];
    for (const [key, index] of steps) {
      await user.keyboard(key);
      expect(box.getAttribute('aria-expanded'), key).toBe('true');
      expect(active(), key).toMatch(new RegExp(`option-${index}$`));
    }
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(plans[2]);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(active()).toBeNull();

    await user.keyboard(' ');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(plans[1]);

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    await user.keyboard('{Tab}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('chooses with the mouse and closes on blur, calling onBlur', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(
      <ListboxSelect label="Plan" options={['Cleaning', 'Checkup']} value={null} onChange={onChange} onBlur={onBlur} />,
    );
    const box = screen.getByRole('combobox');
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'Checkup' }));
    expect(onChange).toHaveBeenCalledWith('Checkup');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.click(box);
    await user.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.click(box);
    await user.tab();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('marks itself invalid, points to its description and hands out its element', () => {
    const ref = createRef<HTMLDivElement>();
    const { rerender } = render(
      <ListboxSelect
        ref={ref}
        label="Plan"
        options={['A']}
        value={null}
        onChange={noop}
        invalid
        describedBy="plan-error"
      >
        <p id="plan-error">Plan is required</p>
      </ListboxSelect>,
    );
    const box = screen.getByRole('combobox');
    expect(ref.current).toBe(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('plan-error');
    expect(screen.getByText('Plan is required')).toBeInTheDocument();
    rerender(<ListboxSelect ref={ref} label="Plan" options={['A']} value={null} onChange={noop} />);
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    expect(box.hasAttribute('aria-describedby')).toBe(false);
  });
});
