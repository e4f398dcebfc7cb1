// The n8n workflow a reply carries: the workflow field the server sent with it (docs/PROTOCOL.md), or, from a server
// that sends none, a closed ```json fence holding `nodes` and `connections`; and the link to the workflow the server
// created, if any. Cheap and dependency-free: it runs on the reply as it streams.
import type { ReactNode } from 'react';
import type { ReplyWorkflow as WorkflowData } from '../../../contract/types';

/** Beyond this many nodes a diagram would be unreadable and slow: the JSON shows instead. */
export const MAX_DIAGRAM_NODES = 300;

export interface ReplyWorkflow {
  /** Where the fence starts and ends (after its closing line) in the reply; both -1 when the text has none. */
  start: number;
  end: number;
  /** The JSON as the reply wrote it (or as the data reads, pretty-printed). */
  json: string;
  workflow: { name?: unknown; nodes: unknown[]; connections: object };
  name: string;
}

/** What the chat gives the workflow panel it shows in a reply (the chat renders the JSON with its Markdown). */
export interface WorkflowPanelProps {
  found: ReplyWorkflow;
  n8nUrl: string | null;
  renderJson: (code: string) => ReactNode;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const WORKFLOW_PATH = /\/workflow\/[A-Za-z0-9_-]+\/?$/;
const LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)|<(https?:\/\/[^>\s]+)>/g;

interface Fence {
  start: number;
  end: number;
  lang: string;
  body: string;
}

/** Closed code fences in order; text outside them is returned too, for link search. */
function scan(text: string): { fences: Fence[]; prose: string } {
  const fences: Fence[] = [];
  let prose = '';
  let open: { marker: string; lang: string; start: number; bodyStart: number } | null = null;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const marker = FENCE.exec(line);
    if (open) {
      const run = marker?.[1] ?? '';
      if (
        marker &&
        run[0] === open.marker[0] &&
        run.length >= open.marker.length &&
        marker[2] === '' &&
        line.trim() === run
      ) {
        fences.push({ start: open.start, end: lineEnd, lang: open.lang, body: text.slice(open.bodyStart, lineStart) });
        open = null;
      }
    } else if (marker) {
      open = {
        marker: marker[1]!,
        lang: marker[2]!.toLowerCase(),
        start: lineStart,
        bodyStart: newline === -1 ? text.length : newline + 1,
      };
    } else {
      prose += `${line}\n`;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return { fences, prose };
}

let cached: { body: string; value: ReplyWorkflow['workflow'] | null } | null = null;

/** The parsed workflow in a fence body, remembered for the last body: a streaming reply asks again every frame. */
function parseWorkflow(body: string): ReplyWorkflow['workflow'] | null {
  if (cached?.body === body) return cached.value;
  let value: ReplyWorkflow['workflow'] | null = null;
  try {
    const data: unknown = JSON.parse(body);
    if (typeof data === 'object' && data !== null && 'nodes' in data && 'connections' in data) {
      const { nodes, connections } = data;
      if (
        Array.isArray(nodes) &&
        typeof connections === 'object' &&
        connections !== null &&
        !Array.isArray(connections)
      ) {
        value = data as ReplyWorkflow['workflow'];
      }
    }
  } catch {
    value = null;
  }
  cached = { body, value };
  return value;
}

/** The reply's last workflow block: a reply that repairs a workflow the validator rejected ends with the fixed one. */
export function findReplyWorkflow(text: string): ReplyWorkflow | null {
  if (!text.includes('```') && !text.includes('~~~')) return null;
  let found: ReplyWorkflow | null = null;
  for (const fence of scan(text).fences) {
    if (fence.lang !== 'json' && fence.lang !== '') continue;
    const workflow = parseWorkflow(fence.body);
    if (!workflow) continue;
    found = { start: fence.start, end: fence.end, json: fence.body.trim(), workflow, name: nameOf(workflow) };
  }
  return found;
}

const nameOf = (workflow: { name?: unknown }) =>
  typeof workflow.name === 'string' && workflow.name.trim() !== '' ? workflow.name.trim() : 'Workflow';

/**
 * The workflow of a reply: the data the server sent, placed where the reply's JSON block is (the block is then not
 * shown twice), else the JSON block itself.
 */
export function replyWorkflowOf(text: string, data: WorkflowData | undefined): ReplyWorkflow | null {
  const inText = findReplyWorkflow(text);
  if (!data || !Array.isArray(data.workflow.nodes)) return inText;
  const json = JSON.stringify(data.workflow, null, 2);
  const workflow = data.workflow as ReplyWorkflow['workflow'];
  return { start: inText?.start ?? -1, end: inText?.end ?? -1, json, workflow, name: nameOf(workflow) };
}

/** A fence longer than any backtick run in the JSON, so the code block always ends where the JSON does. */
export function codeBlock(json: string): string {
  const fence = '`'.repeat(Math.max(3, ...[...json.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${fence}json\n${json}\n${fence}`;
}

/** The first http(s) Markdown link outside code whose path ends in /workflow/{id}: the workflow the server created. */
export function createdWorkflowUrl(text: string): string | null {
  for (const match of scan(text).prose.matchAll(LINK)) {
    const href = match[1] ?? match[2] ?? '';
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    if ((url.protocol === 'https:' || url.protocol === 'http:') && WORKFLOW_PATH.test(url.pathname)) return url.href;
  }
  return null;
}

/** A file name for the workflow: "Schedule Trigger → Slack" → "schedule-trigger-slack.json". */
export function workflowFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'workflow'}.json`;
}
