// notistack set up as SPEC §2/§9 asks: top centre, 3 s, swipe up to dismiss, F8 to reach the newest toast.
import type { ReactNode } from 'react';
import { SnackbarProvider } from 'notistack';
import { SwipeableToast } from './SwipeableToast';
import { useToastHotkey } from './useToastHotkey';

const TOAST_DURATION_MS = 3000;

const components = {
  default: SwipeableToast,
  success: SwipeableToast,
  error: SwipeableToast,
  warning: SwipeableToast,
  info: SwipeableToast,
};

function ToastHotkey() {
  useToastHotkey();
  return null;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={components}
    >
      <ToastHotkey />
      {children}
    </SnackbarProvider>
  );
}
