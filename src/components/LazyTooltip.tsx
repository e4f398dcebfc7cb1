// MUI's Tooltip, loaded the first time the pointer or keyboard focus reaches its child: the Tooltip and the Popper
// engine behind it are a large part of a page's first JavaScript, and most visits never hover the control.
import { useLayoutEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

type TooltipComponent = ComponentType<TooltipProps>;

/** Shared by every LazyTooltip, so only the first one waits for the chunk. */
let loadedTooltip: TooltipComponent | null = null;

interface LazyTooltipProps extends Pick<TooltipProps, 'enterDelay' | 'enterNextDelay'> {
  title: string;
  children: ReactElement;
}

export function LazyTooltip({ title, children, ...delays }: LazyTooltipProps) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loadedTooltip);
  const wrapper = useRef<HTMLSpanElement>(null);
  // Wrapping the child remounts it: a child that still has keyboard focus gets it back, and one still under the
  // pointer hears of it again, so the tooltip shows as it would have.
  const refocus = useRef(false);
  const hovered = useRef(false);
  // Nor does it happen between a press and its release, which would take the click away from the child.
  const pressed = useRef(false);
  const arrivedWhilePressed = useRef(false);

  const load = () => {
    if (Tooltip) return;
    void import('@mui/material/Tooltip').then((module) => {
      loadedTooltip = module.default as TooltipComponent;
      if (pressed.current) arrivedWhilePressed.current = true;
      else setTooltip(() => loadedTooltip);
    });
  };

  const released = () => {
    pressed.current = false;
    if (!arrivedWhilePressed.current) return;
    arrivedWhilePressed.current = false;
    // After this input task, so that its click (dispatched after the release) still finds the child.
    setTimeout(() => setTooltip(() => loadedTooltip));
  };

  useLayoutEffect(() => {
    const child = wrapper.current?.firstElementChild;
    if (!Tooltip || !(child instanceof HTMLElement)) return;
    if (refocus.current) child.focus();
    else if (hovered.current) child.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    refocus.current = false;
    hovered.current = false;
  }, [Tooltip]);

  return (
    <span
      ref={wrapper}
      style={{ display: 'contents' }}
      onMouseOver={() => {
        if (!Tooltip) hovered.current = true;
        load();
      }}
      onMouseLeave={() => {
        hovered.current = false;
      }}
      onPointerDown={() => {
        pressed.current = true;
      }}
      onPointerUp={released}
      onPointerCancel={released}
      onFocus={() => {
        if (!Tooltip) refocus.current = true;
        load();
      }}
      onBlur={() => {
        refocus.current = false;
      }}
    >
      {Tooltip ? (
        <Tooltip title={title} {...delays}>
          {children}
        </Tooltip>
      ) : (
        children
      )}
    </span>
  );
}
