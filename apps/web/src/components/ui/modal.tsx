import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom (e.g. Confirm / Cancel). */
  actions?: ReactNode;
  /** Wider box for forms. */
  size?: 'sm' | 'md' | 'lg';
  closeLabel?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

let openModals = 0;

/** The page's root is marked while a modal is open: styles.css stops the page scrolling under it (postcss-no-root-has.ts). */
function useMarkRootWhileOpen(open: boolean) {
  useEffect(() => {
    if (!open) return;
    openModals++;
    document.documentElement.setAttribute('data-modal-open', '');
    return () => {
      openModals--;
      if (openModals === 0) document.documentElement.removeAttribute('data-modal-open');
    };
  }, [open]);
}

/**
 * One modal for the whole shop, on the native <dialog>: showModal() gives the
 * focus trap, Escape to close and the inert page behind it for free, and
 * focus returns to the opener on close.
 */
export function Modal({ open, onClose, title, children, actions, size = 'md', closeLabel = 'Close' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const openRef = useRef(open);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useMarkRootWhileOpen(open);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape and the backdrop close the dialog natively; tell the parent, which owns the open state
    // (but not when the parent itself closed it).
    const handleClose = () => {
      if (openRef.current) onCloseRef.current();
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}>
      {open && (
        <div className={`modal-box ${widths[size]} border border-base-300`}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
              {title}
            </h2>
            <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label={closeLabel} onClick={onClose}>
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" className="fill-current">
                <path d="M4.3 4.3a1 1 0 011.4 0L10 8.6l4.3-4.3a1 1 0 111.4 1.4L11.4 10l4.3 4.3a1 1 0 01-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 01-1.4-1.4L8.6 10 4.3 5.7a1 1 0 010-1.4z" />
              </svg>
            </button>
          </div>
          {children}
          {actions && <div className="modal-action">{actions}</div>}
        </div>
      )}
      {/* A click on the dimmed backdrop closes, like the Escape key. */}
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-hidden="true">
          {closeLabel}
        </button>
      </form>
    </dialog>
  );
}
