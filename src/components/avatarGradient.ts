// SPEC §9 avatar gradients: 20 preset pairs picked by a string hash; blank and a few reserved names get the first (orange).

export const AVATAR_GRADIENTS: ReadonlyArray<readonly [string, string]> = [
  ['#f97316', '#c2410c'],
  ['#3b82f6', '#1d4ed8'],
  ['#10b981', '#047857'],
  ['#8b5cf6', '#6d28d9'],
  ['#ec4899', '#be185d'],
  ['#14b8a6', '#0f766e'],
  ['#ef4444', '#b91c1c'],
  ['#6366f1', '#4338ca'],
  ['#84cc16', '#4d7c0f'],
  ['#06b6d4', '#0e7490'],
  ['#d946ef', '#a21caf'],
  ['#f59e0b', '#b45309'],
  ['#0ea5e9', '#0369a1'],
  ['#22c55e', '#15803d'],
  ['#a855f7', '#7e22ce'],
  ['#f43f5e', '#be123c'],
  ['#64748b', '#334155'],
  ['#eab308', '#a16207'],
  ['#2563eb', '#1e3a8a'],
  ['#059669', '#064e3b'],
];

const RESERVED = new Set(['', 'undefined', 'login', 'brand', 'default']);

/** Index into AVATAR_GRADIENTS for a name: stable across sessions and machines (32-bit FNV-1a). */
export function gradientIndex(seed: string | null | undefined): number {
  const key = (seed ?? '').trim().toLowerCase();
  if (RESERVED.has(key)) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % AVATAR_GRADIENTS.length;
}

export function avatarGradient(seed: string | null | undefined): string {
  const [from, to] = AVATAR_GRADIENTS[gradientIndex(seed)] ?? AVATAR_GRADIENTS[0]!;
  return `linear-gradient(135deg, ${from}, ${to})`;
}
