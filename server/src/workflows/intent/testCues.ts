// Tests people state in passing, each with the comparison its words give: a state an item reaches ("a deal is
// marked Won", "deal won in HubSpot", "when a package shows as delivered"), an age or a threshold on items read
// ("stuck for 3+ days", "not logged in for 90+ days", "emails I haven't replied to in over two days"), a field left
// empty ("products w/ empty description"), a date that is today ("whoever's birthday it is") and a value that
// changed ("when the price changes").
import type { Condition } from '../spec.ts';
import { numberWord } from './spoken.ts';
import { ago, codeComparison, spanField } from './words.ts';

export interface StatedTest {
  match: RegExpExecArray;
  condition: Condition;
}

/** States an item reaches that people name without quotes. */
const STATES =
  'won|lost|paid|unpaid|delivered|completed|complete|closed|approved|rejected|stuck|shipped|fulfilled|cancelled|canceled|done|ready|failed|overdue|resolved|published|signed|accepted|declined|expired|finished|churned|merged|hired|qualified|booked|confirmed|refunded|in transit';

/** Items whose state people say with a participle ("deal won", "order completed", "invoice is overdue"). */
const ITEMS =
  'deals?|orders?|invoices?|tickets?|tasks?|opportunit(?:y|ies)|issues?|prs?|pull requests?|payments?|subscriptions?|contracts?|documents?|envelopes?|jobs?|builds?|deploys?|deployments?|shipments?|packages?|candidates?|applications?|leads?|appointments?|bookings?|projects?|items?|cards?|listings?|checkouts?|quotes?|proposals?';

const STATE_AFTER_VERB = new RegExp(
  String.raw`\b(?:marked|marks|mark|marking|becomes?|became|changes? to|changed to|set to|moves? to|moved to|enters?|entered|shows? as|showing as|is now|goes to|turns?|turned|switch(?:es|ed)? to|flips? to|hits?)\s+(?:as\s+)?(?:stage\s+|status\s+)?[\x60'"‘“]?(${STATES})\b`,
);
const STATE_AFTER_ITEM = new RegExp(
  String.raw`\b(?:${ITEMS})\s+(?:is\s+|are\s+|gets\s+|get\s+|was\s+|were\s+|has been\s+|have been\s+)?(${STATES})\b(?!\s+(?:by|to|for|with|from)\b)`,
);
/** "3+ days", "90+ days", "for over 2 weeks", "in more than three days". */
const AGE = String.raw`(?:(\d+)\s*\+\s*|(?:over|more than|at least|longer than)\s+(\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+)(days?|hours?|weeks?|months?|years?)`;

/** Countries and regions people keep their customers apart by. */
const COUNTRIES =
  'the us|the usa|the u\\.s\\.|usa|the united states|the uk|uk|the united kingdom|the eu|eu|europe|canada|germany|france|spain|italy|the netherlands|netherlands|belgium|ireland|sweden|norway|denmark|finland|poland|portugal|austria|switzerland|australia|new zealand|india|brazil|mexico|japan|singapore|south africa|nigeria|kenya|israel|the uae|uae';

/**
 * "only those in the US", "customers from Canada", "leads based in Germany": people or orders of one country, not
 * "the US store" or "our EU server".
 */
const COUNTRY_OF = new RegExp(
  String.raw`\b(?:customers?|clients?|contacts?|leads?|users?|people|members?|subscribers?|orders?|sign-?ups?|buyers?|visitors?|prospects?|companies|accounts?|guests?|patients?|students?|applicants?|candidates?|those|ones|anyone|everyone|only|(?:who|that|which)\s+(?:are|is|live|lives|comes?)|signs?\s+up|signed\s+up)(?:\s+in\s+[a-z]+)?\s+(?:(?:based|located|living|who live|that live)\s+)?(?:in|from)\s+(${COUNTRIES})\b(?!\s*[-']|\s+(?:store|shop|office|team|server|site|warehouse|account|branch|region|market|version|website|instance|database|api|data|entity|subsidiary|workspace|portal)s?\b)`,
);

