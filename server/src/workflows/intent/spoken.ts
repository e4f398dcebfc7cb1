// Requests dictated to an assistant reach the reader as speech-to-text writes them: "fresh desk", "air table", "five
// hundred dollars", "every thirty minutes", "nine a m". This puts them back into the written form the rest of the
// reader understands (names in capitals said as their parts, "hub spot", the vocabulary finds itself).
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { longhand } from './shorthand.ts';

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
      // "on fleet", "to doist": a two-letter half only for a longer name, and not "follow up lead".
      !(/^[a-z]{3,7}$/.test(a[0]) || (/^[a-z]{2}$/.test(a[0]) && name.length >= 7)) ||
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

/** Words a speaker corrects themself with: "no wait", "no sorry", "no make it", "no i mean", "no it's". */
const CORRECTION =
  /\b(?:no|nope|wait|sorry|oops)(?:,?\s+(?:no|wait|sorry|actually|i mean|i meant|make it|make that|let's say|it's|its|it is|scratch that|not that))+\b,?\s*/gi;

const PREPOSITION = /^(?:in|on|from|to|at|into|with|by|through|via|using)$/i;

/**
 * "every Monday no wait every Tuesday", "in Service Titan no sorry in our job tracker", "at eleven no make it eleven
 * thirty": what the speaker said last stands. The words corrected run from the last word before the correction that
 * its new words start with; "in DocuSign no it's PandaDoc" replaces what followed the preposition.
 */
