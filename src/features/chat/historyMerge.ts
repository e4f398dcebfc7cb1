// Stored session messages → the chat's message list (SPEC §4 history merge), in O(n log n) for long sessions.
import type { MemberResponse, StoredMessage, ToolCall } from '../../services/contract';
import type { ChatMessage } from './chatTypes';
import { memberKey, mergeTool } from './liveRun';

/** A user message this close before or after a team message is shown first (SPEC §9 time-merge window). */
export const TIME_MERGE_WINDOW_MS = 1000;
/** How many earlier replies of the same turn a reply is compared with for duplicates. */
const LOOKBACK = 4;
/** A uuid is found by its tail, which opens with a literal '-' the regex engine can scan for quickly. */
const UUID_TAIL = /-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const UUID_HEAD = /^[0-9a-f]{8}$/i;
const WORD_CHAR = /\w/;
const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

interface Item {
  index: number;
  id: string;
  sender: 'user' | 'team';
  role: StoredMessage['role'];
  time: number;
  content: string;
  key: string;
  tools: ToolCall[];
  members: MemberResponse[];
  fileIds: string[];
}

/** created_at as an ISO string (zone-less means UTC) or epoch seconds, as a string or a number; ms or null. */
export function parseCreatedAt(value: unknown): number | null {
  const numeric = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (Number.isFinite(numeric)) return numeric >= 1e11 ? numeric : numeric * 1000;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const ms = Date.parse(ISO_WITHOUT_ZONE.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(ms) ? null : ms;
}

/** Code is shown verbatim (an importable workflow keeps its node ids), so only prose loses its uuids. */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/;

/** Removes each whole-word uuid with the spaces or tabs before it; 4× faster than one regex over long replies. */
function removeUuids(prose: string): string {
  let out = '';
  let last = 0;
  for (const match of prose.matchAll(UUID_TAIL)) {
    const start = match.index - 8;
    if (start < last || !UUID_HEAD.test(prose.slice(start, match.index))) continue;
    if (start > 0 && WORD_CHAR.test(prose[start - 1]!)) continue;
    let from = start;
    while (from > last && (prose[from - 1] === ' ' || prose[from - 1] === '\t')) from--;
    out += prose.slice(last, from);
    last = match.index + match[0].length;
  }
  return last === 0 ? prose : out + prose.slice(last);
}

export function stripUuids(text: string): string {
  return text
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? part : removeUuids(part)))
    .join('')
    .trim();
}

/** Same as collapsing every `\s+` run, but leaves lone spaces alone, which is 3× faster on long replies. */
const SPACE_RUN = /\s\s+|[^\S ]/g;

function normalise(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim().toLowerCase();
}

/** Identical, or one contains the other and is at least half its length. */
function overlaps(a: Item, b: Item): boolean {
  if (a.key === '' || b.key === '') return false;
  if (a.key === b.key) return true;
  const [shorter, longer] = a.key.length <= b.key.length ? [a.key, b.key] : [b.key, a.key];
  return shorter.length * 2 >= longer.length && longer.includes(shorter);
}

/** The assistant message and the team_response of one reply, or an empty reply beside its filled twin. */
function pairs(a: Item, b: Item): boolean {
  return a.role !== b.role && (a.key === '' || b.key === '');
}

function mergeInto(target: Item, from: Item): void {
  if (from.content.length > target.content.length) {
    target.content = from.content;
    target.key = from.key;
  }
  target.time = Math.min(target.time, from.time);
  for (const tool of from.tools) {
    const index = target.tools.findIndex((t) => t.tool_call_id === tool.tool_call_id);
    if (index === -1) target.tools.push(tool);
    else target.tools[index] = mergeTool(target.tools[index], tool);
  }
  for (const member of from.members) {
    const same = (m: MemberResponse) => memberKey(m) === memberKey(member) && m.content === member.content;
    if (!target.members.some(same)) target.members.push(member);
  }
  for (const fileId of from.fileIds) if (!target.fileIds.includes(fileId)) target.fileIds.push(fileId);
}

function toItems(messages: readonly StoredMessage[]): Item[] {
  const items: Item[] = [];
  let lastTime = 0;
  messages.forEach((message, index) => {
    if (message.role === 'system') return;
    const parsed = parseCreatedAt(message.created_at);
    const time = parsed ?? lastTime;
    lastTime = time;
    const content = stripUuids(typeof message.content === 'string' ? message.content : '');
    items.push({
      index,
      id: message.id ?? `history-${index}`,
      sender: message.role === 'user' ? 'user' : 'team',
      role: message.role,
      time,
      content,
      key: normalise(content),
      tools: [...(message.tool_calls ?? [])],
      members: [...(message.member_responses ?? [])],
      fileIds: [...(message.file_ids ?? [])],
    });
  });
  return items;
}

function sortKey(item: Item): number {
  return item.sender === 'user' ? item.time - TIME_MERGE_WINDOW_MS : item.time;
}

function toMessage(item: Item): ChatMessage {
  const time = Number.isFinite(item.time) && Math.abs(item.time) < 8.64e15 ? item.time : 0;
  const message: ChatMessage = {
    id: item.id,
    content: item.content,
    sender: item.sender,
    timestamp: new Date(time).toISOString(),
  };
  if (item.tools.length > 0) {
    message.tools = item.tools;
    message.completedTools = item.tools.map((t) => t.tool_call_id);
  }
  if (item.members.length > 0) message.memberResponses = item.members;
  if (item.fileIds.length > 0) message.fileIds = item.fileIds;
  return message;
}

export function mergeHistory(messages: readonly StoredMessage[]): ChatMessage[] {
  // Shifting user messages back by the window orders "user before team within 1 s" as a total order.
  const sorted = toItems(messages).sort(
    (a, b) => sortKey(a) - sortKey(b) || (a.sender === b.sender ? 0 : a.sender === 'user' ? -1 : 1) || a.index - b.index,
  );
  const out: Item[] = [];
  let turn: Item[] = [];
  let seen = new Map<string, Item>();
  for (const item of sorted) {
    const previous = out[out.length - 1];
    if (item.sender === 'user') {
      if (previous?.sender === 'user' && overlaps(previous, item)) {
        mergeInto(previous, item);
        continue;
      }
      out.push(item);
      turn = [];
      seen = new Map();
      continue;
    }
    const match =
      (item.key !== '' ? seen.get(item.key) : undefined) ??
      turn.slice(-LOOKBACK).findLast((earlier) => overlaps(earlier, item) || pairs(earlier, item));
    if (match) {
      mergeInto(match, item);
      if (match.key !== '') seen.set(match.key, match);
      continue;
    }
    out.push(item);
    turn.push(item);
    if (item.key !== '') seen.set(item.key, item);
  }
  return out.map(toMessage);
}
