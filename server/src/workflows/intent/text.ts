// Tokens of a request with their place in the original text: words (case kept), numbers, URLs, e-mail addresses,
// #channels, quoted values and punctuation. Everything the reader matches works on these, never on raw regexes
// over the whole text, so a URL or a quoted value is never read as words.

export type TokenKind = 'word' | 'url' | 'email' | 'channel' | 'quote' | 'punct';

export interface Token {
  kind: TokenKind;
  /** As written (quotes without their quote marks). */
  text: string;
  lower: string;
  start: number;
  end: number;
  /** No space between this token and the one before ("gpt-4o", "AI-powered"). */
  joined: boolean;
}

const PATTERN = new RegExp(
  [
    String.raw`(?<url>https?:\/\/[^\s<>"'\`)\]]+)`,
    // "get my public IP from api.ipify.org": an API's host written without its scheme.
    String.raw`(?<host>(?<![\w@.])(?:api|www)\.[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,3}\.[a-z]{2,6}(?:\/[^\s<>"'\`)\]]*)?(?![\w@]))`,
    String.raw`(?<email>[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)`,
    // "#sales", "#2024-launch"; not "their #1 goal" (a number).
    String.raw`(?<channel>(?<![\w#])#(?!\d+(?![\w-]))[A-Za-z0-9][\w-]{0,79})`,
    String.raw`(?<quote>"[^"\n]{1,120}"|“[^”\n]{1,120}”|'[^'\n]{1,80}'(?![A-Za-z])|‘[^’\n]{1,80}’|(?<!\`)\`(?!\`)[^\`\n]{1,400}\`(?!\`))`,
    String.raw`(?<word>[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*(?:['’][A-Za-z]+)?(?:\.(?=[A-Za-z0-9])[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*)*\+*)`,
    // "hubspot deal moves to closed won => create …": an arrow written with "=", read as the "→" it means.
    String.raw`(?<arrow>=>|⇒)`,
    String.raw`(?<punct>[^\sA-Za-z0-9])`,
  ].join('|'),
  'g',
);

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(PATTERN)) {
    const groups = m.groups ?? {};
    const found = Object.keys(groups).find((k) => groups[k] !== undefined);
    const kind: TokenKind =
      found === undefined || found === 'arrow' ? 'punct' : found === 'host' ? 'url' : (found as TokenKind);
    let raw = found === 'arrow' ? '→' : m[0];
    let end = m.index + m[0].length;
    if (kind === 'url' || kind === 'email') {
      // A sentence's full stop or comma after an address is not part of it.
      const trimmed = raw.replace(/[.,;:!?]+$/, '');
      end -= raw.length - trimmed.length;
      raw = trimmed;
    }
    const value = kind === 'quote' ? raw.slice(1, -1).trim() : found === 'host' ? `https://${raw}` : raw;
    const previous = tokens.at(-1);
    tokens.push({
      kind,
      text: value,
      lower: value.toLowerCase(),
      start: m.index,
      end,
      joined: Boolean(previous && previous.end === m.index),
    });
    if (end < m.index + m[0].length) {
      const rest = text.slice(end, m.index + m[0].length);
      for (const [i, c] of [...rest].entries())
        tokens.push({ kind: 'punct', text: c, lower: c, start: end + i, end: end + i + 1, joined: true });
    }
  }
  return tokens;
}

/** Sentences end at . ! ? ; and line breaks (a dot inside a number, a name or an address is not an end). */
export function sentences(tokens: Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const [i, t] of tokens.entries()) {
    const next = tokens[i + 1];
    // "Exit code != 0": an operator, not the end of a sentence.
    const operator = t.text === '!' && next?.text === '=' && next.joined;
    const end =
      t.kind === 'punct' && /^[.!?;\n]$/.test(t.text) && !operator && (!next || !next.joined || next.kind === 'punct');
    if (end) out.push([]);
    else out.at(-1)!.push(t);
  }
  return out.filter((s) => s.some((t) => t.kind !== 'punct'));
}

/** The original text a token range covers. */
export function spanText(text: string, tokens: Token[]): string {
  if (!tokens.length) return '';
  return text.slice(tokens[0]!.start, tokens.at(-1)!.end);
}

/** Whether a text is written in title case (a template name): capitals then say nothing about names. */
export function isTitleCase(tokens: Token[]): boolean {
  const ws = tokens.filter((t) => t.kind === 'word' && /^[A-Za-z]/.test(t.text) && t.text.length > 3);
  if (ws.length < 3) return false;
  return ws.filter((t) => /^[A-Z]/.test(t.text)).length / ws.length >= 0.6;
}
