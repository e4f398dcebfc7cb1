// HTML of the Agent's Computer (SPEC §2, §4): the run's real browser streamed as frames, with its address, title and
// a live/finished badge; and the pages that refuse a link. The script is served as a file (the CSP has no inline code).

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** SPEC §2's text when the stream cannot load. */
const STREAM_FAILED = 'Failed to load the remote desktop stream. Please try again or open in a new tab.';

/** Scripts from this server only, frames as data: images, the stream's socket to this server. */
export const COMPUTER_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const STYLE = `
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  html, body { margin: 0; height: 100%; background: #1e1e24; color: #e8e8ee; }
  body { display: flex; flex-direction: column; }
  .bar { display: flex; gap: .5rem; align-items: center; padding: .4rem .6rem; background: #2b2b33; min-width: 0; }
  .url { flex: 1; min-width: 0; background: #1e1e24; border-radius: 1rem; padding: .25rem .7rem; font-size: .8rem;
    overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .badge { font-size: .7rem; font-weight: 600; padding: .15rem .5rem; border-radius: .6rem; background: #55555f; white-space: nowrap; }
  .badge[data-state="live"] { background: #b3261e; } .badge[data-state="finished"] { background: #2e6b3a; }
  .title { padding: .2rem .7rem; font-size: .75rem; opacity: .8; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  main { flex: 1; min-height: 0; display: flex; align-items: center; justify-content: center; background: #000; }
  img { max-width: 100%; max-height: 100%; object-fit: contain; }
  .note { padding: 1.5rem; text-align: center; opacity: .85; }
  [hidden] { display: none !important; }
`;

export function renderComputerPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Agent's Computer</title>
<style>${STYLE}</style>
</head>
<body>
<header class="bar"><span class="url" id="address">about:blank</span><span class="badge" id="badge" role="status" data-state="connecting">Connecting</span></header>
<div class="title" id="page-title"></div>
<main>
<img id="screen" alt="The agent's browser screen" hidden>
<p class="note" id="note">Connecting to the agent's browser…</p>
<p class="note" id="failed" role="alert" hidden>${STREAM_FAILED}</p>
</main>
<script src="/computer/assets/viewer.js"></script>
</body>
</html>`;
}

/** A page that says why it will not show the computer (403 for another user's or an expired link, 404 for no run). */
export function renderComputerRefusal(heading: string, text: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agent's Computer</title>
<style>${STYLE}</style>
</head>
<body>
<main><div class="note" role="alert"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></div></main>
</body>
</html>`;
}
