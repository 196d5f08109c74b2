import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { ListboxSelect } from '../../../components/ui/listbox-select.tsx';
import type { InsuranceChoice } from '../state/booking-state.ts';
import type { ContactFormValues } from './contact-form-values.ts';
import { FieldError } from './form-fields.tsx';

const labelOf = (choice: InsuranceChoice) => choice.label;
const valueOf = (choice: InsuranceChoice) => choice.value;

/** The insurance dropdown of page 5, tied to the contact form's `insurance` field and its error. */
export function InsuranceSelect({ label, options }: { label: string; options: readonly InsuranceChoice[] }) {
  const { control } = useFormContext<ContactFormValues>();
  const {
    field: { ref: fieldRef, ...field },
    fieldState,
  } = useController({ name: 'insurance', control });
  const errorId = useId();
  const message = fieldState.error?.message;

  return (
    <ListboxSelect
      ref={fieldRef}
      label={label}
      options={options}
      // The choice as the options name it now: a language switch renames 'Other' after it was chosen.
      value={options.find((option) => option.value === field.value?.value) ?? field.value ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      getLabel={labelOf}
      getKey={valueOf}
      invalid={Boolean(message)}
      describedBy={message ? errorId : undefined}
    >
      <FieldError id={errorId} message={message} />
    </ListboxSelect>
  );
}
