// Holds a run's stream actions until the next animation frame and dispatches them together, so React renders once.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { FrameScheduler } from './frameScheduler';
import { textDelta } from './socketActions';

export interface DeltaBatcher {
  /** A text delta: joins the text since the last event, dispatched as one `textDelta`. */
  text(text: string): void;
  /** A stream event (tool, member responses): follows the text before it, so the reply keeps its order. */
  event(action: UnknownAction): void;
  /** Dispatches what is held now, before an action that must come after it. */
  flush(): void;
}

export function createDeltaBatcher(
  runId: string,
  scheduler: FrameScheduler,
  dispatch: (action: UnknownAction) => void,
): DeltaBatcher {
  let pending: UnknownAction[] = [];
  let buffer = '';
  let handle: unknown = null;

  function closeText(): void {
    if (buffer === '') return;
    pending.push(textDelta({ runId, text: buffer }));
    buffer = '';
  }

  function flush(): void {
    if (handle !== null) scheduler.cancel(handle);
    handle = null;
    closeText();
    const actions = pending;
    pending = [];
    for (const action of actions) dispatch(action);
  }

  function schedule(): void {
    if (handle !== null) return;
    handle = scheduler.request(() => {
      handle = null;
      flush();
    });
  }

  return {
    text(text) {
      buffer += text;
      schedule();
    },
    event(action) {
      closeText();
      pending.push(action);
      schedule();
    },
    flush,
  };
}
