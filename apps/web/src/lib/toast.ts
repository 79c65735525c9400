import { toast, type ToastContainerProps } from 'react-toastify';

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

export const toastSuccess = (message: string) => toast.success(message);
export const toastError = (message: string) => toast.error(message);
