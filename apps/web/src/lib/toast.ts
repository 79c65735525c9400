import type { ReactNode } from 'react';
import type { ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify';

/** Spec §9: auto-close 5000 ms, top-right, light theme, pause on hover, draggable with 80 % drag distance. */
export const toastSettings: ToastContainerProps = {
  position: 'top-right',
  autoClose: 5000,
  theme: 'light',
  pauseOnHover: true,
  draggable: true,
  draggablePercent: 80,
  newestOnTop: true,
};

/**
 * React-Toastify loads with the first toast or once the page is up (app/providers), not on the public pages'
 * critical path (decision 107). A toast shown before its container is mounted waits in the library's queue.
 */
export const loadToastify = () => import('react-toastify');

export function showToast(content: ToastContent, options?: ToastOptions) {
  void loadToastify().then(({ toast }) => toast(content, options));
}

export function toastSuccess(message: ReactNode) {
  void loadToastify().then(({ toast }) => toast.success(message));
}

export function toastError(message: ReactNode) {
  void loadToastify().then(({ toast }) => toast.error(message));
}
