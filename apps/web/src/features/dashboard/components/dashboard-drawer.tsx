import { useEffect, useRef } from 'react';
import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { DashboardNav } from './dashboard-nav';

/**
 * The sidebar as a drawer on phones, on the native <dialog> so focus stays
 * inside, Escape closes it and the page behind is inert.
 */
export function DashboardDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-label={orderFlowCopy.dashboardMenu}
      onClose={onClose}
      // A click on the dimmed area outside the panel lands on the dialog itself.
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r border-base-300 bg-base-200 p-0 text-base-content shadow-xl backdrop:bg-black/50 lg:hidden"
    >
      <div className="flex h-full flex-col gap-4 p-4">
        <div className="flex items-center justify-between">
          <p className="font-display text-xl font-bold uppercase">{dashboardCopy.title}</p>
          <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label={orderFlowCopy.closeMenu} onClick={onClose}>
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" className="fill-current">
              <path d="M4.3 4.3a1 1 0 011.4 0L10 8.6l4.3-4.3a1 1 0 111.4 1.4L11.4 10l4.3 4.3a1 1 0 01-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 01-1.4-1.4L8.6 10 4.3 5.7a1 1 0 010-1.4z" />
            </svg>
          </button>
        </div>
        {open && <DashboardNav onNavigate={onClose} />}
      </div>
    </dialog>
  );
}
