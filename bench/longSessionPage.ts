// The script figure 3 puts in the page before the app runs, as plain source (a bundler's helpers must not leak into it).

/**
 * `window.__long` records, from the first animation frame on: the most message rows the DOM held at once (sampled
 * every frame and on every DOM change), when the first session-messages response finished (resource timing) and when
 * the first message row was painted; and offers `toTop()` (scroll up until the session's first message shows, which
 * loads every earlier page) and `toBottom(step)` (scroll down `step` viewports per animation frame to the end,
 * returning each frame's duration and the long tasks meanwhile).
 */
export function longSessionPageScript(): string {
  return `(() => {
  const ROWS = '[data-testid="user-message"],[data-testid="team-message"]';
  const state = { maxRows: 0, dataAt: 0, visibleAt: 0, longTasks: [] };
  window.__long = state;
  const count = () => {
    const rows = document.querySelectorAll(ROWS).length;
    if (rows > state.maxRows) state.maxRows = rows;
    return rows;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!state.dataAt && /\\/teams\\/sessions\\/[^/]+\\/messages/.test(e.name)) state.dataAt = e.responseEnd;
  }).observe({ type: 'resource', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) state.longTasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });
  const sample = () => { count(); requestAnimationFrame(sample); };
  requestAnimationFrame(sample);
  const afterPaint = (cb) => requestAnimationFrame(() => setTimeout(cb, 0));
  new MutationObserver(() => {
    if (count() > 0 && !state.visibleAt) { state.visibleAt = -1; afterPaint(() => { state.visibleAt = performance.now(); }); }
  }).observe(document, { childList: true, subtree: true });
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const list = () => document.querySelector('[data-testid="message-list"]');
  state.toTop = async (firstText, maxRounds) => {
    const started = performance.now();
    state.longTasks = [];
    for (let round = 0; round < maxRounds; round++) {
      const el = list();
      el.scrollTop = 0;
      await frame(); await frame();
      while (el.getAttribute('aria-busy') === 'true') await frame();
      await frame();
      const first = el.querySelector('[data-index="0"]');
      if (el.scrollTop === 0 && first && first.textContent.includes(firstText)) {
        return { rounds: round + 1, ms: performance.now() - started, longTasks: state.longTasks.slice() };
      }
    }
    throw new Error('the first message did not show after ' + maxRounds + ' rounds');
  };
  state.toBottom = async (step) => {
    const el = list();
    state.longTasks = [];
    const frames = [];
    let last = await frame();
    while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
      el.scrollTop += el.clientHeight * step;
      const now = await frame();
      frames.push(now - last);
      last = now;
      if (frames.length > 100000) throw new Error('the end of the list was not reached');
    }
    return { frames, longTasks: state.longTasks.slice() };
  };
})();`;
}
