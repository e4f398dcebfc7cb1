// Removes run uuids from stored reply prose (SPEC §4), leaving code untouched and copying the text only when one goes.
/*
 * Hand-written scans instead of regexes: indexOf finds the rare '-' and '`' natively, which is several times faster
 * than a regex testing every character of megabytes of history. Semantics are those of these patterns:
 * uuid  /(?<!\w)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i (tails found left to right, not overlapping)
 * code  /```[\s\S]*?(?:```|$)|`[^`\n]*`/g
 */
const TAIL_LENGTH = 28;
const ONLY_SPACE = /^\s*$/;
const TAIL_GROUPS = [4, 4, 4, 12];

function isHex(code: number): boolean {
  const lower = code | 32;
  return (code >= 48 && code <= 57) || (lower >= 97 && lower <= 102);
}

function isWord(code: number): boolean {
  const lower = code | 32;
  return (code >= 48 && code <= 57) || (lower >= 97 && lower <= 122) || code === 95;
}

/** Whether `-xxxx-xxxx-xxxx-xxxxxxxxxxxx` ends a word at `at` (which holds a '-'). */
function tailAt(text: string, at: number): boolean {
  let i = at;
  for (const group of TAIL_GROUPS) {
    if (text.charCodeAt(i) !== 45) return false;
    for (let end = i + 1 + group, j = i + 1; j < end; j++) if (!isHex(text.charCodeAt(j))) return false;
    i += 1 + group;
  }
  return i >= text.length || !isWord(text.charCodeAt(i));
}

function headAt(text: string, start: number): boolean {
  for (let i = start; i < start + 8; i++) if (!isHex(text.charCodeAt(i))) return false;
  return start === 0 || !isWord(text.charCodeAt(start - 1));
}

/** Finds code blocks and spans in order, only as far into the text as asked. */
class CodeScanner {
  private from = 0;
  private newline = -1;
  start = -1;
  end = -1;

  constructor(private readonly text: string) {}

  /** Moves to the first code range that ends after `position`; start is -1 when there is none. */
  reach(position: number): void {
    while (this.end <= position) this.next();
  }

  private next(): void {
    const text = this.text;
    for (let p = text.indexOf('`', this.from); p !== -1; p = text.indexOf('`', p + 1)) {
      if (text.startsWith('```', p)) {
        const close = text.indexOf('```', p + 3);
        return this.found(p, close === -1 ? text.length : close + 3);
      }
      // The first line break after p, remembered while it is still ahead, so long lines are not rescanned.
      if (this.newline < p) {
        const newline = text.indexOf('\n', p + 1);
        this.newline = newline === -1 ? text.length : newline;
      }
      const close = text.indexOf('`', p + 1);
      if (close !== -1 && close < this.newline) return this.found(p, close + 1);
    }
    this.start = -1;
    this.end = Infinity;
  }

  private found(start: number, end: number): void {
    this.start = start;
    this.end = end;
    this.from = end;
  }
}

/** Removes each whole-word uuid outside code with the spaces or tabs before it, then trims. */
export function stripUuids(text: string): string {
  let code: CodeScanner | undefined;
  let out = '';
  let last = 0;
  let removed = 0;
  for (let at = text.indexOf('-', 8); at !== -1; at = text.indexOf('-', at + 1)) {
    if (!tailAt(text, at)) continue;
    const start = at - 8;
    const end = at + TAIL_LENGTH;
    if (start < last || !headAt(text, start)) {
      at = end - 1;
      continue;
    }
    code ??= new CodeScanner(text);
    code.reach(start);
    if (code.start !== -1 && code.start <= start) {
      at = end - 1;
      continue;
    }
    let from = start;
    while (from > last && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
    out += text.slice(last, from);
    last = end;
    removed++;
    at = end - 1;
  }
  if (last === 0) return text.trim();
  // A run uuid usually ends the reply: a slice of the stored text then shares its characters instead of copying them.
  if (removed === 1 && ONLY_SPACE.test(text.slice(last))) return out.trim();
  return (out + text.slice(last)).trim();
}
