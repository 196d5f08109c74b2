import { ListboxSelect } from '../../components/ui/listbox-select.tsx';

interface CategorySelectProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  onBlur?: () => void;
  isLoading?: boolean;
  /** What the patient sees for a category (its label in their language); the category itself by default. */
  getLabel?: (option: T) => string;
}

/**
 * The feedback category dropdown: the shared select over category names; options are told apart by the
 * category, never by its label.
 */
export function CategorySelect<T extends string>(props: CategorySelectProps<T>) {
  return <ListboxSelect getKey={String} {...props} />;
}
