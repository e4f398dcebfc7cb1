// Redux DevTools options that keep the extension usable: big payloads summarised, high-frequency actions hidden.
import type { Action } from '@reduxjs/toolkit';
import { highFrequencyStreamActionTypes } from '../services/socket/socketActions';

const LARGE_PAYLOAD_CHARS = 20_000;

/** Actions that fire many times a second (stream deltas, upload progress) and would drown the log. */
export const actionsDenylist = [...highFrequencyStreamActionTypes, 'uploads/progressed'];

function size(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function summary(value: unknown): string {
  const kind = Array.isArray(value) ? `array of ${value.length}` : typeof value;
  return `<<LARGE PAYLOAD: ${kind}, about ${size(value)} characters>>`;
}

export function actionSanitizer<A extends Action>(action: A): A {
  const payload = (action as { payload?: unknown }).payload;
  if (payload !== undefined && size(payload) > LARGE_PAYLOAD_CHARS) {
    return { ...action, payload: summary(payload) };
  }
  return action;
}

/** Replaces each large cached API answer by a summary; everything else stays inspectable. */
export function stateSanitizer<S>(state: S): S {
  const api = (state as { api?: { queries?: Record<string, { data?: unknown } | undefined> } }).api;
  if (!api?.queries) return state;
  const queries = Object.fromEntries(
    Object.entries(api.queries).map(([key, entry]) =>
      entry && size(entry.data) > LARGE_PAYLOAD_CHARS ? [key, { ...entry, data: summary(entry.data) }] : [key, entry],
    ),
  );
  return { ...state, api: { ...api, queries } };
}

export const devToolsOptions = { actionSanitizer, stateSanitizer, actionsDenylist, name: 'Agent Team Studio' };
