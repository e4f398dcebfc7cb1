// Outcomes said as the people they reach: "Registrants who attended get a thank-you email; those who didn't attend
// get the recording link", "Volunteers who confirmed get a reminder SMS, everyone else gets an email". The people
// are the items, what they did is the test, and what each side gets is the message sent on that side:
// "If the registrant attended, send a thank-you email; otherwise send the recording link".

/** What a side gets that is sent to them: a message, not a tag or a discount applied in an app. */
const MESSAGE =
  /\b(?:e-?mails?|sms|texts?|messages?|reminders?|notifications?|notes?|links?|invites?|invitations?|coupons?|codes?|vouchers?|thank-?you|dms?|whatsapps?|surveys?|follow-?ups?|certificates?|nudges?|replies|reply|recordings?|slides|newsletters?|offers?)\b/i;

/** "attended", "opted in", "have paid", "confirmed their slot": what they did, up to four words. */
const DEED = String.raw`((?:have |has |did )?[a-z]+(?:ed|id|ught|ent|ook|ame|one|ove)(?: (?:in|out|up|back|their [a-z]+|the [a-z]+|it|yet))?)`;

const GROUP = String.raw`((?:the |all |any )?[a-z]+(?: [a-z]+)?)`;
const GETS = String.raw`(?:get|gets|receive|receives|should get|should receive|will get|will receive|are sent|is sent)`;
const NOT = String.raw`(?:didn't|did not|haven't|have not|hasn't|has not|don't|do not|never|weren't|were not)`;
const OTHERS = String.raw`(?:those|the ones|people|the others|others|the rest|everyone else|everybody else|anyone else|all others|all the others|[a-z]+)`;

const TWO_SIDES = new RegExp(
  String.raw`(^|[.!?;:\n]\s*|,\s*)${GROUP} who ${DEED} ${GETS} ([^;.\n]{3,120}?)(?:\s*[;,]\s*(?:and |while |but |whereas )?|\s+(?:and|while|but|whereas)\s+)${OTHERS}(?: who ${NOT}(?: [a-z]+(?: (?:in|out|up|back|yet|it))?)?)? ${GETS} ([^;.\n]{3,120})`,
  'gi',
);

const IRREGULAR_PLURALS: Record<string, string> = { people: 'person', children: 'child', staff: 'staff member' };

/** "Registrants" → "the registrant", "those" → "they": who the test is about. */
function subject(group: string): string {
  const words = group
    .toLowerCase()
    .replace(/^(?:the|all|any) /, '')
    .split(' ');
  if (/^(?:those|people|ones|anyone|everyone|everybody)$/.test(words[0]!) && words.length === 1) return 'they';
  const last = words.at(-1)!;
  words[words.length - 1] =
    IRREGULAR_PLURALS[last] ??
    last
      .replace(/ies$/, 'y')
      .replace(/(?<=(?:ss|sh|ch|x))es$/, '')
      .replace(/(?<!s)s$/, '');
  return `the ${words.join(' ')}`;
}

/** "nothing", "no email", "nothing at all": the side gets no message. */
const NOTHING = /^(?:nothing|no\b|none\b)/i;

export function whoOutcomes(text: string): string {
  return text.replace(
    TWO_SIDES,
    (whole: string, lead: string, group: string, deed: string, first: string, second: string) => {
      if (!MESSAGE.test(first) && !MESSAGE.test(second)) return whole;
      if (/^(?:who|which|that|and|or|if|when)\b/i.test(group)) return whole;
      const who = subject(group);
      const did = deed.replace(/^did /, '');
      const otherwise = NOTHING.test(second.trim()) ? '' : `; otherwise send ${second.trim()}`;
      return `${lead}${/[.!?\n]\s*$|^$/.test(lead) ? 'If' : 'if'} ${who} ${did}, send ${first.trim()}${otherwise}`;
    },
  );
}
