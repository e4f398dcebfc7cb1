// When coalesced stream text is flushed: once per animation frame in the browser, a 16 ms timer where there is none.

export interface FrameScheduler {
  request(callback: () => void): unknown;
  cancel(handle: unknown): void;
}

const FALLBACK_FRAME_MS = 16;

export const animationFrameScheduler: FrameScheduler =
  typeof requestAnimationFrame === 'function'
    ? { request: (cb) => requestAnimationFrame(cb), cancel: (h) => cancelAnimationFrame(h as number) }
    : {
        request: (cb) => setTimeout(cb, FALLBACK_FRAME_MS),
        cancel: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      };
