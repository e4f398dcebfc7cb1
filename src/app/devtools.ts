// Redux DevTools sanitizers: no token, credential value or secret ever reaches the extension, big payloads are
// summarised, high-frequency actions are kept out of the log. Used in development (RTK's DevTools) and in production
// (devtoolsConnection.ts), and by the support snapshot.
import type { Action } from '@reduxjs/toolkit';
import { redactSecrets } from '../../contract/redact';
import { highFrequencyStreamActionTypes, perFrameStreamActionTypes } from '../services/socket/socketActions';

const LARGE_PAYLOAD_CHARS = 20_000;

/** Actions that fire many times a second (stream deltas, upload progress) and would drown the log. */
export const actionsDenylist = [...highFrequencyStreamActionTypes, 'uploads/progressed'];

/** What the production DevTools log collapses into one entry per window: every per-frame action of a run. */
export const collapsedActionTypes = [...perFrameStreamActionTypes, 'uploads/progressed'];

/** About how many characters `value` is as JSON, counting no further than `limit`. */
function roughSize(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') total += item.length + 2;
    else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        total += key.length + 4;
        stack.push(child);
      }
    } else total += 5;
  }
  return total;
}

function summary(value: unknown): string {
  const kind = Array.isArray(value) ? `array of ${value.length}` : typeof value;
  const size = roughSize(value, Number.POSITIVE_INFINITY);
  return `<<LARGE PAYLOAD: ${kind}, about ${size} characters>>`;
}

export function actionSanitizer<A extends Action>(action: A): A {
  const clean = redactSecrets(action);
  const payload = (clean as { payload?: unknown }).payload;
  if (payload !== undefined && roughSize(payload, LARGE_PAYLOAD_CHARS) > LARGE_PAYLOAD_CHARS) {
    return { ...clean, payload: summary(payload) };
  }
  return clean;
}

/** Secrets redacted, each large cached API answer replaced by a summary; everything else stays inspectable. */
export function stateSanitizer<S>(state: S): S {
  const clean = redactSecrets(state);
  const api = (clean as { api?: { queries?: Record<string, { data?: unknown } | undefined> } }).api;
  if (!api?.queries) return clean;
  const queries = Object.fromEntries(
    Object.entries(api.queries).map(([key, entry]) =>
      entry && roughSize(entry.data, LARGE_PAYLOAD_CHARS) > LARGE_PAYLOAD_CHARS
        ? [key, { ...entry, data: summary(entry.data) }]
        : [key, entry],
    ),
  );
  return { ...clean, api: { ...api, queries } };
}

export const devToolsOptions = { actionSanitizer, stateSanitizer, actionsDenylist, name: 'Agent Team Studio' };
