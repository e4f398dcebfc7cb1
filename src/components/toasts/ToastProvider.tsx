// The toasts around the app: F8 reaches the newest toast, and the toasts' host (notistack, ToastHost) loads with the
// first toast, so pages go without it until they have something to say.
import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { isToastHostWanted, onToastHostWanted, toastHostFailed } from './toasts';
import { useToastHotkey } from './useToastHotkey';

/** Loaded once for the page, whichever ToastProvider asked first. */
let loadedHost: ComponentType | null = null;

export function ToastProvider({ children }: { children: ReactNode }) {
  useToastHotkey();
  const wanted = useSyncExternalStore(onToastHostWanted, isToastHostWanted, () => false);
  const [Host, setHost] = useState<ComponentType | null>(() => loadedHost);

  useEffect(() => {
    if (!wanted || Host) return undefined;
    let current = true;
    import('./ToastHost').then(
      (module) => {
        loadedHost = module.ToastHost;
        if (current) setHost(() => module.ToastHost);
      },
      () => toastHostFailed(),
    );
    return () => {
      current = false;
    };
  }, [wanted, Host]);

  return (
    <>
      {children}
      {Host && <Host />}
    </>
  );
}
