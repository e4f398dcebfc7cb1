// The optimised history merge gives exactly what a plain, unoptimised transcription of SPEC §4 gives, on random input.
import fc from 'fast-check';
import type { MemberResponse, StoredMessage, ToolCall } from '../../../contract/types';
import type { ChatMessage } from '../../../src/features/chat/chatTypes';
import { mergeHistory, stripUuids } from '../../../src/features/chat/historyMerge';
import { memberKey, mergeTool } from '../../../src/features/chat/liveRun';

interface RefItem {
  index: number;
  id: string;
  sender: 'user' | 'team';
  role: string;
  time: number;
  content: string;
  key: string;
  tools: ToolCall[];
  members: MemberResponse[];
  fileIds: string[];
}

function refTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? (value >= 1e11 ? value : value * 1000) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const numeric = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (Number.isFinite(numeric)) return numeric >= 1e11 ? numeric : numeric * 1000;
  const zoneless = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  const ms = Date.parse(zoneless ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(ms) ? null : ms;
}

/** A whole uuid not glued to a word character, with the spaces or tabs before it; code spans and blocks keep theirs. */
function refStrip(text: string): string {
  const uuid = /[ \t]*(?<!\w)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
  return text
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(uuid, '')))
    .join('')
    .trim();
}

function refOverlaps(a: RefItem, b: RefItem): boolean {
  if (a.key === '' || b.key === '') return false;
  const [shorter, longer] = a.key.length <= b.key.length ? [a.key, b.key] : [b.key, a.key];
  return shorter === longer || (shorter.length * 2 >= longer.length && longer.includes(shorter));
}

function refMergeInto(target: RefItem, from: RefItem): void {
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
    if (!target.members.some((m) => memberKey(m) === memberKey(member) && m.content === member.content))
      target.members.push(member);
  }
  for (const fileId of from.fileIds) if (!target.fileIds.includes(fileId)) target.fileIds.push(fileId);
}

/** Team replies are matched by an identical text seen earlier in the turn, else against the last four replies. */
function referenceMerge(messages: readonly StoredMessage[]): ChatMessage[] {
  const items: RefItem[] = [];
  let lastTime = 0;
  messages.forEach((m, index) => {
    if (m.role === 'system') return;
    lastTime = refTime(m.created_at) ?? lastTime;
    const content = refStrip(typeof m.content === 'string' ? m.content : '');
    const key = content.replace(/\s+/g, ' ').trim().toLowerCase();
    const sender = m.role === 'user' ? 'user' : 'team';
    const copy = <T>(list: T[] | undefined) => [...(list ?? [])];
    const tools = copy(m.tool_calls);
    items.push({
      index,
      id: m.id ?? `history-${index}`,
      sender,
      role: m.role,
      time: lastTime,
      content,
      key,
      tools,
      members: copy(m.member_responses),
      fileIds: copy(m.file_ids),
    });
  });
  const order = (item: RefItem) => (item.sender === 'user' ? item.time - 1000 : item.time);
  items.sort(
    (a, b) => order(a) - order(b) || (a.sender === b.sender ? 0 : a.sender === 'user' ? -1 : 1) || a.index - b.index,
  );
  const out: RefItem[] = [];
  let turn: RefItem[] = [];
  let seen: Array<[string, RefItem]> = [];
  for (const item of items) {
    const previous = out[out.length - 1];
    if (item.sender === 'user') {
      if (previous?.sender === 'user' && refOverlaps(previous, item)) refMergeInto(previous, item);
      else {
        out.push(item);
        turn = [];
        seen = [];
      }
      continue;
    }
    const same = item.key === '' ? undefined : seen.findLast(([key]) => key === item.key)?.[1];
    const match =
      same ??
      turn
        .slice(-4)
        .findLast((e) => refOverlaps(e, item) || (e.role !== item.role && (e.key === '' || item.key === '')));
    const target = match ?? item;
    if (match) refMergeInto(match, item);
    else {
      out.push(item);
      turn.push(item);
    }
    if (target.key !== '') seen.push([target.key, target]);
  }
  return out.map((item) => {
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
  });
}

