// Number inputs of SPEC §5: out-of-range values clamp, unreadable ones fall back to the field's default.
function clampInt(raw: string | number, min: number, max: number, fallback: number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

export const historyRuns = (raw: string | number) => clampInt(raw, 1, 10, 3);
export const reasoningMinSteps = (raw: string | number) => clampInt(raw, 1, 20, 1);
export const reasoningMaxSteps = (raw: string | number) => clampInt(raw, 1, 20, 10);

/** Tool Call Limit: empty means no limit (null); otherwise a whole number of at least 0. */
export function toolCallLimit(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' && raw.trim() === '') return null;
  const n = typeof raw === 'number' ? raw : Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) return null;
  return Math.max(0, Math.trunc(n));
}
