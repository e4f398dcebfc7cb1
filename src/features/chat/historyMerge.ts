// Stored session messages → the chat's message list (SPEC §4 history merge), in O(n log n) for long sessions.
import type { MemberResponse, ReplyFile, ReplyWorkflow, StoredMessage, ToolCall } from '../../../contract/types';
import { replyFilesOf } from '../../../contract/parseFrame';
import type { ChatMessage } from './chatTypes';
import { foldText, TurnReplies } from './historyMergeTurn';
import { stripUuids } from './historyMergeUuids';
import { memberKey, mergeTool } from './liveRun';

export { stripUuids };

/** A user message this close before or after a team message is shown first (SPEC §9 time-merge window). */
const TIME_MERGE_WINDOW_MS = 1000;
/** How many earlier replies of the same turn a reply is compared with for duplicates. */
const LOOKBACK = 4;
const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

interface Item {
  index: number;
  id: string;
  sender: 'user' | 'team';
  role: StoredMessage['role'];
  time: number;
  /** The time it is sorted by: a user message counts the window earlier, so it goes first within 1 s. */
  order: number;
  content: string;
  /** Folded content, worked out the first time the reply is compared. */
  key: string | undefined;
  tools: ToolCall[];
  members: MemberResponse[];
  fileIds: string[];
  workflow: ReplyWorkflow | undefined;
  files: ReplyFile[];
}

/** created_at as an ISO string (zone-less means UTC) or epoch seconds, as a string or a number; ms or null. */
export function parseCreatedAt(value: unknown): number | null {
  const numeric =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (Number.isFinite(numeric)) return numeric >= 1e11 ? numeric : numeric * 1000;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const ms = Date.parse(ISO_WITHOUT_ZONE.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(ms) ? null : ms;
}

function keyOf(item: Item): string {
  item.key ??= foldText(item.content);
  return item.key;
}

/** The folded text an item had when it was recorded, reusing its own if its content is still the same. */
function foldedAt(content: string, item: Item): string {
  return content === item.content ? keyOf(item) : foldText(content);
}

/** Identical after folding, or one contains the other and is at least half its length. Content is trimmed already. */
function overlaps(a: Item, b: Item): boolean {
  if (a.content === '' || b.content === '') return false;
  if (a.content === b.content) return true;
  const x = keyOf(a);
  const y = keyOf(b);
  if (x === y) return true;
  const [shorter, longer] = x.length <= y.length ? [x, y] : [y, x];
  return shorter.length * 2 >= longer.length && longer.includes(shorter);
}

/** The assistant message and the team_response of one reply, or an empty reply beside its filled twin. */
function pairs(a: Item, b: Item): boolean {
  return a.role !== b.role && (a.content === '' || b.content === '');
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
  target.workflow ??= from.workflow;
  if (!target.files.length) target.files = from.files;
}

/** A stored message's workflow field when it is one (nodes and connections); another server's shape is ignored. */
function workflowData(value: unknown): ReplyWorkflow | undefined {
  const data = value as Partial<ReplyWorkflow> | null | undefined;
  const wf = data?.workflow;
  if (!wf || !Array.isArray(wf.nodes) || typeof wf.connections !== 'object' || wf.connections === null)
    return undefined;
  const url = typeof data.url === 'string' && /^https?:\/\//i.test(data.url) ? data.url : null;
  return { workflow: wf, url };
}

function toItems(messages: readonly StoredMessage[]): Item[] {
  const items: Item[] = [];
  let lastTime = 0;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role === 'system') continue;
    const time = parseCreatedAt(message.created_at) ?? lastTime;
    lastTime = time;
    const sender = message.role === 'user' ? 'user' : 'team';
    items.push({
      index,
      id: message.id ?? `history-${index}`,
      sender,
      role: message.role,
      time,
      order: sender === 'user' ? time - TIME_MERGE_WINDOW_MS : time,
      content: stripUuids(typeof message.content === 'string' ? message.content : ''),
      key: undefined,
      tools: message.tool_calls ? [...message.tool_calls] : [],
      members: message.member_responses ? [...message.member_responses] : [],
      fileIds: message.file_ids ? [...message.file_ids] : [],
      workflow: workflowData(message.workflow),
      files: replyFilesOf(message.files),
    });
  }
  return items;
}

/** Ordered by time, users first on a tie, then as stored. */
function byOrder(a: Item, b: Item): number {
  return a.order - b.order || (a.sender === b.sender ? 0 : a.sender === 'user' ? -1 : 1) || a.index - b.index;
}

/** The latest of the last few replies of the turn that this reply repeats, overlaps or pairs with. */
function recentMatch(turn: readonly Item[], item: Item): Item | undefined {
  for (let i = turn.length - 1; i >= Math.max(0, turn.length - LOOKBACK); i--) {
    const earlier = turn[i]!;
    if (overlaps(earlier, item) || pairs(earlier, item)) return earlier;
  }
  return undefined;
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
  if (item.workflow) message.workflow = item.workflow;
  if (item.files.length > 0) message.files = item.files;
  return message;
}

export function mergeHistory(messages: readonly StoredMessage[]): ChatMessage[] {
  const sorted = toItems(messages).sort(byOrder);
  const out: Item[] = [];
  let turn: Item[] = [];
  let seen = new TurnReplies<Item>(foldedAt);
  let turnStart = 0;
  for (let i = 0; i < sorted.length; i++) {
    const item = sorted[i]!;
    const previous = out[out.length - 1];
    if (item.sender === 'user') {
      if (previous?.sender === 'user' && overlaps(previous, item)) {
        mergeInto(previous, item);
        continue;
      }
      out.push(item);
      // Folded copies of a finished turn are never compared again; dropped now, they die young instead of being kept.
      for (let j = turnStart; j < i; j++) sorted[j]!.key = undefined;
      turnStart = i;
      turn = [];
      seen = new TurnReplies(foldedAt);
      continue;
    }
    const match =
      (item.content !== '' ? seen.get(item.content, () => keyOf(item)) : undefined) ?? recentMatch(turn, item);
    if (match) {
      mergeInto(match, item);
      if (match.content !== '') seen.set(match.content, match);
      continue;
    }
    out.push(item);
    turn.push(item);
    if (item.content !== '') seen.set(item.content, item);
  }
  return out.map(toMessage);
}
