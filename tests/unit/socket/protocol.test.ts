import { TextDecoder as NodeTextDecoder } from 'node:util';
import { parseFrame } from '../../../contract/parseFrame';
import { teamSocketUrl, wsBaseFrom } from '../../../src/services/socket/socketUrl';

describe('parseFrame', () => {
  it('reads a text chunk with defaults for the fields it leaves out', () => {
    expect(parseFrame('{"type":"chunk","content":"Hi"}')).toEqual({
      ok: true,
      frame: {
        type: 'chunk',
        event: null,
        content: 'Hi',
        tools: [],
        member_responses: [],
        done: false,
        stopped: false,
        session_id: null,
        team_id: null,
        run: null,
      },
    });
  });

  it('reads the run id and seq of a numbered frame, and the stopped mark of an end frame', () => {
    const result = parseFrame('{"type":"end","done":true,"stopped":true,"run_id":"r1","seq":42}');
    expect(result.ok && result.frame).toMatchObject({ type: 'end', stopped: true, run: { run_id: 'r1', seq: 42 } });
    for (const bad of ['"seq":0', '"seq":1.5', '"seq":"3"', '"seq":-2']) {
      const parsed = parseFrame(`{"type":"chunk","content":"x","run_id":"r1",${bad}}`);
      expect(parsed.ok && parsed.frame.run).toBeNull();
    }
    const unnamed = parseFrame('{"type":"chunk","content":"x","seq":3}');
    expect(unnamed.ok && unnamed.frame.run).toBeNull();
  });

  it('reads a tool event and takes the last listed tool when active_tool is missing', () => {
    const result = parseFrame({
      type: 'chunk',
      event: 'ToolCallStarted',
      tools: [
        { tool_call_id: 'a', tool_name: 'x' },
        { tool_call_id: 'b', tool_name: 'y', tool_args: { k: 1 } },
      ],
    });
    expect(
      result.ok &&
        result.frame.type === 'chunk' &&
        result.frame.event === 'ToolCallStarted' &&
        result.frame.active_tool,
    ).toEqual({
      tool_call_id: 'b',
      tool_name: 'y',
      tool_args: { k: 1 },
    });
  });

  it('turns structured tool output into JSON text', () => {
    const result = parseFrame({
      type: 'chunk',
      event: 'ToolCallCompleted',
      active_tool: { tool_call_id: 'a', tool_name: 'x', result: { vnc_url: 'http://h/vnc.html' } },
    });
    expect(
      result.ok &&
        result.frame.type === 'chunk' &&
        result.frame.event === 'ToolCallCompleted' &&
        result.frame.active_tool.result,
    ).toBe('{"vnc_url":"http://h/vnc.html"}');
  });

  it('treats any frame with an error field as an error frame', () => {
    expect(parseFrame({ type: 'chunk', error: 'boom', session_id: 's' })).toEqual({
      ok: true,
      frame: {
        type: 'error',
        structured: false,
        error: 'boom',
        error_code: null,
        message: null,
        detail: null,
        session_id: 's',
        team_id: null,
        run: null,
      },
    });
  });

  it('reads bytes as UTF-8 JSON', () => {
    // Browsers have TextDecoder; plain jsdom does not, so the test lends it Node's.
    globalThis.TextDecoder ??= NodeTextDecoder as unknown as typeof TextDecoder;
    const bytes = Uint8Array.from('{"type":"end","content":"ok"}', (c) => c.charCodeAt(0));
    const result = parseFrame(bytes.buffer);
    expect(result.ok && result.frame.type === 'end' && result.frame.content).toBe('ok');
  });

  it.each([
    ['text that is not JSON', 'not json', 'not-json'],
    ['a JSON array', '[1,2]', 'not-an-object'],
    ['an unknown type', '{"type":"progress"}', 'unknown-type'],
    ['a missing type', '{"content":"x"}', 'unknown-type'],
    ['an unknown event', '{"type":"chunk","event":"Teleported"}', 'unknown-event'],
    ['a tool event without a tool', '{"type":"chunk","event":"ToolCallCompleted"}', 'missing-fields'],
    [
      'a tool without an id',
      '{"type":"chunk","event":"ToolCallStarted","active_tool":{"tool_name":"x"}}',
      'missing-fields',
    ],
    ['content that is not text', '{"type":"chunk","content":5}', 'missing-fields'],
    [
      'a member response without content',
      '{"type":"chunk","member_responses":[{"member_name":"A"}]}',
      'missing-fields',
    ],
  ])('rejects %s', (_name, raw, kind) => {
    expect(parseFrame(raw)).toMatchObject({ ok: false, kind });
  });
});

