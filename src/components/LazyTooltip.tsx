// MUI's Tooltip, loaded the first time the pointer or keyboard focus reaches its child: the Tooltip and the Popper
// engine behind it are a large part of a page's first JavaScript, and most visits never hover the control.
import { useLayoutEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

type TooltipComponent = ComponentType<TooltipProps>;

/** Shared by every LazyTooltip, so only the first one waits for the chunk. */
let loadedTooltip: TooltipComponent | null = null;

export function LazyTooltip({ title, children }: { title: string; children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loadedTooltip);
  const wrapper = useRef<HTMLSpanElement>(null);
  // Wrapping the child remounts it; a child that still has keyboard focus gets it back, and the tooltip shows.
  const refocus = useRef(false);

  const load = () => {
    if (Tooltip) return;
    void import('@mui/material/Tooltip').then((module) => {
      loadedTooltip = module.default as TooltipComponent;
      setTooltip(() => loadedTooltip);
    });
  };

  useLayoutEffect(() => {
    if (!Tooltip || !refocus.current) return;
    refocus.current = false;
    wrapper.current?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus();
  }, [Tooltip]);

  return (
    <span
      ref={wrapper}
      style={{ display: 'contents' }}
      onMouseOver={load}
      onFocus={() => {
        if (!Tooltip) refocus.current = true;
        load();
      }}
      onBlur={() => {
        refocus.current = false;
      }}
    >
      {Tooltip ? <Tooltip title={title}>{children}</Tooltip> : children}
    </span>
  );
}
