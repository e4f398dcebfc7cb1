// Dialogs opened from a part of the page that may unmount (the sidebar swaps between its inline and overlay forms
// across 640 px, and closes on a narrow screen) live here, at the page, so what was typed into them survives.
import { createContext, Fragment, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';

interface Host {
  show(id: string, node: ReactNode): void;
  hide(id: string): void;
}

const DialogHostContext = createContext<Host | null>(null);

/** Renders the dialogs opened through useHostedDialog below it, after its children. */
export function DialogHostProvider({ children }: { children: ReactNode }) {
  const [dialogs, setDialogs] = useState<ReadonlyArray<readonly [string, ReactNode]>>([]);
  const host = useMemo<Host>(
    () => ({
      show: (id, node) => setDialogs((all) => [...all.filter(([key]) => key !== id), [id, node]]),
      hide: (id) => setDialogs((all) => all.filter(([key]) => key !== id)),
    }),
    [],
  );
  return (
    <DialogHostContext.Provider value={host}>
      {children}
      {dialogs.map(([id, node]) => (
        <Fragment key={id}>{node}</Fragment>
      ))}
    </DialogHostContext.Provider>
  );
}

export interface HostedDialog {
  /** Opens the dialog `render` draws; it gets the function that closes it. */
  open(render: (close: () => void) => ReactNode): void;
  close(): void;
  /** What to render where the opener is: the dialog itself when there is no host above (null otherwise). */
  element: ReactNode;
}

/**
 * One dialog, kept by the nearest DialogHostProvider: it stays open (with its state) when the component that opened
 * it unmounts. Without a provider above it, it is rendered by the opener, as `element`.
 */
export function useHostedDialog(): HostedDialog {
  const host = useContext(DialogHostContext);
  const id = useId();
  const [local, setLocal] = useState<ReactNode>(null);
  const close = useCallback(() => (host ? host.hide(id) : setLocal(null)), [host, id]);
  const open = useCallback(
    (render: (close: () => void) => ReactNode) => {
      const node = render(close);
      if (host) host.show(id, node);
      else setLocal(node);
    },
    [host, id, close],
  );
  return { open, close, element: host ? null : local };
}
