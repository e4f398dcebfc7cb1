// A request asked as a question ("Is there a way to check my Google Contacts every morning …?", "Is it possible to
// watch r/selfhosted for …?", "How can I copy …?", "Can we have n8n post …?"): what it asks for is said the way a
// request says it ("Check my Google Contacts every morning …."), so the words after the question are read as steps.

/** The question's opening, up to the verb of what is asked for (bounded words, no nested repeats). */
const ASKING = new RegExp(
  [
    String.raw`is there (?:a|any) (?:way|chance|option)(?: (?:for (?:me|us|n8n)|in n8n|with n8n))?(?: to| (?:that )?(?:i|we|n8n) can)?`,
    String.raw`(?:is|would|will) it (?:be )?possible(?: (?:in|with) n8n)?(?: for (?:me|us|n8n))?(?: to)?`,
    String.raw`any (?:way|chance)(?: (?:for (?:me|us|n8n)|in n8n|with n8n))?(?: to| (?:i|we) can)?`,
    String.raw`how (?:can|could|do|would|should|might) (?:i|we|one)(?: best)?`,
    String.raw`(?:can|could) (?:i|we)`,
    String.raw`i(?: was|'m| am)? wondering (?:if|whether) (?:i|we|you|n8n|it) (?:could|can|would)(?: be possible to)?`,
    String.raw`i wonder (?:if|whether) (?:i|we|you|n8n) (?:could|can)`,
  ].join('|'),
  'i',
);

/** A question at a sentence's start, then what it asks for, to the sentence's end. */
const QUESTION = new RegExp(
  String.raw`(^|[.!?\n]\s*)(?:(?:so|hi|hey|hello|ok|okay)\s*,?\s+)?(?:${ASKING.source})\s+(?:(?:have|get|make|let|use) n8n(?: to)?\s+)?([a-z])([^.!?\n]{0,600})([.!?]|\n|$)`,
  'gi',
);

/** The request with its questions said as requests. */
export function askedAsRequest(text: string): string {
  return text.replace(
    QUESTION,
    (_, lead: string, first: string, rest: string, end: string) =>
      `${lead}${first.toUpperCase()}${rest}${end === '?' ? '.' : end}`,
  );
}
