import { primaryButtonClass, secondaryButtonClass } from './console-styles.ts';

interface DialogFormButtonsProps {
  isPending: boolean;
  /** "Block the time" while idle, "Blocking…" while the request is on its way. */
  submit: string;
  pending: string;
  /** Says what closing leaves undone ("Close without blocking"). */
  close: string;
  onClose: () => void;
}

/** A console form dialog's two buttons: submit (off while the request is on its way) and close. */
export function DialogFormButtons({ isPending, submit, pending, close, onClose }: DialogFormButtonsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={isPending} className={primaryButtonClass}>
        {isPending ? pending : submit}
      </button>
      <button type="button" onClick={onClose} className={secondaryButtonClass}>
        {close}
      </button>
    </div>
  );
}