function corrections(text: string): string {
  let out = text;
  let searchFrom = 0;
  for (let guard = 0; guard < 20; guard++) {
    CORRECTION.lastIndex = searchFrom;
    const m = CORRECTION.exec(out);
    if (!m) break;
    const run = m[0].toLowerCase();
    // One word alone ("no", "sorry") is no correction: "no one replies", "sorry for the wait".
    if (!/\s/.test(run.trim())) {
      searchFrom = m.index + m[0].length;
      continue;
    }
    const after = out.slice(m.index + m[0].length);
    const sentenceStart = Math.max(out.lastIndexOf('.', m.index), out.lastIndexOf('\n', m.index)) + 1;
    const before = [...out.slice(sentenceStart, m.index).matchAll(/[\w'.]+/g)].slice(-12);
    const first = /^[\w']+/.exec(after)?.[0].toLowerCase();
    const anchor = first ? before.findLast((w) => w[0].toLowerCase() === first) : undefined;
    let from = m.index;
    if (anchor) from = sentenceStart + anchor.index;
    else if (/\b(?:it's|its|it is)\b/.test(run)) {
      const prep = before.findLast((w) => PREPOSITION.test(w[0]));
      if (prep) from = sentenceStart + prep.index + prep[0].length + 1;
    }
    out = out.slice(0, from) + after;
    searchFrom = from;
  }
  return out;
}

/**
 * Words a speaker fills pauses with: "um", "uh", "so basically", "you know", "like" before a number or a thing ("over
 * like sixty percent", "if it's like a refund"). "let you know" and "things like invoices" stay.
 */
function fillers(text: string): string {
  return (
    text
      // "if it's still unpaid um cancel the subscription": a pause after a word that ends a clause is its end.
      .replace(
        /(\b(?!(?:and|or|but|the|a|an|to|in|on|at|for|of|with|from|so|then|if|when|that|this|my|our|your|their|is|are|was|it|i|we|you|they|like)\b)[a-z']+)\s+(?:um+|uh+|uhm+|erm+)\s+(?=(?:and|or|then|so)\b)/gi,
        '$1 ',
      )
      .replace(
        /(\b(?!(?:and|or|but|the|a|an|to|in|on|at|for|of|with|from|so|then|if|when|that|this|my|our|your|their|is|are|was|it|i|we|you|they|like)\b)[a-z']+)\s+(?:um+|uh+|uhm+|erm+)\s+(?=[a-z])/gi,
        '$1, ',
      )
      .replace(/(^|[\s,.(])(?:um+|uh+|uhm+|erm+|hmm+)\b,?\s*/gi, '$1')
      .replace(/\b(?:so\s+)?basically,?\s+/gi, '')
      .replace(/(?<!\b(?:let|lets|let's|letting|to|do|did|if|whether)\s+)\byou know\b,?\s*/gi, '')
      .replace(
        /\b(is|are|was|were|it's|its|over|under|above|below|than|with|about|for|at|every|within|in)\s+like\s+(?=(?:a|an|the|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|\d)\b)/gi,
        '$1 ',
      )
      // "weight loss or muscle gain or like sports performance".
      .replace(/\bor\s+like\s+/gi, 'or ')
      .replace(/ {2,}/g, ' ')
      .replace(/ +$/gm, '')
  );
}

/**
 * App names as speech-to-text writes them that joining two words does not find: "g mail", "to do ist", "linked in"
 * after a word that leads a name, "monday dot com", "calendar lee", "two leo".
 */
function spokenNames(text: string): string {
  return (
    text
      .replace(
        /\bg\s+(mail|suite|drive|cal)\b/gi,
        (_, w: string) =>
          ({ mail: 'Gmail', suite: 'G Suite', drive: 'Google Drive', cal: 'Google Calendar' })[w.toLowerCase()]!,
      )
      .replace(/\bto\s?do\s+ist\b/gi, 'Todoist')
      .replace(/\b(on|to|in|and|or|my|our|the|from|via|with|at|a|new|for|both|onto)\s+linked\s+in\b/gi, '$1 LinkedIn')
      // "a short linked in post", "the linked in company page": the network, by what it keeps.
      .replace(
        /\blinked\s+in(?=\s+(?:posts?|pages?|profiles?|company|articles?|messages?|accounts?|ads?|groups?|connections?|feed)\b)/gi,
        'LinkedIn',
      )
      // Names speech-to-text hears as other words: "jeera", "my sequel", "mailer light".
      .replace(/\b(?:jeera|gira)\b/gi, 'Jira')
      .replace(/\bmy\s+sequel\b/gi, 'MySQL')
      .replace(/\bpost\s?gres\s?(?:sequel|q\s?l)\b/gi, 'PostgreSQL')
      .replace(/\bmailer\s+(?:light|lite)\b/gi, 'MailerLite')
      // "X E R O", "a w s": a name spelled out letter by letter.
      .replace(/\b[A-Z](?: [A-Z]){2,}\b/g, (letters: string) => letters.replace(/ /g, ''))
      .replace(/\bwhats\s+app\b/gi, 'WhatsApp')
      .replace(/\bdeep\s+l\b/gi, 'DeepL')
      .replace(/\b([a-z]+)\s+dot\s+(com|io|so|ai)\b/gi, '$1.$2')
      .replace(/\bcalend(?:ar)?\s+lee\b/gi, 'Calendly')
      .replace(/\b(?:two|to|too)\s+leo\b|\btwill?\s+io\b/gi, 'Twilio')
  );
}

const HOURS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
const MINUTES: Record<string, string> = { fifteen: '15', thirty: '30', 'forty five': '45', 'forty-five': '45' };

/**
 * "every morning at six", "at nine thirty", "at eleven o'clock": a clock time said in words, where the words around it
 * say it is one (a schedule's words before it, minutes or "o'clock" after). "at six locations" stays.
 */
function spokenClock(text: string): string {
  const time = new RegExp(
    String.raw`\b(at|by|around)(?<!\bone by)\s+(${HOURS})(?:\s+(fifteen|thirty|forty[- ]five|o'?clock))?\b(?!\s+(?:[a-z]+s|people|of|percent|days?|hours?|minutes?|weeks?)\b)`,
    'gi',
  );
  return text.replace(time, (said: string, word: string, hour: string, minutes: string | undefined, at: number) => {
    const before = text.slice(Math.max(0, at - 40), at).toLowerCase();
    const after = text.slice(at + said.length, at + said.length + 20).toLowerCase();
    const scheduled =
      Boolean(minutes) ||
      // "by six", "around nine": a time only with its minutes or "o'clock"; "at six" also after a schedule's words.
      (word.toLowerCase() === 'at' &&
        /\b(?:every|each|daily|mornings?|evenings?|nights?|tonight|tomorrow|weekdays?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b/.test(
          before,
        )) ||
      /^\s+(?:in the (?:morning|evening|afternoon)|at night|every|each|daily|on (?:weekdays|(?:mon|tues|wednes|thurs|fri|satur|sun)days?))\b/.test(
        after,
      );
    if (!scheduled) return said;
    const h = numberWord(hour)!;
    const m = minutes && !/o'?clock/i.test(minutes) ? MINUTES[minutes.toLowerCase().replace('-', ' ')] : undefined;
    return `${word} ${h}${m ? `:${m}` : ''}`;
  });
}

/** The written form of a dictated or clipped request. */
export function writtenForm(text: string): string {
  // "nine a m", "six p.m.": the clock's half of the day.
  const written = joinedNames(
    spokenNumbers(spokenClock(spokenNames(corrections(fillers(longhand(text)))))).replace(
      /\b(\d{1,2})\s+(a|p)\.?\s?m\b\.?/gi,
      (_, h: string, half: string) => `${h}${half.toLowerCase()}m`,
    ),
  );
  // A dictation with no capitalised word keeps the names it was given in lower case too ("hub spot" → "hubspot"):
  // that every name is in lower case is what lets "into box" or "on medium" be the apps.
  return /\b[A-Z][a-z]/.test(text) ? written : written.replace(/\b[A-Z][a-z][A-Za-z]*\b/g, (w) => w.toLowerCase());
}
