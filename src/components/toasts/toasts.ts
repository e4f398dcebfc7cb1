// The toasts' queue outside React: notistack (its provider, transitions and styles) loads with the first toast, not with
// the first screen; toasts sent before its provider has mounted show once it has.
import type { OptionsObject, SnackbarMessage } from 'notistack';

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;

let enqueue: Enqueue | null = null;
const waiting: Array<Parameters<Enqueue>> = [];
let hostWanted = false;
const listeners = new Set<() => void>();

/** Asks ToastProvider to load and mount the toasts' host (once). */
function wantToastHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  listeners.forEach((listener) => listener());
}

export const isToastHostWanted = () => hostWanted;

/** Loading the host failed (offline): the toasts keep waiting, and the next one asks again. */
export function toastHostFailed(): void {
  hostWanted = false;
  listeners.forEach((listener) => listener());
}

export function onToastHostWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The host has mounted (`send` reaches its provider) or gone (null); waiting toasts go out on mount. */
export function toastHostChanged(send: Enqueue | null): void {
  enqueue = send;
  if (send) waiting.splice(0).forEach(([message, options]) => send(message, options));
}

export function enqueueToast(message: SnackbarMessage, options?: OptionsObject): void {
  if (enqueue) {
    enqueue(message, options);
    return;
  }
  waiting.push([message, options]);
  wantToastHost();
}
