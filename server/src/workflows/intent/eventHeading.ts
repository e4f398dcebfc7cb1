// Engineers' shorthand for an event, said as a heading before what happens: "Zendesk ticket created where the
// requester `locale` isn't English: translate …", "Trello: card moved into list `Deploy` -> trigger …", "PR opened in
// `acme/api`: fetch the diff …", "GitHub push to `main` in `acme/docs`: for every changed file …". The heading is the
// start ("When a Zendesk ticket is created …, translate …"); what follows the colon or the arrow is the steps.

export const PARTICIPLE =
  'created|updated|moved|opened|closed|merged|uploaded|added|deleted|removed|submitted|received|paid|cancell?ed|completed|assigned|commented|starred|labell?ed|published|changed|booked|signed|approved|rejected|failed|resolved|reopened|archived|sent|scheduled|won|lost|shipped|fulfilled|refunded|registered|posted|tagged|mentioned';

const HEADING = new RegExp(
  String.raw`(^|\n)([ \t]*)(?:([A-Z][\w.]*(?: [A-Z][\w.]*)?)[ \t]*:[ \t]*|([A-Z][\w.]*(?: [A-Z][\w.]*)?)[ \t]+)?(new[ \t]+)?([A-Za-z][\w-]*(?:[ \t][a-z][\w-]*)?)[ \t]+(${PARTICIPLE})\b((?:[^:\n;!?.]|\.(?=\S)){0,140}?)[ \t]*(?::|->|→)[ \t]+(?=\S)`,
  'g',
);

/** "GitHub push to `main` in `acme/docs`:": code pushed to a branch. */
const PUSH =
  /(^|\n)([ \t]*)([A-Z][\w]*)[ \t]+push(?:es)?[ \t]+to[ \t]+([^:\n;!?.]{1,80}?)[ \t]*(?::|->|→)[ \t]+(?=\S)/g;

/** Words that start a sentence the usual way: no heading to read again. */
const USUAL =
  /^(?:when|whenever|if|every|each|on|once|after|before|for|as|at|daily|nightly|weekly|hourly|trigger|step|steps|note|notes|then|and|but|also|please|i|we|my|our|the|a|an)$/i;

export function eventHeading(text: string): string {
  return text
    .replace(
      HEADING,
      (
        whole: string,
        lead: string,
        bullet: string,
        headed: string | undefined,
        before: string | undefined,
        fresh: string | undefined,
        noun: string,
        done: string,
        rest: string,
      ) => {
        const app = headed ?? before;
        if (USUAL.test(noun.split(/\s/)[0]!) || (app && USUAL.test(app.split(' ')[0]!))) return whole;
        // "todoist tasks labeled call -> …": items in a state, listed each run; an event happens to one item.
        if (/[^s]s$/i.test(noun) && !/^[A-Z]{2,}s$/.test(noun)) return whole;
        // "Status changed: …" with no app and no item word is too little to read as an event.
        if (!app && !/^[A-Z]{2,}$|^[a-z]/.test(noun)) return whole;
        return `${lead}${bullet}When a ${fresh ? 'new ' : ''}${app ? `${app} ` : ''}${noun} is ${done}${rest}, `;
      },
    )
    .replace(
      PUSH,
      (_, lead: string, bullet: string, app: string, where: string) =>
        `${lead}${bullet}When code is pushed to ${where} on ${app}, `,
    );
}
