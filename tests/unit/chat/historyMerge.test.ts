import fc from 'fast-check';
import type { StoredMessage } from '../../../contract/types';
import { mergeHistory, parseCreatedAt, stripUuids } from '../../../src/features/chat/historyMerge';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds)).toISOString();

describe('history merge (SPEC §4)', () => {
  it('orders messages by time', () => {
    const merged = mergeHistory([
      { role: 'assistant', content: 'Second answer', created_at: at(30) },
      { role: 'user', content: 'First question', created_at: at(0) },
      { role: 'assistant', content: 'First answer', created_at: at(5) },
      { role: 'user', content: 'Second question', created_at: at(20) },
    ]);
    expect(merged.map((m) => m.content)).toEqual([
      'First question',
      'First answer',
      'Second question',
      'Second answer',
    ]);
  });

  it("keeps the files a stored reply carries (the team's saved files)", () => {
    const file = { file_id: 'f1', original_filename: 'report.md', size: 10, content_type: 'text/markdown' };
    const merged = mergeHistory([
      { role: 'user', content: 'Write a report', created_at: at(0) },
      { role: 'team_response', content: 'Saved it.', created_at: at(5), file_ids: ['f1'], files: [file] },
    ]);
    expect(merged[1]).toMatchObject({ content: 'Saved it.', fileIds: ['f1'], files: [file] });
    expect(merged[0]!.files).toBeUndefined();
  });

  it('puts a user message before a team message stored within 1 s before it', () => {
    const merged = mergeHistory([
      { role: 'assistant', content: 'Reply', created_at: '2026-01-01T12:00:00.200Z' },
      { role: 'user', content: 'Question', created_at: '2026-01-01T12:00:01.100Z' },
    ]);
    expect(merged.map((m) => m.sender)).toEqual(['user', 'team']);
  });

  it('keeps a team message first when the user message came more than 1 s later', () => {
    const merged = mergeHistory([
      { role: 'assistant', content: 'Welcome', created_at: '2026-01-01T12:00:00.000Z' },
      { role: 'user', content: 'Question', created_at: '2026-01-01T12:00:01.500Z' },
    ]);
    expect(merged.map((m) => m.sender)).toEqual(['team', 'user']);
  });

  it('treats replies that differ only in spacing, line breaks, tabs or case as one reply', () => {
    const merged = mergeHistory([
      { role: 'user', content: 'Question', created_at: at(0) },
      { role: 'assistant', content: 'Step one:\n\n  fetch  the data\tthen post it', created_at: at(2) },
      { role: 'team_response', content: 'step one: fetch the data then post it', created_at: at(3) },
      { role: 'team_response', content: 'Step one:\r\nfetch the\u00a0data then post it', created_at: at(4) },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[1]!.content).toBe('Step one:\n\n  fetch  the data\tthen post it');
  });

  it('reads created_at as ISO text, zone-less ISO (UTC), or epoch seconds as a number or a string', () => {
    expect(parseCreatedAt('2026-01-01T12:00:00Z')).toBe(Date.UTC(2026, 0, 1, 12));
    expect(parseCreatedAt('2026-01-01T12:00:00.123456')).toBe(Date.UTC(2026, 0, 1, 12, 0, 0, 123));
    expect(parseCreatedAt(1767268800)).toBe(Date.UTC(2026, 0, 1, 12));
    expect(parseCreatedAt('1767268800.5')).toBe(Date.UTC(2026, 0, 1, 12, 0, 0, 500));
    expect(parseCreatedAt('yesterday')).toBeNull();
    const merged = mergeHistory([
      { role: 'assistant', content: 'Later', created_at: 1767268810 },
      { role: 'user', content: 'Earlier', created_at: '1767268790' },
    ]);
    expect(merged.map((m) => [m.content, m.timestamp])).toEqual([
      ['Earlier', '2026-01-01T11:59:50.000Z'],
      ['Later', '2026-01-01T12:00:10.000Z'],
    ]);
  });

  it('merges a team_response with the matching assistant message, keeping tools and member responses', () => {
    const merged = mergeHistory([
      { role: 'user', content: 'Build it', created_at: at(0) },
      {
        role: 'assistant',
        content: 'Here is your workflow.',
        created_at: at(10),
        tool_calls: [{ tool_call_id: 't1', tool_name: 'build', tool_args: {}, result: 'ok' }],
      },
      {
        role: 'team_response',
        content: 'Here is your workflow.',
        created_at: at(10),
        member_responses: [{ member_name: 'Builder', content: 'Built' }],
      },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[1]).toMatchObject({
      sender: 'team',
      content: 'Here is your workflow.',
      tools: [{ tool_call_id: 't1' }],
      memberResponses: [{ member_name: 'Builder' }],
    });
  });

  it('merges an empty team_response into the assistant message of the same turn', () => {
    const merged = mergeHistory([
      { role: 'user', content: 'Go', created_at: at(0) },
      { role: 'assistant', content: 'Done.', created_at: at(4) },
      { role: 'team_response', content: '', created_at: at(5), member_responses: [{ member_name: 'A', content: 'x' }] },
    ]);
    expect(merged.map((m) => [m.content, m.memberResponses?.length ?? 0])).toEqual([
      ['Go', 0],
      ['Done.', 1],
    ]);
  });

  it('removes identical and heavily overlapping duplicates, keeping the fuller text', () => {
    const merged = mergeHistory([
      { role: 'user', content: 'Make a Slack bot', created_at: at(0) },
      { role: 'user', content: 'Make a Slack bot', created_at: at(1) },
      { role: 'assistant', content: 'The bot posts a daily summary', created_at: at(5) },
      { role: 'assistant', content: 'The bot posts a daily summary to #general.', created_at: at(6) },
      { role: 'assistant', content: 'The  bot posts a daily summary', created_at: at(7) },
    ]);
    expect(merged.map((m) => m.content)).toEqual(['Make a Slack bot', 'The bot posts a daily summary to #general.']);
  });

  it('keeps the same short answer in different turns and different replies in one turn', () => {
    const merged = mergeHistory([
      { role: 'user', content: 'Continue?', created_at: at(0) },
      { role: 'assistant', content: 'Yes', created_at: at(2) },
      { role: 'user', content: 'Again?', created_at: at(10) },
      { role: 'assistant', content: 'Yes', created_at: at(12) },
      { role: 'assistant', content: 'Also: a totally different note', created_at: at(13) },
    ]);
    expect(merged.map((m) => m.content)).toEqual([
      'Continue?',
      'Yes',
      'Again?',
      'Yes',
      'Also: a totally different note',
    ]);
  });

  it('strips whole uuids in any case with the spaces or tabs before them, but not uuids glued to a word or longer ids', () => {
    const id = '3f2b8c1e-9a4d-4b6e-8f00-123456789abc';
    expect(stripUuids(`Run \t${id.toUpperCase()} and ${id}, done`)).toBe('Run and, done');
    expect(stripUuids(`run${id} ${id}d ${id}-9a4d`)).toBe(`run${id} ${id}d-9a4d`);
    expect(stripUuids(`${id}${id}`)).toBe(`${id}${id}`);
  });

  it('strips uuid strings outside code and skips system messages', () => {
    expect(stripUuids('Run 3f2b8c1e-9a4d-4b6e-8f00-123456789abc finished')).toBe('Run finished');
    const code = '```json\n{"id": "3f2b8c1e-9a4d-4b6e-8f00-123456789abc"}\n```';
    expect(
      stripUuids(
        `Workflow 3f2b8c1e-9a4d-4b6e-8f00-123456789abc:\n${code}\nNode \`3f2b8c1e-9a4d-4b6e-8f00-123456789abc\``,
      ),
    ).toBe(`Workflow:\n${code}\nNode \`3f2b8c1e-9a4d-4b6e-8f00-123456789abc\``);
    const merged = mergeHistory([
      { role: 'system', content: 'You are a team', created_at: at(0) },
      { role: 'assistant', content: 'Session 3F2B8C1E-9A4D-4B6E-8F00-123456789ABC ready', created_at: at(1) },
    ]);
    expect(merged.map((m) => m.content)).toEqual(['Session ready']);
  });

  // Its speed is figure 2 of `npm run bench`, not a timed assertion here.
  it('merges 10,000 reversed messages back into question-then-answer order', () => {
    const messages: StoredMessage[] = [];
    for (let i = 0; i < 5000; i += 1) {
      messages.push({
        role: 'user',
        content: `Question number ${i} about workflow ${i % 97}`,
        created_at: 1767268800 + i * 10,
      });
      messages.push({
        role: 'assistant',
        content: `Answer ${i}: ${'detail '.repeat(20)}`,
        created_at: 1767268800 + i * 10 + 0.5,
      });
    }
    messages.reverse();
    const merged = mergeHistory(messages);
    expect(merged).toHaveLength(10000);
    expect(merged[0]?.content).toBe('Question number 0 about workflow 0');
    expect(merged[9999]?.content).toMatch(/^Answer 4999:/);
  });
});

describe('history merge properties', () => {
  const message = fc.record({
    role: fc.constantFrom('user', 'assistant', 'team_response', 'system') as fc.Arbitrary<StoredMessage['role']>,
    content: fc.oneof(fc.constantFrom('', 'Hello', 'Hello there', 'Done.', 'Plan ready'), fc.string({ maxLength: 20 })),
    created_at: fc.oneof(
      fc.integer({ min: 1767268800, max: 1767268900 }),
      fc.integer({ min: 1767268800, max: 1767268900 }).map(String),
      fc.integer({ min: 1767268800000, max: 1767268900000 }).map((ms) => new Date(ms).toISOString()),
    ),
  });

  it('never grows, drops system messages, and orders by time with users first within 1 s', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 40 }), (messages) => {
        const merged = mergeHistory(messages);
        expect(merged.length).toBeLessThanOrEqual(messages.filter((m) => m.role !== 'system').length);
        const key = (m: (typeof merged)[number]) => Date.parse(m.timestamp) - (m.sender === 'user' ? 1000 : 0);
        for (let i = 1; i < merged.length; i += 1) {
          const previous = merged[i - 1]!;
          const current = merged[i]!;
          expect(key(previous)).toBeLessThanOrEqual(key(current));
        }
      }),
    );
  });
});
