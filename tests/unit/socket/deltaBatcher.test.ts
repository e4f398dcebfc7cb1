import type { UnknownAction } from '@reduxjs/toolkit';
import { createDeltaBatcher } from '../../../src/services/socket/deltaBatcher';
import { textDelta, toolStarted } from '../../../src/services/socket/socketActions';
import { manualScheduler } from '../chat/makeChatStore';

function batcher() {
  const scheduler = manualScheduler();
  const dispatched: UnknownAction[] = [];
  const batch = createDeltaBatcher('run-1', scheduler, (action) => dispatched.push(action));
  return { batch, scheduler, dispatched };
}

const tool = { tool_call_id: 't1', tool_name: 'search', tool_args: {} };

describe('the delta batcher', () => {
  it('dispatches the deltas of one animation frame as one textDelta, and nothing before the frame', () => {
    const { batch, scheduler, dispatched } = batcher();
    for (let i = 0; i < 50; i += 1) batch.text(`w${i} `);
    expect(dispatched).toEqual([]);
    expect(scheduler.pending()).toBe(1);
    scheduler.frame();
    const text = Array.from({ length: 50 }, (_, i) => `w${i} `).join('');
    expect(dispatched).toEqual([textDelta({ runId: 'run-1', text })]);
  });

  it('keeps an event between the text before it and the text after it', () => {
    const { batch, scheduler, dispatched } = batcher();
    const started = toolStarted({ runId: 'run-1', tool });
    batch.text('Looking ');
    batch.event(started);
    batch.text('it ');
    batch.text('up');
    scheduler.frame();
    expect(dispatched).toEqual([
      textDelta({ runId: 'run-1', text: 'Looking ' }),
      started,
      textDelta({ runId: 'run-1', text: 'it up' }),
    ]);
  });

  it('flushes what it holds at once on flush (the end of a run) and cancels the pending frame', () => {
    const { batch, scheduler, dispatched } = batcher();
    batch.text('Done');
    batch.flush();
    expect(dispatched).toEqual([textDelta({ runId: 'run-1', text: 'Done' })]);
    expect(scheduler.pending()).toBe(0);
    batch.flush();
    expect(dispatched).toHaveLength(1);
  });
});
