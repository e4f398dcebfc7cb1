// A stored session as the server returns it, with the overlaps real histories have (SPEC §4 merge input).
import type { StoredMessage, ToolCall } from '../contract/types';

/** A small seeded generator, so every run of the benchmark merges the same session. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'fetch the sales report post summary to slack every monday workflow node webhook schedule trigger json'.split(' ');

function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
}

function uuid(next: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;
}

/** The stored time in one of the shapes servers send: ISO with zone, ISO without zone, epoch seconds, as a string. */
function storedTime(ms: number, shape: number): StoredMessage['created_at'] {
  if (shape === 0) return new Date(ms).toISOString();
  if (shape === 1) return new Date(ms).toISOString().replace('Z', '');
  if (shape === 2) return ms / 1000;
  return String(Math.floor(ms / 1000));
}

/**
 * About `count` messages in turns of: user message (sometimes stored twice), an assistant message that is empty, cut
 * short (a prefix of the reply, as an interrupted stream leaves it) or carries the reply with tool calls, the
 * team_response with the same reply plus a run uuid (sometimes with other line endings, or stored before the
 * assistant message), and now and then a repeated team_response; a system message every so often; and a user
 * message whose clock ran up to 1 s ahead of the reply it asked for.
 */
export function storedSession(count: number, seed = 7): StoredMessage[] {
  const next = random(seed);
  const messages: StoredMessage[] = [];
  let clock = Date.UTC(2026, 0, 1);
  for (let turn = 0; messages.length < count; turn++) {
    clock += 30_000 + Math.floor(next() * 120_000);
    const shape = Math.floor(next() * 4);
    const ask = `${sentence(next, 6 + Math.floor(next() * 20))} ${turn}`;
    const replyAt = clock + 500 + Math.floor(next() * 1500);
    const askedAt = next() < 0.05 ? replyAt + Math.floor(next() * 800) : clock;
    messages.push({ id: `u-${turn}`, role: 'user', content: ask, created_at: storedTime(askedAt, shape) });
    if (next() < 0.1)
      messages.push({
        id: `u-${turn}-again`,
        role: 'user',
        content: ask,
        created_at: storedTime(askedAt + 150, shape),
      });
    if (next() < 0.05)
      messages.push({
        id: `s-${turn}`,
        role: 'system',
        content: 'You are a helpful team.',
        created_at: storedTime(clock, 0),
      });
    const reply = `${sentence(next, 40 + Math.floor(next() * 200))}\n\n\`\`\`json\n{"id": "${uuid(next)}"}\n\`\`\``;
    const tools: ToolCall[] = Array.from({ length: Math.floor(next() * 3) }, (_, i) => ({
      tool_call_id: `t-${turn}-${i}`,
      tool_name: 'search',
      tool_args: { query: ask },
      result: 'ok',
    }));
    const assistantKind = next();
    const assistantText =
      assistantKind < 0.4
        ? ''
        : assistantKind < 0.55
          ? reply.slice(0, Math.ceil(reply.length * (0.6 + next() * 0.3)))
          : reply;
    const assistant: StoredMessage = {
      id: `a-${turn}`,
      role: 'assistant',
      content: assistantText,
      created_at: storedTime(replyAt, shape),
      tool_calls: tools,
    };
    const response: StoredMessage = {
      id: `r-${turn}`,
      role: 'team_response',
      content: `${next() < 0.1 ? reply.replaceAll('\n', '\r\n') : reply} ${uuid(next)}`,
      created_at: storedTime(replyAt + 10, shape),
      member_responses: [{ member_name: 'Researcher', content: sentence(next, 30) }],
    };
    if (next() < 0.1) messages.push(response, assistant);
    else messages.push(assistant, response);
    if (next() < 0.1) messages.push({ ...response, id: `r-${turn}-again` });
  }
  return messages.slice(0, count);
}
