// SPEC §5 attachment rules as pure functions: 10 MB each, one toast line per oversize file, same name+size ignored.

const MAX_ATTACHMENT_BYTES = 10_485_760;
/** SPEC §9: a failed file's progress (-1) resets after this pause. */
export const UPLOAD_FAILURE_RESET_MS = 2000;

interface Sized {
  name: string;
  size: number;
}

const tooLargeLine = (name: string) => `• ${name} is too large (max 10MB)`;

/** The files to add (oversize and already attached ones left out) and the toast lines for the oversize ones. */
export function screenFiles<F extends Sized>(
  incoming: readonly F[],
  attached: readonly Sized[],
): { accepted: F[]; tooLarge: string[] } {
  const seen = new Set(attached.map((f) => `${f.name}\u0000${f.size}`));
  const accepted: F[] = [];
  const tooLarge: string[] = [];
  for (const file of incoming) {
    if (file.size > MAX_ATTACHMENT_BYTES) {
      tooLarge.push(tooLargeLine(file.name));
      continue;
    }
    const key = `${file.name}\u0000${file.size}`;
    if (seen.has(key)) continue;
    seen.add(key);
    accepted.push(file);
  }
  return { accepted, tooLarge };
}
