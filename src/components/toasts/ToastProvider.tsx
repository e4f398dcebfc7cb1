// The toasts around the app: F8 reaches the newest toast, and the toasts' host (notistack, ToastHost) loads with the
// first toast, so pages go without it until they have something to say.
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { lazyChunk } from '../lazyChunk';
import { isToastHostWanted, onToastHostWanted, toastHostFailed } from './toasts';
import { useToastHotkey } from './useToastHotkey';

const hostChunk = lazyChunk(() => import('./ToastHost').then(({ ToastHost }) => ({ ToastHost })));

export function ToastProvider({ children }: { children: ReactNode }) {
  useToastHotkey();
  const wanted = useSyncExternalStore(onToastHostWanted, isToastHostWanted, () => false);
  const host = hostChunk.useLoaded();

  useEffect(() => {
    if (!wanted || host) return;
    void hostChunk.preload().then((loaded) => {
      if (!loaded) toastHostFailed();
    });
  }, [wanted, host]);

  return (
    <>
      {children}
      {host && <host.module.ToastHost />}
    </>
  );
}
