// Requests written in clipped shorthand, the way shop and warehouse staff write a ticket or a to-do ("mon 9am: top 10
// SKUs by units sold last wk -> post in #sales", "every hr: … -> teams ping to shipping lead", "-> sms w/ code
// SAVE10"), put back into the words the reader knows. Only abbreviations that mean one thing where they stand.

import { verbClass } from './lexicon.ts';

const DAYS: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  tues: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  thur: 'Thursday',
  thurs: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const DAY = Object.keys(DAYS).join('|');
const CLOCK = String.raw`\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\d{1,2}:\d\d\b`;

/** "mon 9am", "every fri", "mon-fri", "weekly mon 8am": a day's short name where a schedule names it. */
function days(text: string): string {
  return (
    text
      .replace(
        new RegExp(String.raw`\b(${DAY})\.?\s*[-–]\s*(${DAY})\b\.?`, 'gi'),
        (_, a: string, b: string) => `${DAYS[a.toLowerCase()]} to ${DAYS[b.toLowerCase()]}`,
      )
      .replace(
        new RegExp(String.raw`\b(every|each|weekly|on|by|next|this|until)\s+(${DAY})\b\.?(?!\w)`, 'gi'),
        (_, lead: string, day: string) => `${lead} ${DAYS[day.toLowerCase()]}`,
      )
      .replace(
        new RegExp(String.raw`(^|[\n.;:(]\s*|,\s*)(${DAY})\.?(?=\s+(?:${CLOCK}))`, 'gi'),
        (_, lead: string, day: string) => `${lead}every ${DAYS[day.toLowerCase()]}`,
      )
      // "Fridays: …", "Mondays, 9am: …": a day said in the plural at the start is every such day.
      .replace(
        /(^|[\n.;]\s*)(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days(?=\s*[:,])/gi,
        (_, lead: string, day: string) => `${lead}Every ${day[0]!.toUpperCase()}${day.slice(1).toLowerCase()}day`,
      )
      // "mondays pull last week's sessions …": a plural day that opens a sentence before its verb is every such day.
      .replace(
        /(^|[\n.;]\s*)(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days\s+(?=([a-z]+)\b)/gi,
        (said: string, lead: string, day: string, next: string) =>
          verbClass(next.toLowerCase())
            ? `${lead}Every ${day[0]!.toUpperCase()}${day.slice(1).toLowerCase()}day `
            : said,
      )
      // "Mondays at 4am run …", "post it Fridays 5pm": a plural day with a time of day is every such day.
      .replace(
        new RegExp(
          String.raw`(?<!\b(?:on|every|each|the|of|all|most|some|no)\s)\b(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days(?=\s+(?:at\s+)?(?:${CLOCK}))`,
          'gi',
        ),
        (_, day: string) => `every ${day[0]!.toUpperCase()}${day.slice(1).toLowerCase()}day`,
      )
  );
}

/** Repository words: a slug "acme/web" said with them names a code repository. */
const REPO_WORDS =
  /\b(?:releases?|tags?|issues?|PRs?|pull requests?|push(?:es|ed)?|commits?|repos?|repository|dependabot|workflow_run|branch(?:es)?|stars?|forks?)\b/i;

/** "every published release in acme/web", "new tags pushed to acme/cli": an owner/name slug is a GitHub repository. */
function repoSlugs(text: string): string {
  if (!REPO_WORDS.test(text) || /\b(?:gitlab|bitbucket|gitea|azure devops|circle ?ci)\b|\bgh\//i.test(text))
    return text;
  return (
    text
      .replace(
        /\b(in|on|to|for|from|of|across)\s+`?([a-z0-9][\w.-]{1,38})\/([\w.-]{2,100})`?(?![\w/])/gi,
        (said: string, lead: string, owner: string, name: string) =>
          /^(?:and|or|n|w|ios|android|src|data|api)$/i.test(owner) ? said : `${lead} the GitHub repo ${owner}/${name}`,
      )
      // "post the review as a PR comment": a comment on the pull request, where the repository is.
      .replace(/\b(?:as|in|into)\s+an?\s+(?:PR|pull request)\s+comment\b/gi, 'as a comment on the GitHub pull request')
  );
}

/** Chat and ticket abbreviations of one meaning. */
const WORDS: Array<[RegExp, string]> = [
  // "every hr", "after 48 hrs", "last wk": hours and weeks.
  [/\b1\s*hrs?\b\.?/gi, '1 hour'],
  [/\b(\d+)\s*hrs?\b\.?/gi, '$1 hours'],
  [
    /\b(every|each|per|an|one|last|next|this)\s+hr\b\.?(?!\s+(?:team|dept|department|manager|specialist|person|lead|contact|partner|rep|admin|system|portal|tool))/gi,
    '$1 hour',
  ],
  // "in the last hr", but "the HR specialist", "the hr team": the department.
  [/\b(the)\s+hr\b(?=\s*(?:[.,;!?)]|$|before|after|ago))/gi, '$1 hour'],
  [/\b1\s*wks?\b\.?/gi, '1 week'],
  [/\b(\d+)\s*wks?\b\.?/gi, '$1 weeks'],
  [/\b(every|each|per|a|one|the|last|next|this)\s+wk\b\.?/gi, '$1 week'],
  // "every 6h", "every 2d": an interval in hours or days.
  [/\b(every|each)\s+(\d+)\s*h\b/gi, '$1 $2 hours'],
  [/\b(every|each)\s+(\d+)\s*d\b/gi, '$1 $2 days'],
  // "a reminder 24h before the appt", "2d after the call": a time before or after an event.
  [/\b(\d+)\s*h\b(?=\s+(?:before|after|later|ahead|prior|from|beforehand|earlier))/gi, '$1 hours'],
  [/\b(\d+)\s*d\b(?=\s+(?:before|after|later|ahead|prior|from|beforehand|earlier))/gi, '$1 days'],
  [/\b(\d+)\s*mins?\b\.?/gi, '$1 minutes'],
  [/\b(every|each|per|a|one)\s+min\b\.?/gi, '$1 minute'],
  [/\bcusts\b/gi, 'customers'],
  [/\bcust\b\.?/gi, 'customer'],
  [/\bmsgs\b/gi, 'messages'],
  [/\bmsg\b/gi, 'message'],
  [/\bmgr\b/gi, 'manager'],
  [/\baddr\b\.?/gi, 'address'],
  [/\bacct\b\.?/gi, 'account'],
  [/\b(?:pls|plz)\b/gi, 'please'],
  // Typed fast on a phone: "evry night", "when its recieved", "w/o a tag", "thank u", "sender, subject n date".
  [/\bevr(?:y|ey)\b/gi, 'every'],
  [/\beverytime\b/gi, 'every time'],
  [/\brecie(v\w*)/gi, 'recei$1'],
  [/\battachd\b/gi, 'attached'],
  [/\battachm?nt(s?)\b/gi, 'attachment$1'],
  [/\bteh\b/g, 'the'],
  [/\bw\/o\b/gi, 'without'],
  [/\b(?:thx|thnx|thanx)\b/gi, 'thanks'],
  [/\bappt(s?)\b\.?/gi, 'appointment$1'],
  [/\bmtg(s?)\b/gi, 'meeting$1'],
  [/\bnotif(s?)\b/gi, 'notification$1'],
  [/\bppl\b/gi, 'people'],
  [/\babt\b/gi, 'about'],
  [/\bb4\b/gi, 'before'],
  [/\b(?:tmrw|tmr|tmrow)\b/gi, 'tomorrow'],
  [/\b(to)?nite(s?)\b/gi, '$1night$2'],
  [/\btxt\b/gi, 'text'],
  [/(?<=\s)u(?=\s|[.,!?]|$)/g, 'you'],
  [/(?<=\s)ur(?=\s)/g, 'your'],
  // "dont", "doesnt", "isnt": a contraction typed without its apostrophe.
  [/\b(do|does|did|is|are|was|were|have|has|had|should|would|could|must)nt\b/gi, "$1n't"],
  [/\b(ca|wo)nt\b(?=\s+(?:be|have|find|tell|get|match|reach|see|do|send|work|load|pay|connect)\b)/gi, "$1n't"],
  // "log sender, subject n date": "n" between two words is "and" ("top n rows" keeps its n).
  [/(?<=\b(?!(?:top|last|first|next|every|the|of|bottom)\b)[a-z]{2,}) n (?=[a-z]{2,}\b)/g, ' and '],
  // "if that number is zero", "stock hits zero": the number.
  [/\b(is|are|equals?|hits?|reach(?:es)?|(?:drops?|falls?|goes|gets) (?:down )?to|of|at|=|==)\s+zero\b/gi, '$1 0'],
];

/** "-> teams ping to the shipping lead", "-> sms w/ code SAVE10", "; slack dm to me": a message sent on that channel. */
function channelNouns(text: string): string {
  return text.replace(
    /(→|->|=>|[:;]|\bthen|\band|\+)\s*(teams|slack|discord|telegram|whatsapp|sms|text|email|mattermost)(?:\s+(?:msg|message|ping|dm|alert|note|post|notification))?(?=\s+(?:(?:to|with|for)\b|w\/))/gi,
    (_, lead: string, channel: string) => {
      const name = channel.toLowerCase();
      const what =
        name === 'sms' || name === 'text'
          ? 'an SMS'
          : name === 'email'
            ? 'an email'
            : `a ${name === 'teams' ? 'Microsoft Teams' : channel} message`;
      return `${lead} send ${what}`;
    },
  );
}

/** "invoices arrive at ap@", "come to freight@": a shared mailbox named by its address's local part. */
function mailboxes(text: string): string {
  return text.replace(/\b(at|to|in|into)\s+([a-z][\w.+-]*)@(?![\w-])/gi, '$1 the $2@ mailbox');
}

/** "qty per SKU in airtable vs shopify inventory": two sources set against each other are compared. */
function versus(text: string): string {
  return text.replace(
    /(^|[:;.\n]\s*|->\s*|→\s*)([^:;.\n→]{3,120}?)\s+(?:vs\.?|versus)\s+(?=\S)/gi,
    (said: string, lead: string, left: string) =>
      // ("email the count of valid vs invalid submissions every Friday": two counts reported, no sources compared.)
      /\b(?:compar\w*|check\w*|match\w*|reconcil\w*|diff|counts?|number|numbers|totals?|ratio|share|percentage|breakdown|every|each|daily|weekly)\b/i.test(
        left,
      )
        ? said
        : `${lead}compare ${left} with `,
  );
}

/** "… -> csv -> email to merch team": a step that is only a file's format makes that file. */
function fileSteps(text: string): string {
  return text.replace(
    // "→ Excel" is Microsoft Excel, the app; only a file's own format is a file made.
    /(->|→|=>)\s*(?:an?\s+)?(csv|xlsx)(?:\s+file)?\s*(?=->|→|=>|[;.\n]|$)/gi,
    (_, arrow: string, format: string) => `${arrow} export them as a ${format} file `,
  );
}

/** "-> ONE email to supplier listing …", "→ a Slack message to #ops": a message after an arrow is one sent. */
function sentAfterArrow(text: string): string {
  return text.replace(
    /(->|→|=>)\s*(an?|one|1|single)\s+((?:[\w-]+\s+)?(?:email|e-mail|mail|sms|text|message|dm|notification|alert|ping))\b/gi,
    (_, arrow: string, count: string, what: string) => `${arrow} send ${count.toLowerCase()} ${what}`,
  );
}

const SENT: Record<string, string> = {
  emailed: 'email',
  mailed: 'email',
  sent: 'send',
  posted: 'post',
  uploaded: 'upload',
  dropped: 'upload',
};

/** "Weekly CSV of new HubSpot deals emailed to me": a file of the items, made and sent on. */
function fileOf(text: string): string {
  return text.replace(
    /\b(?:an?\s+|the\s+)?(csv|xlsx)\s+(?:file\s+|export\s+|report\s+)?of\s+([^.;\n]{3,80}?)\s+(emailed|mailed|sent|posted|uploaded|dropped)\s+(to|into|in)\b/gi,
    (_, format: string, what: string, verb: string, to: string) =>
      `export ${what} as a ${format.toLowerCase()} file and ${SENT[verb.toLowerCase()]} it ${to}`,
  );
}

/**
 * "a report of last week's signups as a CSV attachment emailed to the founders": what is made, then sent ("when an
 * invoice is emailed to us" is an event, said with its verb "to be").
 */
function sentParticiple(text: string): string {
  return text.replace(
    /\b((?:reports?|summar(?:y|ies)|digests?|lists?|csv|xlsx|excel|pdf|file|attachment|export|spreadsheet|chart|results?)\b[^.!?\n]{0,80}?\s)(?<!\b(?:is|are|was|were|be|been|being|gets?|got|getting|have|has|had|i|we|they|you|he|she|it|already|just)\s+)(?<![\w-])(?:e-mailed|emailed|mailed)\s+(to\s+(?!(?:our|my|the|a|an)\s+(?:[\w-]+\s+)?(?:inbox|mailbox)\b)(?:me|us|him|her|them|the|our|my|all|each|every|everyone|[\w.+-]+@[\w.-]+))/gi,
    (_, made: string, to: string) => `${made}and email it ${to}`,
  );
}

/** "Telegram me when Bitcoin drops below 50k", "Slack me the unhappy ones": the app as a verb sends a message. */
function appVerbs(text: string): string {
  return text.replace(
    /(^|[.;:!?\n]\s*|->\s*|→\s*|,\s*|\+\s*|\band\s+|\bthen\s+)(telegram|slack|whatsapp|discord|pushover|pushbullet|gotify|mattermost)\s+(me|us|them|him|her)\b/gi,
    (_, lead: string, app: string, who: string) => `${lead}send ${who} a ${app} message`,
  );
}

/**
 * "if someone logs a Clockify entry longer than 8 hours, …", "if a new lead comes in, …": a request that opens with
 * "if" and an event (someone does something, a new item arrives) starts when it happens; the test is what follows.
 */
function eventIf(text: string): string {
  return text.replace(
    /^(\s*)if(?=\s+(?:(?:someone|somebody|anyone|anybody|a (?:customer|user|client|lead|member|visitor|candidate|teammate|colleague|student|subscriber|contact|buyer|driver|tenant|patient|employee))\s+(?:adds|creates|submits|signs up|logs|books|buys|orders|sends|uploads|posts|opens|comments|replies|fills|pays|cancels|joins|registers|subscribes|stars|mentions|files|leaves|writes|emails|messages|drops|shares|completes|purchases|requests|reports|tags|uploads|updates|changes|moves|deletes|unsubscribes)\b|(?:a|an) new\s+[\w-]+(?:\s+[\w-]+)?\s+(?:comes in|arrives|is (?:created|added|posted|submitted|opened|published|uploaded)|gets (?:created|added|posted)|appears|lands|shows up)\b|there(?:'s| is) a new\b))/i,
    (_, lead: string) => `${lead}when`,
  );
}

/** "the top 10 hot posts from r/marketing": a subreddit is Reddit's (unless Reddit is said just before it). */
function subreddits(text: string): string {
  return text.replace(
    /(?<!\breddit\s*(?:\S+\s+){0,2})(^|[\s(])(r\/[A-Za-z0-9_]{2,21})\b(?!\s+(?:\S+\s+){0,2}?(?:on|in|at|from|of)\s+reddit\b)/gi,
    '$1Reddit $2',
  );
}

/**
 * "welcome email immediately, 'getting started' tips on day 3, and a check-in from their CSM on day 7": a sequence of
 * messages by day, written out as sends with the waits between them.
 */
function dayPlan(text: string): string {
  return text.replace(
    /(^|[:.!?\n]\s*)([^:.!?\n]{10,400}?)(?=[.!?\n]|$)/g,
    (whole: string, lead: string, list: string) => {
      const items = list.split(/\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+/);
      const read = items.map((item) =>
        /^(.{3,80}?)\s+(?:(immediately|right away|at once|straight away|on signup|on day (?:0|1))|(?:on\s+)?day\s+(\d{1,3}))$/i.exec(
          item.trim(),
        ),
      );
      if (items.length < 2 || read.some((r) => !r) || read.filter((r) => r![3]).length < 2) return whole;
      let day = read[0]![3] ? 0 : Number(/\d+/.exec(read[0]![2] ?? '')?.[0] ?? 0);
      // "welcome email …, tips on day 3": the channel one item names carries the others.
      const CHANNEL = /\b(e-?mails?|sms|texts?|whatsapp|messages?)\b/i;
      const channel = read.map((r) => CHANNEL.exec(r![1]!)?.[1]).find(Boolean);
      const steps = read.map((r) => {
        const on = r![3] ? Number(r![3]) : day;
        const wait = on > day ? `wait ${on - day} days, then ` : '';
        day = Math.max(day, on);
        const what = r![1]!.replace(/^(?:an?|the)\s+/i, '');
        return `${wait}send the ${what}${channel && !CHANNEL.test(what) ? ` by ${channel.replace(/s$/, '')}` : ''}`;
      });
      return `${lead}${steps.join(', then ')}`;
    },
  );
}

/**
 * "status 'firing' -> create …; status 'resolved' -> …": a field and its quoted value before an arrow are the test
 * "status = 'firing'".
 */
function fieldValueArrows(text: string): string {
  return text.replace(
    /(^|[.;:\n]\s*|,\s+)(status|state|type|event|action|priority|severity|level|stage|category|kind|plan|tier|result|outcome|decision)\s+(['"‘“][^'"’”\n]{1,30}['"’”])(?=\s*(?:->|→|=>))/gi,
    '$1$2 = $3',
  );
}

/** The request with its shorthand written out. */
export function longhand(text: string): string {
  let out = repoSlugs(fileOf(fileSteps(versus(mailboxes(days(dayPlan(eventIf(subreddits(fieldValueArrows(text))))))))));
  for (const [pattern, word] of WORDS) out = out.replace(pattern, word);
  return appVerbs(sentAfterArrow(channelNouns(sentParticiple(out))));
}
