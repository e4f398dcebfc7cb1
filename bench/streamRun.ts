// The recorded run of figure 1: 20,000 text deltas with 200 tool events and member responses, as raw frames.

const DELTAS = Number(process.env.BENCH_DELTAS ?? 20_000);
const TOOL_EVENTS = 200;
const MEMBER_EVERY = 2_000;

export interface StreamRun {
  frames: string[];
  /** The reply text the deltas add up to. */
  text: string;
}

export function streamRun(): StreamRun {
  const frames = [JSON.stringify({ type: 'start', session_id: '6650f0c2a1b2c3d4e5f6bb01' })];
  let text = '';
  const toolEvery = Math.floor(DELTAS / TOOL_EVENTS);
  for (let i = 0; i < DELTAS; i++) {
    // Plain words and a paragraph break now and then: what the user copies is exactly what was streamed.
    const delta = i % 50 === 49 ? `word${i}.\n\n` : `word${i} `;
    text += delta;
    frames.push(JSON.stringify({ type: 'chunk', content: delta }));
    if (i % toolEvery === 0) {
      const n = i / toolEvery;
      const call = Math.floor(n / 2);
      const tool = { tool_call_id: `call_${call}`, tool_name: 'search_nodes', tool_args: { query: `step ${call}` } };
      frames.push(
        JSON.stringify(
          n % 2 === 0
            ? { type: 'chunk', event: 'ToolCallStarted', active_tool: tool }
            : {
                type: 'chunk',
                event: 'ToolCallCompleted',
                active_tool: { ...tool, result: `found ${call}`, metrics: { time: 0.1 } },
              },
        ),
      );
    }
    if (i % MEMBER_EVERY === MEMBER_EVERY - 1) {
      const member = {
        member_id: `m${i}`,
        member_name: 'Workflow Builder',
        content: `Built part ${i}.`,
        model: 'builtin',
      };
      frames.push(JSON.stringify({ type: 'chunk', member_responses: [member] }));
    }
  }
  frames.push(JSON.stringify({ type: 'end', session_id: '6650f0c2a1b2c3d4e5f6bb01', done: true }));
  return { frames, text: text.trim() };
}
