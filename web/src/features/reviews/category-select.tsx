import { ListboxSelect } from '../../components/ui/listbox-select.tsx';

interface CategorySelectProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  onBlur?: () => void;
  isLoading?: boolean;
}

/** The feedback category dropdown: the shared select over plain category names. */
export function CategorySelect<T extends string>(props: CategorySelectProps<T>) {
  return <ListboxSelect {...props} />;
}
