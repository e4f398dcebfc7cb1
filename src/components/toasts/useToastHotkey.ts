// F8 moves keyboard focus to the newest toast, so keyboard and screen-reader users can reach the notification area.
import { useEffect } from 'react';

const TOAST_HOTKEY = 'F8';

export function useToastHotkey(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const toasts = document.querySelectorAll<HTMLElement>('[data-toast]');
      const newest = toasts[toasts.length - 1];
      if (!newest) return;
      event.preventDefault();
      newest.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
