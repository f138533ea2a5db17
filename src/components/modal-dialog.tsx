import { useRef, type ReactNode, type RefObject } from 'react';
import { useModalFocus } from './use-modal-focus.ts';

interface ModalDialogProps {
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  /** Where focus goes when the dialog opens. */
  initialFocus: RefObject<HTMLElement | null>;
  /** Escape (and the dialog's own buttons) close it; focus then returns to where it was. */
  onClose: () => void;
  /** The box's width and spacing. */
  className: string;
  /** A tall dialog (a video's details) scrolls over the page instead of opening near the top. */
  tall?: boolean;
  children: ReactNode;
}

/** The app's modal dialog: a dimmed page, a box on top, focus kept inside (useModalFocus). */
export function ModalDialog({
  labelledBy,
  initialFocus,
  onClose,
  className,
  tall = false,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, initialFocus, onClose);
  return (
    // The page behind scrolls no more, so the dimmed layer does: on a short screen (a phone
    // held sideways) the dialog's last buttons would otherwise be out of reach. It ends above a
    // playing demo's bar (its height, set by the player): the caption is never covered.
    <div
      className={`above-demo-bar fixed inset-x-0 top-0 bottom-0 flex items-start justify-center overflow-y-auto bg-black/50 p-4 ${tall ? 'z-[1500]' : 'z-[2000] pt-[min(6rem,12vh)]'}`}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        className={`w-full rounded-lg bg-white dark:bg-slate-900 ${tall ? 'my-8 shadow-2xl' : 'shadow-xl'} ${className}`}
      >
        {children}
      </div>
    </div>
  );
}
