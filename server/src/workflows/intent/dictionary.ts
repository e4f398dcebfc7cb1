// English words, so that a lower-case word no dictionary holds ("get notified on ntfy", "push it to gotify") can be
// read as the name of a system n8n has no node for. The list is an-array-of-english-words (~275,000 words), loaded
// the first time a request has such a word in an app's place.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let words: Set<string> | null = null;

/** Whether a lower-case word (or its singular) is an English word. */
export function isEnglishWord(word: string): boolean {
  words ??= new Set(require('an-array-of-english-words') as string[]);
  const w = word.toLowerCase();
  return words.has(w) || words.has(w.replace(/(?:es|s)$/, '')) || words.has(w.replace(/['’]s$/, ''));
}