/** The stated tests of a request's lower-case text, in the order they are said. */
export function statedTests(lower: string, whole = lower): StatedTest[] {
  const out: StatedTest[] = [];
  const state = STATE_AFTER_VERB.exec(lower) ?? STATE_AFTER_ITEM.exec(lower);
  if (state) out.push({ match: state, condition: { field: 'status', operator: 'equals', value: state[1]! } });
  // "reaches the Proposal stage", "moves to 'Negotiation/Review'", "changes the lifecycle stage to SQL", "turns into an
  // SQL": a stage or status the item enters, named by the request.
  const entered = state
    ? null
    : (new RegExp(
        String.raw`\b(?:reach(?:es|ed)?|moves? (?:in)?to|moved (?:in)?to|enters?|entered|hits?|gets? to|lands? in)\s+(?:the\s+)?['"‘“\x60]?([\w/&-]+(?: [\w/&-]+)?)['"’”\x60]?\s+(stage|status|column|phase|step)\b`,
      ).exec(lower) ??
      /\b(?:reach(?:es|ed)?|moves? (?:in)?to|moved (?:in)?to|enters?|entered|changes? to|changed to|set to|sets? (?:it |its \w+ |the \w+ )?to|flips? (?:it |the \w+ (?:field )?)?to|flipped (?:it |the \w+ (?:field )?)?to|becomes?|became)\s+(?:the\s+)?['"‘“\x60]([^'"’”\x60]{1,30})['"’”\x60]/.exec(
        lower,
      ) ??
      /\b(?:lifecycle stage|stage|status|deal stage|lead status)\s+(?:changes?\s+|is\s+(?:changed|set|moved)\s+)?to\s+(mql|sql|sal|opportunity|customer|evangelist|subscriber|lead|won|lost|closed won|closed lost|qualified|unqualified|[a-z]+ed)\b/.exec(
        lower,
      ) ??
      /\b(?:turns?|turned|converts?|converted|is converted|becomes?|became)\s+(?:in(?:to)?\s+)?(?:an?\s+)?(mql|sql|sal|opportunity|customer|paying customer)\b/.exec(
        lower,
      ));
  if (entered) {
    const field = /\bstatus\b/.test(entered[0]) ? 'status' : 'stage';
    out.push({
      match: entered,
      condition: {
        field: entered[2] && /^(?:status|stage)$/.test(entered[2]) ? entered[2] : field,
        operator: 'equals',
        value: entered[1]!,
      },
    });
  }
  // "every won deal", "each paid invoice", "every time we win a deal": the state said before the item.
  const before =
    state || entered
      ? null
      : (new RegExp(
          String.raw`\b(?:every|each|any|all|a|the|newly)\s+(won|lost|paid|closed|completed|fulfilled|shipped|signed|approved|cancell?ed|refunded)\s+(?:[a-z]+\s+)?(?:${ITEMS})\b`,
        ).exec(lower) ??
        // "for all active clients listed in Airtable", "every inactive member": people kept with a state.
        /\b(?:every|each|any|all(?: (?:of )?(?:our|my|the))?|our|my)\s+(active|inactive)\s+(?:clients?|customers?|members?|subscribers?|users?|accounts?|employees?|students?|tenants?|patients?|vendors?|suppliers?|contacts?|volunteers?|partners?|subscriptions?|projects?)\b/.exec(
          lower,
        ) ??
        /\b(?:we|i|you|they|someone|a rep|the team)\s+(win|lose|close)\s+(?:a|the|an)\s+(?:new\s+)?(?:deal|opportunity|opp)\b/.exec(
          lower,
        ));
  if (before)
    out.push({
      match: before,
      condition: {
        field: 'status',
        operator: 'equals',
        value: ({ win: 'won', lose: 'lost', close: 'won' } as Record<string, string>)[before[1]!] ?? before[1]!,
      },
    });
  // "companies with lifecycle = customer", "charges where status == 'succeeded'": a test written as code.
  const code =
    /\b(?:with|where|whose|having)\s+(?:the\s+)?[a-z_][\w.]*(?:\s+[a-z_][\w.]*)?\s*(?:==|!=|<=|>=|=|<|>)\s*(?:'[^'\n]{1,40}'|"[^"\n]{1,40}"|now\s*[+-]\s*\d+\s*[a-z]+\b|-?\d+(?:\.\d+)?[a-z%]*|[\w.@:/-]{1,40})/.exec(
      lower,
    );
  const written = code ? codeComparison(code[0]) : null;
  if (code && written) out.push({ match: code, condition: written.condition });
  // "status `completed`", "stage: `won`": a state written as a code value.
  const coded = /\b(status|stage|state)\s*(?:[:=]|==|->|→)?\s*`([\w -]{1,30})`/.exec(lower);
  if (coded) out.push({ match: coded, condition: { field: coded[1]!, operator: 'equals', value: coded[2]!.trim() } });
  // "When I mark an appointment 'completed'", "tick 'ready'": a state or a box the user sets on the item.
  const marked = /\bmark(?:s|ed|ing)?\s+(?:[\w-]+\s+){0,3}?['"‘“`]([^'"’”`]{1,30})['"’”`]/.exec(lower);
  if (marked) out.push({ match: marked, condition: { field: 'status', operator: 'equals', value: marked[1]! } });
  const ticked = /\b(?:tick|ticks|ticked|check|checks|checked)\s+(?:the\s+)?['"‘“`]([^'"’”`]{1,30})['"’”`]/.exec(lower);
  if (ticked)
    out.push({
      match: ticked,
      condition: { field: ticked[1]!.replace(/\W+/g, '_'), operator: 'isTrue', value: true },
    });
  // "when a contact reaches 50 points", "hits 1,000 followers": a count the item reaches.
  const reaches =
    /\b(?:reach(?:es|ed)?|hits?|cross(?:es|ed)?|gets? to|exceeds?|exceeded|passes|passed)\s+(\d+)\s*\+?\s*(points?|pts|score|stars?|followers?|subscribers?|members?|sign-?ups?|likes?|views?)\b/.exec(
      lower,
    );
  if (reaches) {
    const noun = reaches[2]!.replace(/^pts$/, 'points').replace(/-/g, '');
    const field = /^(?:points?|score)$/.test(noun) ? (noun === 'score' ? 'score' : 'points') : noun.replace(/s?$/, 's');
    out.push({ match: reaches, condition: { field, operator: 'gte', value: Number(reaches[1]) } });
  }
  // "when someone adds the `bug` label to an issue": the item's labels hold it.
  const labelAdded =
    /\badd(?:s|ed|ing)?\s+(?:the\s+|a\s+)?[`'"‘“]?(?!(?:the|a|an)\s)([\w-]{1,30})[`'"’”]?\s+(?:label|tag)\b/.exec(
      lower,
    );
  if (labelAdded)
    out.push({ match: labelAdded, condition: { field: 'labels', operator: 'contains', value: labelAdded[1]! } });
  // "When I add the tag 'launch' to a product", "adds the label invoice to an email": the tag named after its word.
  const tagAdded = labelAdded
    ? null
    : /\badd(?:s|ed|ing)?\s+(?:the\s+|a\s+)?(label|tag)\s+[`'"‘“]?([\w-]{1,30})[`'"’”]?\s+(?:to|on)\b/.exec(lower);
  if (tagAdded)
    out.push({
      match: tagAdded,
      condition: { field: tagAdded[1] === 'tag' ? 'tags' : 'labels', operator: 'contains', value: tagAdded[2]! },
    });
  // "when someone places their first ever order", "on a customer's first purchase": only the first one.
  const first =
    /\b(?:their|his|her|a|the|your|my|our|[a-z]+['’]s)\s+(?:very\s+)?first(?:[\s-]+ever)?\s+(order|purchase|booking|payment|sale|donation|subscription|visit|appointment)\b/.exec(
      lower,
    );
  if (first)
    out.push({
      match: first,
      condition: /^(?:order|purchase|sale)$/.test(first[1]!)
        ? { field: 'orders_count', operator: 'equals', value: 1 }
        : { field: `first_${first[1]}`, operator: 'isTrue', value: true },
    });
  // "wait 3 days. Still in that stage? …": whether the item is where it was.
  const still = /\bstill (?:in|at|on) (?:that|the same|this|its) (stage|status|state|list|column)\b/.exec(lower);
  if (still) out.push({ match: still, condition: { field: `still_in_${still[1]}`, operator: 'isTrue', value: true } });
  // "any item below its minimum", "the items below their reorder level": a bound each item carries itself.
  const own =
    /\b(below|under|less than|lower than|beneath|above|over|more than|higher than|exceeds?|exceeding)\s+(?:its|their|the)\s+(re-?order (?:level|point|threshold|quantity)|minimum(?: (?:stock|level|quantity|threshold))?|min(?:imum)? stock|safety stock|par level|threshold|target|limit|budget|quota|max(?:imum)?(?: (?:stock|level|quantity))?)\b/.exec(
      lower,
    );
  if (own) {
    const measure = /\bstock\b/.test(whole)
      ? 'stock'
      : /\binventory\b/.test(whole)
        ? 'inventory'
        : /\bbudget\b/.test(own[2]!)
          ? 'spend'
          : 'quantity';
    out.push({
      match: own,
      condition: {
        field: measure,
        operator: /^(?:below|under|less than|lower than|beneath)$/.test(own[1]!) ? 'lt' : 'gt',
        value: `={{ $json.${own[2]!.replace(/[\s-]+/g, '_')} }}`,
      },
    });
  }
  // "everyone who ticked the newsletter box", "contacts who opted in to marketing": a yes/no the item carries.
  const ticked2 = ticked
    ? null
    : /\b(?:who|that|which|and)\s+(?:have\s+|has\s+)?(?:ticked|checked|selected|opted in(?: to| for)?|opted into|said yes to|agreed to|consented to)\s+(?:the\s+)?([\w-]+(?:\s+(?!box\b|checkbox\b|option\b)[\w-]+)?)(?:\s+(?:box|checkbox|option|field))?/.exec(
        lower,
      );
  if (ticked2)
    out.push({
      match: ticked2,
      condition: { field: ticked2[1]!.replace(/\W+/g, '_'), operator: 'isTrue', value: true },
    });
  // "only those with a Gmail address", "anyone using a yahoo email": the mail domain the address ends with.
  const domain =
    /\b(?:with|have|has|using|use)\s+(?:an?\s+)?(gmail|googlemail|yahoo|hotmail|outlook|icloud|aol|proton(?:mail)?)(?:\.com)?\s+(?:e-?mail\s+)?(?:address|addresses|account|accounts|e-?mails?)\b/.exec(
      lower,
    );
  if (domain) out.push({ match: domain, condition: { field: 'email', operator: 'contains', value: `@${domain[1]}.` } });
  // "only those in the US", "new customers from Canada", "leads based in Germany": the country the items are in.
  const country = COUNTRY_OF.exec(lower);
  if (country) {
    // ("the US", "u.s.", "usa": the short name in capitals; "new zealand": "New Zealand".)
    const said = country[1]!.replace(/^the /, '');
    const value = /^(?:u\.s\.|[a-z]{2,3})$/.test(said)
      ? said.replace(/\./g, '').toUpperCase()
      : said.replace(/\b[a-z]/g, (c) => c.toUpperCase());
    out.push({ match: country, condition: { field: 'country', operator: 'equals', value } });
  }
  // "deals in the stages 'Proposal Sent' or 'Negotiation'", "tickets in status 'Open'": the items' stage or status,
  // one of the quoted values.
  const inStages =
    /\bin (?:the |a )?(stage|status|column|list|phase)(?:es|s)?\s+((?:['"‘“][^'"’”\n]{1,30}['"’”](?:\s*,\s*|\s*,?\s*(?:or|and)\s+)?){1,6})/.exec(
      lower,
    );
  if (inStages) {
    const values = [...inStages[2]!.matchAll(/['"‘“]([^'"’”\n]{1,30})['"’”]/g)].map((v) => v[1]!);
    // The values as written (the request's capitals), found again in the whole text.
    const written = values.map((v) => {
      const at = whole.toLowerCase().indexOf(v);
      return at >= 0 ? whole.slice(at, at + v.length) : v;
    });
    out.push({
      match: inStages,
      condition:
        written.length > 1
          ? { field: inStages[1]!, operator: 'oneOf', value: written.join(', ') }
          : { field: inStages[1]!, operator: 'equals', value: written[0]! },
    });
  }
  // "opportunities nobody has updated for 30 days", "users who haven't logged in for 60 days": no activity since.
  const idle =
    /(?:\b(?:nobody|no one|not|never)|n't)\s+(?:has\s+|have\s+|been\s+|had\s+)?(?:been\s+)?(updated|touched|modified|changed|edited|contacted|logged in|active|replied(?: to)?|responded(?: to)?|opened|used|viewed|visited)\s+(?:\w+\s+)?(?:for|in|within|since)\s+(?:the\s+(?:last|past)\s+)?(\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty|sixty|ninety)\s+(days?|weeks?|months?|hours?)\b/.exec(
      lower,
    );
  if (idle) {
    const n = /^an?$/.test(idle[2]!) ? 1 : Number(numberWord(idle[2]!) ?? idle[2]);
    const field = /^(?:updated|touched|modified|changed|edited)$/.test(idle[1]!)
      ? 'updated_at'
      : /^logged in|^active|^used|^visited/.test(idle[1]!)
        ? 'last_login'
        : `last_${idle[1]!.split(' ')[0]}_at`;
    out.push({
      match: idle,
      condition: {
        field,
        operator: 'lt',
        value: `={{ $now.minus({ ${idle[3]!.replace(/s?$/, 's')}: ${n} }).toISO() }}`,
      },
    });
  }
  // "items stuck for 3+ days", "users not logged in 90+ days", "emails I haven't replied to in over two days".
  const age = new RegExp(String.raw`\b(?:for|in|since|of)?\s*${AGE}`).exec(lower);
  if (age) {
    const amount = Number(age[1] ?? (/^an?$/.test(age[2]!) ? 1 : (numberWord(age[2]!) ?? age[2])));
    // A date that long ago or longer: the last change, a due date when late, the creation when old.
    out.push({
      match: age,
      condition: {
        field: spanField(lower.slice(Math.max(0, age.index - 60), age.index + age[0].length + 20)),
        operator: /^(?:over|more than|longer than)\b/.test(age[0].trim().replace(/^(?:for|in|since|of)\s+/, ''))
          ? 'lt'
          : 'lte',
        value: ago(amount, age[3]!),
      },
    });
  }
  // "products w/ empty description", "contacts with no phone number", "rows where the email is blank".
  // "the products in my store that dont have a description yet": the field is missing too.
  const empty =
    /\b(?:with|w\/|that have|which have|having)\s+(?:an?\s+)?(?:empty|blank|missing|no)\s+([a-z_]+)/.exec(lower) ??
    /\b(?:that|which|who)\s+(?:don'?t|doesn'?t|do not|does not|didn'?t)\s+(?:have|has|include|contain)\s+(?:an?\s+|any\s+)?([a-z_]+)/.exec(
      lower,
    ) ??
    /\b(?:the\s+)?([a-z_]+)\s+(?:is|are)\s+(?:empty|blank|missing)\b/.exec(lower);
  if (
    empty &&
    !/^(?:one|ones|it|them|reply|response|answer|code|delay|delays|formatting|errors?|duplicates?|changes?|issues?|problems?|need|way|limit|limits|downtime|manual|human|extra|additional|more|further|other|luck|idea)$/.test(
      empty[1]!,
    )
  )
    out.push({ match: empty, condition: { field: empty[1]!, operator: 'notExists', value: '' } });
  // "who still haven't filled it in": the items not yet done.
  const notYet = /\bstill (?:haven't|hasn't|have not|has not|not|no|hasn't been|haven't been) ([a-z]+)/.exec(lower);
  if (notYet) out.push({ match: notYet, condition: { field: `${notYet[1]}`, operator: 'isFalse', value: false } });
  // "whoever's birthday it is", "clients whose renewal date is today".
  const today =
    /\b(?:whoever's|whose|who has (?:a|their)|with (?:a|their))\s+(birthday|anniversary|renewal|due date|deadline|expiry|start date)\b(?:[^.!?\n]{0,20}\b(?:is )?(today|tomorrow))?/.exec(
      lower,
    ) ??
    /\b(birthday|anniversary|due date|deadline|renewal date|expiry date|start date) (?:is )?(today|tomorrow)\b/.exec(
      lower,
    );
  if (today)
    out.push({
      match: today,
      condition: {
        field: today[1]!.replace(/ /g, '_'),
        operator: 'equals',
        value:
          today[2] === 'tomorrow'
            ? '={{ $today.plus(1, "day").toFormat("MM-dd") }}'
            : '={{ $today.toFormat("MM-dd") }}',
      },
    });
  // "when the price on the page changes", "if the stock level drops": compared with the value stored before.
  const changed =
    /\b(?:the\s+)?(price|stock|status|rate|score|rank|ranking|value|amount|balance|count)\b[^.!?\n]{0,40}?\b(changes?|changed|drops?|dropped|goes up|went up|goes down|went down|increases?|decreases?)\b/.exec(
      lower,
    );
  if (changed)
    out.push({
      match: changed,
      condition: { field: `${changed[1]}_changed`, operator: 'isTrue', value: true },
    });
  // "When the door sensor reports open and the alarm panel is armed", "… and the room is already booked": a state
  // joined to the event with "and" is a test of the event's item.
  const joined =
    /\b(?:when|whenever|if|once)\b[^.!?\n]{0,80}?\band (?:the|its|their|my|our|his|her|that) ([a-z]+(?: [a-z]+)?) (?:is|are|was|were) (not |already |still )?([a-z]+(?:ed|en)|on|off|open|closed|empty|full|free|busy|available|active|inactive|online|offline|true|false)\b/.exec(
      lower,
    );
  if (joined) {
    const field = `${joined[1]!.replace(/ /g, '_')}_${joined[3]}`;
    const negated = joined[2] === 'not ';
    out.push({ match: joined, condition: { field, operator: negated ? 'isFalse' : 'isTrue', value: !negated } });
  }
  // "reports `open` after 11pm", "a message before 7am": the time of day the event happens at.
  const hour = /\b(?:when|whenever|if|once)\b[^.!?\n]{0,80}?\b(after|before) (\d{1,2})(?::\d\d)?\s*(am|pm)\b/.exec(
    lower,
  );
  if (hour) {
    const h = (Number(hour[2]) % 12) + (hour[3] === 'pm' ? 12 : 0);
    out.push({
      match: hour,
      condition: { field: '$now.hour', operator: hour[1] === 'after' ? 'gte' : 'lt', value: h },
    });
  }
  // "ai scores hot/warm/cold … hot ones also get an SMS": one of the values listed before, said of its items.
  const listed = /\b([a-z]+)\s+([a-z]+(?:\/[a-z]+)+)\b/.exec(whole);
  if (listed) {
    const values = listed[2]!.split('/');
    const ones = new RegExp(String.raw`\b(${values.join('|')}) (?:ones|leads|items|tickets|messages|emails)\b`).exec(
      lower,
    );
    if (ones && whole.indexOf(lower) > listed.index) {
      const field = /^(?:scores?|rates?|rated|ranks?|grades?)$/.test(listed[1]!) ? 'score' : 'category';
      out.push({ match: ones, condition: { field, operator: 'equals', value: ones[1]! } });
    }
  }
  return out.sort((a, b) => a.match.index - b.match.index);
}
