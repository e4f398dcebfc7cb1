// notistack set up as SPEC §2/§9 asks: top centre, 3 s, swipe up to dismiss. ToastProvider loads it when needed.
import { useEffect } from 'react';
import { SnackbarProvider, enqueueSnackbar } from 'notistack';
import { SwipeableToast } from './SwipeableToast';
import { toastHostChanged } from './toasts';

const TOAST_DURATION_MS = 3000;

const components = {
  default: SwipeableToast,
  success: SwipeableToast,
  error: SwipeableToast,
  warning: SwipeableToast,
  info: SwipeableToast,
};

function Ready() {
  useEffect(() => {
    // Through notistack's module-level function, which reaches the provider mounted last.
    toastHostChanged((message, options) => enqueueSnackbar(message, options));
    return () => toastHostChanged(null);
  }, []);
  return null;
}

export function ToastHost() {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={components}
    >
      <Ready />
    </SnackbarProvider>
  );
}
