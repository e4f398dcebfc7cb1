// Toast content that a swipe (or drag) upwards of more than 50 px dismisses; otherwise notistack's own look.
import { forwardRef, useRef, useState, type PointerEvent } from 'react';
import { MaterialDesignContent, closeSnackbar, type CustomContentProps } from 'notistack';

const SWIPE_DISMISS_PX = 50;

export const SwipeableToast = forwardRef<HTMLDivElement, CustomContentProps>(function SwipeableToast(props, ref) {
  const startY = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const reset = () => {
    startY.current = null;
    setOffset(0);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    startY.current = event.clientY;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (startY.current !== null) setOffset(Math.min(0, event.clientY - startY.current));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const moved = startY.current === null ? 0 : event.clientY - startY.current;
    reset();
    if (moved < -SWIPE_DISMISS_PX) closeSnackbar(props.id);
  };

  return (
    <div
      ref={ref}
      data-toast=""
      tabIndex={-1}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={reset}
      style={{ transform: offset ? `translateY(${offset}px)` : undefined, touchAction: 'pan-x', outline: 'none' }}
    >
      <MaterialDesignContent {...props} />
    </div>
  );
});