const uuid = fc.uuid().chain((id) => fc.constantFrom(id, id.toUpperCase()));
const piece = fc.oneof(
  fc.constantFrom(
    'Hello',
    'hello',
    'HELLO there',
    'Done.',
    'Plan ready',
    'x',
    'naïve Ünïcode',
    'İstanbul',
    '```',
    '`',
    'a-b',
  ),
  fc.constantFrom(' ', '  ', '\n', '\n\n', '\t', ' \t ', '\r\n', '\u00a0', '\u2028', '\ufeff', '\v'),
  uuid,
  uuid.map((id) => `\`${id}\``),
  uuid.map((id) => `\`\`\`json\n{"id": "${id}"}\n\`\`\``),
  fc.string({ maxLength: 6 }),
);
const content = fc.oneof(
  fc.constant(''),
  fc.array(piece, { maxLength: 10 }).map((parts) => parts.join('')),
);
const time = fc.oneof(
  fc.integer({ min: 1767268800, max: 1767268830 }),
  fc.integer({ min: 1767268800, max: 1767268830 }).map((s) => `${s}`),
  fc.integer({ min: 1767268800000, max: 1767268830000 }),
  fc.integer({ min: 1767268800000, max: 1767268830000 }).map((ms) => new Date(ms).toISOString()),
  fc
    .integer({ min: 1767268800000, max: 1767268830000 })
    .map((ms) => new Date(ms).toISOString().replace('Z', '').replace('T', ' ')),
  fc.constantFrom('', 'not a time', ' 1767268801 ', '1767268801.5'),
);
const tool = fc.record({
  tool_call_id: fc.constantFrom('t1', 't2', 't3'),
  tool_name: fc.constantFrom('search', 'http'),
  result: fc.option(fc.constantFrom('ok', 'failed'), { nil: undefined }),
});
const member = fc.record({
  member_name: fc.constantFrom('Researcher', 'Writer'),
  content: fc.constantFrom('a', 'b', 'Found it'),
});
const message = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 4 }),
    role: fc.constantFrom('user', 'assistant', 'team_response', 'system') as fc.Arbitrary<StoredMessage['role']>,
    content,
    created_at: time,
    tool_calls: fc.array(tool, { maxLength: 3 }) as fc.Arbitrary<ToolCall[]>,
    member_responses: fc.array(member, { maxLength: 2 }) as fc.Arbitrary<MemberResponse[]>,
    file_ids: fc.array(fc.constantFrom('f1', 'f2'), { maxLength: 2 }),
  },
  { requiredKeys: ['role', 'content', 'created_at'] },
);

describe('history merge against a plain reference (SPEC §4)', () => {
  it('strips uuids like the reference around code blocks, code spans, line breaks, glued words and repeats', () => {
    const part = fc.oneof(piece, fc.constantFrom('`', '``', '```', '\n', 'a', '_', '-', '0', ' \t'));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 16 }), (parts) => {
        const text = parts.join('');
        expect(stripUuids(text)).toBe(refStrip(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the same messages as the reference on random sessions with uuids, code, spacing, case and overlaps', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), (messages) => {
        expect(mergeHistory(messages)).toEqual(referenceMerge(messages));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same messages as the reference when replies repeat, grow and pair up within turns', () => {
    const reply = fc.constantFrom(
      'The plan is ready',
      'the  plan is\nready',
      ' THE plan \t is\r\n ready ',
      'The plan is ready, with two steps',
      'the plan is ready, with\u00a0two steps 3f2b8c1e-9a4d-4b6e-8f00-123456789abc',
      'The plan',
      'İ plan',
      'i̇ plan',
      '',
    );
    const turnMessage = fc.record({
      role: fc.constantFrom('user', 'assistant', 'team_response') as fc.Arbitrary<StoredMessage['role']>,
      content: reply,
      created_at: time,
    });
    fc.assert(
      fc.property(fc.array(turnMessage, { maxLength: 30 }), (messages) => {
        expect(mergeHistory(messages)).toEqual(referenceMerge(messages));
      }),
      { numRuns: 2000 },
    );
  });
});
