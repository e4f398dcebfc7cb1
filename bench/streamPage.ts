// The script figure 1 puts in the page before the app runs, as plain source (a bundler's helpers must not leak into it).

/**
 * Counts React commits (through the DevTools hook, which production React also calls), animation frames and long
 * tasks; replaces the team-chat WebSocket with one that delivers the recorded frames, each in its own task, as fast
 * as the page takes them. The naive baseline turns requestAnimationFrame into a zero-delay timer, so the middleware's
 * coalescing flushes after every frame.
 */
export function streamPageScript(frames: string[], naive: boolean): string {
  return `(() => {
  const frames = ${JSON.stringify(frames)};
  const bench = { commits: 0, frames: 0, longTasks: [], doneAt: 0 };
  window.__bench = bench;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject() { return 1; },
    onCommitFiberRoot() { bench.commits++; },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });
  const raf = window.requestAnimationFrame.bind(window);
  const countFrames = () => { bench.frames++; raf(countFrames); };
  raf(countFrames);
  if (${naive}) {
    window.requestAnimationFrame = (cb) => window.setTimeout(() => cb(performance.now()), 0);
    window.cancelAnimationFrame = (handle) => window.clearTimeout(handle);
  }
  const RealWebSocket = window.WebSocket;
  class RecordedSocket {
    constructor(url) {
      this.url = url; this.readyState = 0;
      this.onopen = null; this.onmessage = null; this.onerror = null; this.onclose = null;
      setTimeout(() => { this.readyState = 1; this.onopen && this.onopen({}); }, 0);
    }
    send() {
      const channel = new MessageChannel();
      let i = 0;
      channel.port2.onmessage = () => {
        if (this.readyState !== 1) return;
        this.onmessage && this.onmessage({ data: frames[i++] });
        if (i < frames.length) channel.port1.postMessage(0);
        else bench.doneAt = performance.now();
      };
      channel.port1.postMessage(0);
    }
    close() { this.readyState = 3; this.onclose && this.onclose({ code: 1000, reason: '', wasClean: true }); }
  }
  window.WebSocket = function (url, protocols) {
    return /\\/ws(\\?|$)/.test(String(url)) ? new RecordedSocket(url) : new RealWebSocket(url, protocols);
  };
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
})();`;
}
