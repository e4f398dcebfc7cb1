// HTML of the Agent's Computer live view: a browser-like window listing the steps of a run, refreshing until it ends.
import type { ToolCall } from '../../../contract/types.ts';
import type { RunSteps } from './pages.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const REFRESH_SECONDS = 2;

function argsSummary(call: ToolCall): string {
  const args = call.tool_args ?? {};
  const main = args.url ?? args.query ?? args.member_id ?? args.file_name ?? args.purpose ?? args.thought;
  if (typeof main === 'string') return main.length > 160 ? `${main.slice(0, 157)}...` : main;
  return Object.keys(args).join(', ');
}

function resultSummary(call: ToolCall): string {
  const raw = String(call.result ?? call.output ?? '');
  const afterJson = raw.startsWith('{') && raw.includes('\n\n') ? raw.slice(raw.indexOf('\n\n') + 2) : raw;
  return afterJson.length > 400 ? `${afterJson.slice(0, 397)}...` : afterJson;
}

function stepItem(call: ToolCall, index: number): string {
  const status = call.result == null ? 'running' : call.tool_call_error ? 'error' : 'done';
  const label = { running: 'Running', error: 'Failed', done: 'Done' }[status];
  return `<li class="step ${status}">
  <div class="head"><span class="n">${index + 1}</span><code>${escapeHtml(call.tool_name)}</code><span class="badge">${label}</span></div>
  <div class="args">${escapeHtml(argsSummary(call))}</div>
  ${status === 'running' ? '' : `<pre>${escapeHtml(resultSummary(call))}</pre>`}
</li>`;
}

export function renderComputerPage(run: RunSteps | null): string {
  const lastUrl = run
    ? [...run.steps].reverse().find((s) => typeof s.tool_args?.url === 'string')?.tool_args.url
    : undefined;
  const body = !run
    ? '<p class="empty">This run was not found. It may have been deleted.</p>'
    : run.steps.length
      ? `<ol>${run.steps.map(stepItem).join('\n')}</ol>`
      : '<p class="empty">The agent has not started using its computer yet.</p>';
  const status = !run ? 'Not found' : run.done ? 'Run finished' : 'Live: updating';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${run && !run.done ? `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` : ''}
<title>Agent's Computer</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #1e1e24; color: #e8e8ee; }
  .bar { display: flex; gap: .5rem; align-items: center; padding: .5rem .75rem; background: #2b2b33; position: sticky; top: 0; }
  .dot { width: .7rem; height: .7rem; border-radius: 50%; background: #ff5f57; } .dot:nth-child(2) { background: #febc2e; } .dot:nth-child(3) { background: #28c840; }
  .url { flex: 1; background: #1e1e24; border-radius: 1rem; padding: .3rem .8rem; font-size: .8rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .status { font-size: .75rem; opacity: .8; }
  ol { list-style: none; margin: 0; padding: .75rem; display: grid; gap: .6rem; }
  .step { background: #2b2b33; border-radius: .5rem; padding: .6rem .75rem; border-left: 3px solid #6c8cff; }
  .step.error { border-left-color: #ff5f57; } .step.done { border-left-color: #28c840; }
  .head { display: flex; gap: .5rem; align-items: center; }
  .n { font-size: .75rem; opacity: .6; } .badge { margin-left: auto; font-size: .7rem; opacity: .8; }
  .args { font-size: .8rem; opacity: .8; margin: .3rem 0; word-break: break-word; }
  pre { margin: 0; white-space: pre-wrap; word-break: break-word; font-size: .75rem; max-height: 8rem; overflow: auto; background: #1e1e24; padding: .4rem; border-radius: .3rem; }
  .empty { padding: 1.5rem; text-align: center; opacity: .8; }
</style>
</head>
<body>
<header class="bar"><span class="dot"></span><span class="dot"></span><span class="dot"></span>
<span class="url">${escapeHtml(typeof lastUrl === 'string' ? lastUrl : 'about:blank')}</span><span class="status" role="status">${status}</span></header>
<main>${body}</main>
</body>
</html>`;
}
