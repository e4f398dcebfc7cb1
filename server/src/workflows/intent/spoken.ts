// Requests dictated to an assistant reach the reader as speech-to-text writes them: "fresh desk", "air table", "five
// hundred dollars", "every thirty minutes", "nine a m". This puts them back into the written form the rest of the
// reader understands (names in capitals said as their parts, "hub spot", the vocabulary finds itself).
import { nodeCatalog } from '../catalog/nodeCatalog.ts';

let joined: Map<string, string> | null = null;

/** One-word names of n8n's own nodes ("Airtable", "Freshdesk"), by their lower case, to their written form. */
function oneWordNames(): Map<string, string> {
  joined ??= new Map(
    nodeCatalog()
      .apps.filter((a) => !a.community)
      .map((a) => a.name.replace(/\s+(?:Trigger|Vector Store)$/, ''))
      .filter((n) => /^[A-Za-z][A-Za-z0-9]{5,}$/.test(n) && !/^(?:workflow|webhook|schedule)$/i.test(n))
      .map((n) => [n.toLowerCase(), n] as const),
  );
  return joined;
}

/**
 * "fresh desk", "air table", "zen desk", "pine cone": a one-word name written as speech-to-text splits it, in lower
 * case, each half a short word of its own and no name ("email validation", "send it", "linked in" and "One AI" stay as
 * they are).
 */
function joinedNames(text: string): string {
  const names = oneWordNames();
  const words = [...text.matchAll(/[A-Za-z]+/g)];
  let out = '';
  let from = 0;
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i]!, words[i + 1]!];
    const name = names.get(`${a[0]}${b[0]}`.toLowerCase());
    if (
      !name ||
      !/^ +$/.test(text.slice(a.index + a[0].length, b.index)) ||
      !/^[a-z]{3,7}$/.test(a[0]) ||
      !/^[a-z]{3,8}$/.test(b[0]) ||
      /^(?:one|two|the|our|and|any|new|all|for|via|with|from)$/.test(a[0]) ||
      names.has(a[0]) ||
      names.has(b[0])
    )
      continue;
    out += text.slice(from, a.index) + name;
    from = b.index + b[0].length;
    i++;
  }
  return out + text.slice(from);
}
const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const NUMBER_WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TENS), 'hundred', 'thousand', 'and'].join('|')})`;

/** A number written as a word or in digits ("three", "fourteen", "30"); null when the word is no number. */
export function numberWord(word: string): number | null {
  const w = word.toLowerCase();
  if (/^\d+$/.test(w)) return Number(w);
  return UNITS[w] ?? TENS[w] ?? null;
}

/** "five hundred" → 500, "twenty five" → 25, "two thousand" → 2000; null when the words are no number. */
function valueOf(words: string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of words) {
    if (w === 'and') continue;
    if (w in UNITS) current += UNITS[w]!;
    else if (w in TENS) current += TENS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
    seen = true;
  }
  return seen ? total + current : null;
}

/**
 * Numbers said in words become digits where they measure something: before a unit or a clock word ("five hundred
 * dollars", "every thirty minutes", "nine a m"), or after a comparison ("over two hundred"). Elsewhere ("one at a
 * time", "a one-off") the words stay.
 */
function spokenNumbers(text: string): string {
  const run = new RegExp(`\\b${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD})*\\b`, 'gi');
  // "over a hundred dollars": "a" is one hundred.
  return text.replace(/\ba (hundred|thousand)\b/gi, 'one $1').replace(run, (match: string, at: number) => {
    const words = match.toLowerCase().split(/[\s-]+/);
    if (words[0] === 'and' || words.at(-1) === 'and') return match;
    const before = text.slice(Math.max(0, at - 20), at).toLowerCase();
    const after = text.slice(at + match.length, at + match.length + 24).toLowerCase();
    const measured =
      /^\s*(?:dollars?|bucks|euros?|pounds?|percent|%|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|seconds?|secs?|items?|rows?|records?|stars?|points?|pieces?|units?|people|employees|orders?|a\.?\s?m\b|p\.?\s?m\b|o'?clock|am\b|pm\b|k\b)/.test(
        after,
      ) ||
      /(?:over|under|above|below|than|least|most|exceeds?|every|after|before|within|hits?|reaches|top)\s*$/.test(
        before,
      );
    const value = measured ? valueOf(words) : null;
    // "three days", "one day before": the reader reads one to ten as words; a clock time it needs in digits.
    const clock = /^\s*(?:a\.?\s?m\b|p\.?\s?m\b|o'?clock|am\b|pm\b)/.test(after);
    if (value === null || (value <= 10 && !clock)) return match;
    return String(value);
  });
}

/** The written form of a dictated request. */
export function writtenForm(text: string): string {
  // "nine a m", "six p.m.": the clock's half of the day.
  return joinedNames(
    spokenNumbers(text).replace(
      /\b(\d{1,2})\s+(a|p)\.?\s?m\b\.?/gi,
      (_, h: string, half: string) => `${h}${half.toLowerCase()}m`,
    ),
  );
}
