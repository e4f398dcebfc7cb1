// The app's toast hook, shaped as notistack's, so that a component sending a toast does not load notistack.
import { enqueueToast } from './toasts';

const toasts = { enqueueSnackbar: enqueueToast };

export function useSnackbar(): typeof toasts {
  return toasts;
}