describe('socket URL', () => {
  it('derives ws:// from a same-origin API base and wss:// on https pages', () => {
    expect(wsBaseFrom('/api/v1', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/v1');
    expect(wsBaseFrom('/api/v1/', { protocol: 'https:', host: 'app.example' })).toBe('wss://app.example/api/v1');
  });

  it('keeps the host of an absolute API base', () => {
    expect(wsBaseFrom('https://api.example/api/v1', { protocol: 'http:', host: 'x' })).toBe('wss://api.example/api/v1');
    expect(wsBaseFrom('http://127.0.0.1:8080/api/v1', { protocol: 'https:', host: 'x' })).toBe(
      'ws://127.0.0.1:8080/api/v1',
    );
  });

  it('adds token and session_id only when there are some, encoded', () => {
    expect(teamSocketUrl('ws://h/api/v1', 't 1', 'a&b', 's/1')).toBe(
      'ws://h/api/v1/teams/t%201/ws?token=a%26b&session_id=s%2F1',
    );
    expect(teamSocketUrl('ws://h/api/v1', 't1', null, null)).toBe('ws://h/api/v1/teams/t1/ws');
  });
});

describe('the files field of an end frame (docs/PROTOCOL.md)', () => {
  it('reads the files the team saved and drops entries of another shape or with an unsafe id', () => {
    const good = { file_id: 'f_1-a', original_filename: 'summary.md', size: 25, content_type: 'text/markdown' };
    const result = parseFrame({
      type: 'end',
      event: 'RunCompleted',
      done: true,
      files: [good, { file_id: '../x', original_filename: 'x', size: 1 }, { file_id: 'f2' }, 'f3'],
    });
    expect(result.ok && result.frame.type === 'end' && result.frame.files).toEqual([good]);
    const none = parseFrame({ type: 'end', event: 'RunCompleted', done: true, files: 'x' });
    expect(none.ok && none.frame.type === 'end' && none.frame.files).toBeUndefined();
  });
});

describe('the workflow field (docs/PROTOCOL.md)', () => {
  const workflow = { name: 'W', nodes: [{ name: 'Start', type: 'n8n-nodes-base.manualTrigger' }], connections: {} };

  it('reads the workflow a run built, with its link in the user’s n8n', () => {
    const result = parseFrame({ type: 'chunk', workflow: { workflow, url: 'https://n8n.example.com/workflow/7' } });
    expect(result.ok && result.frame.type === 'chunk' && result.frame.workflow).toEqual({
      workflow,
      url: 'https://n8n.example.com/workflow/7',
    });
  });

  it('keeps the frame but drops a workflow that is not one, and a link that is not http(s)', () => {
    const malformed = parseFrame({ type: 'end', workflow: { workflow: { nodes: 'x' } } });
    expect(malformed.ok && malformed.frame.type === 'end' && malformed.frame.workflow).toBeUndefined();
    const hostile = parseFrame({ type: 'chunk', workflow: { workflow, url: 'javascript:alert(1)' } });
    expect(hostile.ok && hostile.frame.type === 'chunk' && hostile.frame.workflow).toEqual({ workflow, url: null });
  });
});
