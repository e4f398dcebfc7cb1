// The audits after the clauses are read, in order: mail that arrives starts the workflow, listed routes become a
// Switch (or fill a classifier's routes), files, waits and compared sources get their steps, and a stated test its
// Filter. Each audit adds only what the clause rules left out, and drops the parts it read from the unmapped list.
import { twoRecords } from './twoRecords.ts';
import { forwardedMail } from './forwarded.ts';
import { tagSteps } from './tags.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { isRead, stepLists, walkSteps, type Step, type Trigger } from '../spec.ts';
import { assistantAgent, auditAi, classifyMessages, rememberingAgent, switchToClassifier } from './auditAi.ts';
import { auditConditions } from './auditConditions.ts';
import { auditKinds } from './auditKinds.ts';
import { languageTest } from './language.ts';
import {
  chatArrival,
  datedReminder,
  formTrigger,
  mailTrigger,
  newItemsRead,
  manualRun,
  namedMailbox,
  scheduleTrigger,
  clockTrigger,
  watchTrigger,
  webhookTrigger,
} from './auditTriggers.ts';
import { alertHook, eventApp, triggerOnlyApp, triggerWithoutNode } from './auditStarts.ts';
import { auditRoutes, dropRouteTests } from './auditRoutes.ts';
import { choiceRoutes } from './choiceRoutes.ts';
import { topicRoutes } from './topicRoutes.ts';
import { MESSAGING } from './appGroups.ts';
import { pairFilters } from './pairFilters.ts';
import { rejectFirst } from './rejects.ts';
import type { Mentions } from './mentions.ts';
import type { ReadContext } from './steps.ts';
import type { Token } from './text.ts';
import { dayBuckets } from './dayBuckets.ts';
import { itemAfter, itemInEvent } from './trigger.ts';

interface Audit {
  tokens: Token[];
  original: string;
  mentions: Mentions;
  ctx: ReadContext;
  /** The parts of the request no rule read; an audit that reads one takes it off. */
  unmapped: string[];
  /** Reads a part of the request alone ("create a task in ClickUp"), as a route's steps. */
  readPart(text: string): Step[];
}

const CHAT = /^(?:slack|microsoftTeams|discord|mattermost|rocketchat|googleChat)$/;

function drop(unmapped: string[], read: (u: string) => boolean): void {
  const kept = unmapped.filter((u) => !read(u));
  unmapped.splice(0, unmapped.length, ...kept);
}

/** Audits a read spec's steps in place; returns its trigger (new mail may start it instead). */
export function auditSpec(steps: Step[], trigger: Trigger, a: Audit): Trigger {
  const { original, mentions, ctx } = a;
  const named = mentions.apps.map((m) => ({
    key: m.app.key,
    from: m.from,
    at: a.tokens[m.from]?.start ?? 0,
    item: itemAfter(m, a.tokens) ?? itemInEvent(m, a.tokens),
  }));
  // A spec's own "Trigger: …" line says what starts it; the audits that guess a start from the steps stay out.
  if (!ctx.headed) {
    const mail = mailTrigger(
      trigger,
      steps,
      original,
      mentions.apps.map((m) => m.app.key),
    );
    if (mail) {
      trigger = mail;
      ctx.emailTrigger = true;
      // The file read is the mail's first attachment (the mail trigger downloads them as attachment_0, …).
      if (mail.kind === 'email' && mail.attachments)
        walkSteps(steps, (s) => {
          if (s.kind === 'extract' && !s.binary) s.binary = 'attachment_0';
        });
      // "grab the attachment from our IMAP inbox" is what the mail trigger does.
      drop(a.unmapped, (u) => /\b(?:inbox|mailbox|imap)\b/i.test(u));
    }
    trigger = namedMailbox(
      trigger,
      steps,
      mentions.apps.map((m) => m.app.key),
    );
    const sourced = triggerWithoutNode(trigger, steps, named);
    if (sourced) trigger = sourced;
    const only = triggerOnlyApp(trigger, named, original);
    if (only) {
      trigger = only;
      // "we use Workable": an app n8n has only a trigger for is the start, never a step too.
      for (let i = steps.length - 1; i >= 0; i--) {
        const s = steps[i]!;
        if (s.kind === 'app' && only.kind === 'app' && s.app === only.app && s.verb === 'read') steps.splice(i, 1);
      }
    }
    const called = webhookTrigger(trigger, steps, original);
    if (called) trigger = called;
    const byHand = manualRun(trigger, original);
    if (byHand) {
      // The part the app's start was read from is a step of that app now, no question.
      const name = trigger.kind === 'app' ? nodeCatalog().app(trigger.app)?.name.toLowerCase() : undefined;
      if (name) drop(a.unmapped, (u) => u.toLowerCase().includes(name));
      trigger = byHand;
    }
    // "i'll run this": the start said, no step.
    if (trigger.kind === 'manual')
      drop(a.unmapped, (u) =>
        /^(?:(?:i'll|i will|we'll|we will|i want to|when i)\s+)?(?:hit\s+)?run(?:\s+(?:it|this))?$/i.test(u.trim()),
      );
    const chatted = chatArrival(trigger, steps, original);
    if (chatted) trigger = chatted;
    const form = formTrigger(trigger, steps, original);
    if (form) trigger = form;
    const dated = datedReminder(trigger, steps, original);
    if (dated) trigger = dated;
    const polled = scheduleTrigger(trigger, steps, original);
    if (polled) trigger = polled;
    const watched = watchTrigger(trigger, steps, original);
    if (watched) trigger = watched;
    const clocked = clockTrigger(trigger, steps, original);
    if (clocked) trigger = clocked;
    const fresh = newItemsRead(trigger, steps, original);
    if (fresh) trigger = fresh;
    const reacts = eventApp(trigger, steps, named, original);
    if (reacts) trigger = reacts;
    const alerted = alertHook(trigger, steps, named, original);
    if (alerted) trigger = alerted;
  }
  forwardedMail(trigger, steps, original, a.unmapped);
  const start = trigger;
  const routeContext = {
    read: a.readPart,
    // "Add each one to Pipedrive as a deal … Springfield goes to Tom": the items are where they were last put.
    itemApp: (before: number) => {
      let app: string | null = null;
      // "list overdue tasks in the Asana project … Tasks with no assignee: assign them …": else where they were read.
      let read: string | null = null;
      // (Not where another route put its own items: "Support: create a Freshdesk ticket. Spam: delete it.")
      const routed = new WeakSet<Step>();
      walkSteps(steps, (s) => {
        const routes = s.kind === 'switch' || s.kind === 'ai' ? (s.routes ?? []) : [];
        for (const r of routes) walkSteps(r.steps, (x) => routed.add(x));
      });
      // (Nor what one said as an option's own action: "Support: create a Freshdesk ticket.")
      const labelled = (at: number) => /(?:^|[.;!?\n])\s*[\w' -]{1,30}:\s*$/.test(original.slice(0, at));
      walkSteps(steps, (s) => {
        if (s.kind !== 'app' || s.verb === 'send' || routed.has(s)) return;
        const at = original.indexOf(s.phrase);
        if (at >= before || labelled(at)) return;
        if (s.verb === 'read') read = s.app;
        else app = s.app;
      });
      // The mail the run started with is where it came in ("Spam: delete it" in Gmail).
      const mailbox =
        start.kind === 'email' && /^(?:gmail|microsoftOutlook)$/.test(ctx.mailApp ?? '') ? ctx.mailApp! : null;
      return app ?? (start.kind === 'app' ? start.app : (mailbox ?? read));
    },
    mailApp: ctx.mailApp ?? 'emailSend',
    chatApp: mentions.apps.find((m) => CHAT.test(m.app.key))?.app.key ?? 'slack',
  };
  // Options listed once and each said again with its own action are read as such before the route lists.
  // "1-14 days overdue: …; 15-30 days: …": routes by a count of days.
  const bucketed = dayBuckets(steps, original, routeContext);
  const listedOwn = bucketed ? null : choiceRoutes(steps, original, routeContext, 'own');
  if (listedOwn?.byModel) switchToClassifier(steps, ctx);
  let routed = bucketed ?? listedOwn?.said ?? auditRoutes(steps, original, routeContext);
  if (!routed) {
    const chosen = choiceRoutes(steps, original, routeContext);
    if (chosen?.byModel) switchToClassifier(steps, ctx);
    routed = chosen?.said ?? null;
  }
  if (routed)
    drop(
      a.unmapped,
      (u) =>
        routed.includes(u.replace(/ \(which routes.*$/, '').trim()) ||
        // "send an approval email via Outlook routed by department: IT …": the routes with the step they share out.
        u.replace(/ \(which routes.*$/, '').includes(routed.trim().replace(/[.;]$/, '')) ||
        // "Route by course level: 3a", "Depending on the preference: 3a": the line that introduced the routes.
        /^(?:route|routes|routing|depending on|based on|split|sort|look(?:ing)? at|check)\b[^:]{0,60}:\s*(?:\d{1,2}[a-z]?|[a-z])?\s*(?:\(which routes.*)?$/i.test(
          u.trim(),
        ),
    );
  // "If it's about booking, reply …. If it's about meds, pass it to the nurse": a model sorts the messages.
  else if (topicRoutes(steps)) switchToClassifier(steps, ctx);
  dropRouteTests(steps);
  // "route by event:" over routes the clause rules made: the routes are there, no question about them.
  let switched = false;
  walkSteps(steps, (s) => (switched ||= s.kind === 'switch' && s.routes.length > 0));
  if (switched)
    drop(a.unmapped, (u) => /^(?:route|routes|routing)\s+(?:them\s+|it\s+)?by\b[^:]*\(which routes/i.test(u));
  auditKinds(steps, original, trigger.kind, ctx.emailTrigger, trigger.kind === 'app' ? trigger.app : undefined);
  tagSteps(steps);
  twoRecords(steps);
  classifyMessages(steps, trigger, ctx);
  const assisted = assistantAgent(steps, trigger, original, ctx);
  if (assisted) drop(a.unmapped, (u) => u.toLowerCase().includes(assisted.toLowerCase()));
  const wrote = auditAi(steps, original, ctx);
  rememberingAgent(steps, original);
  languageTest(steps, original, ctx);
  if (wrote)
    drop(
      a.unmapped,
      (u) => u.toLowerCase().includes(wrote.toLowerCase()) || wrote.toLowerCase().includes(u.toLowerCase()),
    );
  pairFilters(steps);
  rejectFirst(trigger, steps);
  insteadOutcome(steps);
  exceptionOutcome(steps, original);
  stateBeforeSummary(steps);
  testAfterSummary(steps);
  verifiedNotShaped(steps);
  oneSummary(steps);
  countBeforeSend(steps);
  rowLookup(steps);
  onlyAfterwards(steps, original);
  storedDocuments(steps);
  const tested = auditConditions(steps, a.tokens, original);
  if (tested) drop(a.unmapped, (u) => tested.includes(u.trim()));
  callerSteps(trigger, steps, original);
  writeBeforeSend(steps, original);
  chatEdits(steps);
  sceneSteps(steps);
  chartAfterData(steps);
  const replied = replyToSender(trigger, steps, a.unmapped);
  if (replied) drop(a.unmapped, (u) => u === replied);
  const changed = changeTriggerItem(trigger, steps, a.unmapped, original);
  if (changed) drop(a.unmapped, (u) => u === changed);
  sameItemChanged(trigger, steps);
  routelessSwitches(steps);
  return stateReached(trigger, steps, original);
}

/**
 * A Switch left with no route of its own ("anything angry flagged to the team lead" read as "anything else"): its
 * fallback's steps run for every item, with no Switch whose only output is "Other".
 */
function routelessSwitches(steps: Step[]): void {
  for (const list of stepLists(steps).reverse())
    for (let i = list.length - 1; i >= 0; i--) {
      const s = list[i]!;
      if (s.kind === 'switch' && !s.routes.length) list.splice(i, 1, ...(s.fallback ?? []));
    }
}

/**
 * "New Zammad ticket → … raise priority to high in Zammad": a change in the app the items came from, with no item
 * said, is a change of those items (the ticket), not of whatever the node lists first.
 */
function sameItemChanged(trigger: Trigger, steps: Step[]): void {
  const items = new Map<string, string>();
  if (trigger.kind === 'app' && trigger.item) items.set(trigger.app, trigger.item);
  walkSteps(steps, (s) => {
    if (s.kind !== 'app') return;
    if ((s.verb === 'read' || s.verb === 'search') && s.noun && !items.has(s.app)) items.set(s.app, s.noun);
    else if ((s.verb === 'update' || s.verb === 'delete') && !s.noun && items.has(s.app)) s.noun = items.get(s.app);
  });
}

/**
 * "Post Grafana alerts to our Webex room, but only the ones with status firing": a test said after the step it
 * holds back, as the last words of the request, goes before that step.
 */
function onlyAfterwards(steps: Step[], original: string): void {
  const last = steps.at(-1);
  const before = steps.at(-2);
  if (last?.kind !== 'filter' || before?.kind !== 'app' || (before.verb !== 'send' && before.verb !== 'create')) return;
  if (
    !/,?\s*(?:but\s+)?only\s+(?:the\s+ones|those|ones|the\s+\w+s|\w+s)\s+(?:with|that|which|where|whose)\b[^.!?\n]*[.!?]?\s*$/i.test(
      original,
    )
  )
    return;
  steps.splice(-2, 2, last, before);
}

/**
 * "Shopify order cancelled -> delete its row in the orders sheet": Google Sheets deletes rows by their number, so the
 * row is looked up first (its `row_number`), unless the items were read from the sheet already.
 */
function rowLookup(steps: Step[]): void {
  const order: Step[] = [];
  walkSteps(steps, (s) => order.push(s));
  for (const list of stepLists(steps))
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      if (s.kind !== 'app' || s.app !== 'googleSheets' || s.verb !== 'delete' || s.hints.clear) continue;
      const read = order
        .slice(0, order.indexOf(s))
        .some((r) => r.kind === 'app' && r.app === 'googleSheets' && (r.verb === 'read' || r.verb === 'search'));
      if (read) continue;
      list.splice(i, 0, { kind: 'app', app: 'googleSheets', verb: 'search', hints: { ...s.hints }, phrase: s.phrase });
      i++;
    }
}

/**
 * "pull the inactive users from Postgres, write them to the sheet, then email the row count to ops": a message that
 * tells how many items there were counts them first, and goes once (not once per item).
 */
function countBeforeSend(steps: Step[]): void {
  const send = steps.findIndex(
    (s) =>
      s.kind === 'app' &&
      s.verb === 'send' &&
      /\b(?:(?:row|item|record|result|entry|order|lead|ticket|user|file)s? count|how many|(?:total )?number of (?:rows|items|records|results|entries|orders|leads|tickets|users|files|new \w+))\b/i.test(
        s.phrase ?? '',
      ),
  );
  if (send < 1) return;
  const before = steps.slice(0, send);
  if (!before.some((s) => s.kind === 'app' && (s.verb === 'read' || s.verb === 'search'))) return;
  if (before.some((s) => /^(?:aggregate|count|sum|code|ai|loop|parallel|if|switch)$/.test(s.kind))) return;
  steps.splice(send, 0, { kind: 'count' });
}

/**
 * "count them per group and email the table. If any P1 incidents were opened, also post them to Teams": a test on
 * the items said after a summary of them (and what was done with it) goes on the items themselves, beside the
 * summary, not on the summary's e-mail.
 */
/**
 * "send me a summary of my unread emails": a test of what the items read are (unread, open, unpaid) is made on the
 * items, before the summary or the model's step that works on all of them, not on the summary.
 */
function stateBeforeSummary(steps: Step[]): void {
  for (let i = 2; i < steps.length; i++) {
    const test = steps[i]!;
    const made = steps[i - 1]!;
    const read = steps[i - 2]!;
    if (test.kind !== 'filter' || !isRead(read)) continue;
    if (made.kind !== 'aggregate' && !(made.kind === 'ai' && /^(?:summarise|write)$/.test(made.task))) continue;
    if (
      !/^(?:read|unread|is_?read|seen|starred|status|state|open|closed|paid|unpaid|done|completed)$/i.test(
        test.condition.field,
      )
    )
      continue;
    steps.splice(i, 1);
    steps.splice(i - 1, 0, test);
  }
}

/** A total or a count already makes one item of them: no second summary step after it. */
function oneSummary(steps: Step[]): void {
  for (const list of stepLists(steps))
    for (let i = list.length - 1; i > 0; i--)
      if (list[i]!.kind === 'aggregate' && /^(?:sum|count)$/.test(list[i - 1]!.kind)) list.splice(i, 1);
}

/** An e-mail verification service: Hunter's verifier and its kind, or a call to a verification API. */
const VERIFIES =
  /^(?:hunter|mailcheck|zeroBounce|neverBounce|emailable|kickbox|debounce|mailboxlayer|clearout|bouncer|millionVerifier)$/;

/**
 * "verify the email with Hunter; if the email is valid, …": valid is what the service answered, not the address's shape
 * (a test of its `valid` answer, as for a service the user points).
 */
function verifiedNotShaped(steps: Step[]): void {
  let verified = false;
  walkSteps(steps, (s) => {
    if ((s.kind === 'app' && VERIFIES.test(s.app)) || (s.kind === 'http' && /\bverif/i.test(`${s.api} ${s.phrase}`)))
      verified = true;
    if (!verified || (s.kind !== 'filter' && s.kind !== 'if')) return;
    const c = s.condition;
    if (c.field !== 'email' || !/^(?:matches|notMatches)$/.test(c.operator)) return;
    const valid = c.operator === 'matches';
    s.condition = { field: 'valid', operator: valid ? 'isTrue' : 'isFalse', value: valid };
  });
}

function testAfterSummary(steps: Step[]): void {
  const summary = steps.findIndex((s) => s.kind === 'count' || s.kind === 'sum' || s.kind === 'aggregate');
  if (summary < 1) return;
  const test = steps.findIndex(
    (s, k) =>
      k > summary + 1 &&
      (s.kind === 'filter' || s.kind === 'if') &&
      !/^(?:count|total|sum|number|items?)$/.test(s.condition.field),
  );
  if (test < 0 || test + (steps[test]!.kind === 'filter' ? 1 : 0) >= steps.length) return;
  const between = steps.slice(summary + 1, test);
  if (!between.length || !between.every((s) => s.kind === 'app' && (s.verb === 'send' || s.verb === 'create'))) return;
  const branches = [steps.slice(summary, test), steps.slice(test)];
  steps.splice(summary, steps.length - summary, { kind: 'parallel', branches, merge: false });
}

/**
 * "Send a WhatsApp welcome. If the lead has no phone number, send the welcome by email instead": the condition
 * chooses between the two, read as the action, a Filter and the other action: an If whose outcomes are the
 * action said with "instead" and the one it replaces.
 */
function insteadOutcome(steps: Step[]): void {
  for (let i = 1; i < steps.length; i++) {
    const test = steps[i]!;
    const usual = steps[i - 1]!;
    const other = steps[i + 1];
    // "… DM that person on Slack …. If no owner is listed, open a PagerDuty incident instead": the If made of the test
    // and its step takes the usual step as its other outcome.
    if (
      test.kind === 'if' &&
      !test.otherwise.length &&
      usual.kind === 'app' &&
      /^(?:send|create|update)$/.test(usual.verb) &&
      !/\binstead\b/i.test(usual.phrase) &&
      test.then.some((s) => s.kind === 'app' && /\binstead\b/i.test(s.phrase))
    ) {
      steps.splice(i - 1, 2, { ...test, otherwise: [usual] });
      return;
    }
    if (test.kind !== 'filter' || usual.kind !== 'app' || other?.kind !== 'app') continue;
    if (!/\binstead\b/i.test(other.phrase) || /\binstead\b/i.test(usual.phrase)) continue;
    if (usual.verb !== other.verb || (usual.verb !== 'send' && usual.verb !== 'create')) continue;
    steps.splice(i - 1, 3, { kind: 'if', condition: test.condition, then: [other], otherwise: [usual] });
    return;
  }
}

/** Words that say the usual steps do not happen for the items a test picks ("don't create anything", "no task"). */
const WITHHELD =
  /\b(?:don'?t|do not|doesn'?t|does not|never|shouldn'?t|should not|won'?t|instead|rather than|skip|skips)\b|\bno\s+(?:[a-z-]+\s+)?(?:task|ticket|email|message|page|deploy|deploys|alert|record|row|issue|invoice|key|text|texts|slack|sms|lead|contact|order)s?\b/i;

/**
 * "Create a ClickUp task for each dispute. Disputes under $25 don't get a task - just log them in a Google Sheet":
 * an exception said after the usual steps, read as those steps, a Filter and the exception's own steps, is one test
 * with two outcomes: the exception's steps where it holds, the usual ones where it does not.
 */
function exceptionOutcome(steps: Step[], original: string): void {
  for (const list of stepLists(steps)) {
    const at = list.findIndex((s) => s.kind === 'filter');
    if (at < 1 || at === list.length - 1) continue;
    const after = list.slice(at + 1);
    const first = after[0]!;
    if (after.some((s) => s.kind === 'filter' || s.kind === 'if' || s.kind === 'switch' || s.kind === 'loop')) continue;
    if (first.kind !== 'app' && first.kind !== 'http') continue;
    const where = first.phrase ? original.indexOf(first.phrase) : -1;
    if (where < 0) continue;
    const start = Math.max(original.lastIndexOf('.', where), original.lastIndexOf('\n', where)) + 1;
    const end = /[.\n]|$/.exec(original.slice(where + first.phrase.length))!.index + where + first.phrase.length;
    // "Find that invoice in Xero and record the payment against it. Any charge where the invoice can't be found …
    // should be posted to Teams": the lookup's other outcome.
    const filter = list[at] as Extract<Step, { kind: 'filter' }>;
    const unfound = filter.condition.field === 'id' && filter.condition.operator === 'notExists';
    const withheld = WITHHELD.test(original.slice(start, end));
    if (!unfound && !withheld) continue;
    // The usual steps: the writes just before the test, back to the read, model step or test they follow.
    let from = at;
    while (from > 0) {
      const s = list[from - 1]!;
      const writes =
        (s.kind === 'app' && s.verb !== 'read' && s.verb !== 'search') || (s.kind === 'http' && s.method !== 'GET');
      if (!writes) break;
      from--;
    }
    if (from === at) continue;
    // (The lookup is a read of the app the usual steps then write to: Xero's invoice found, its payment recorded.)
    const lookup = list[from - 1];
    const written = list[from];
    if (
      unfound &&
      !withheld &&
      !(lookup?.kind === 'app' && isRead(lookup) && written?.kind === 'app' && written.app === lookup.app)
    )
      continue;
    const test = filter;
    list.splice(from, list.length - from, {
      kind: 'if',
      condition: test.condition,
      then: after,
      otherwise: list.slice(from, at),
    });
    return;
  }
}

const EXCEL_SHAREPOINT = 'microsoftExcelSharePoint';

/** A workbook, sheet or document said with where it is kept ("our Excel workbook on OneDrive"). */
const KEPT_ON = keptOn('workbooks?|spreadsheets?|sheets?|trackers?|registers?|docs?|documents?');
/** "read the rows of the Excel file "Contracts register" on SharePoint": a file whose rows are read is a workbook. */
const FILE_KEPT_ON = keptOn('files?');

function keptOn(nouns: string): RegExp {
  return new RegExp(
    String.raw`\b(?:${nouns})\b(?:\s+["'“‘][^"'”’\n]{1,60}["'”’])?['"’”]?\s+(?:on|in)\s+(?:our\s+|the\s+|my\s+|a\s+)?(?:shared\s+)?(?:onedrive|sharepoint|google drive|drive)\b`,
    'i',
  );
}

/**
 * "add a row in our 'Incident Register' Excel workbook on OneDrive": the store is where the workbook lives (Excel
 * 365 and Google Sheets reach it themselves), not a step of its own.
 */
function storedDocuments(steps: Step[]): void {
  const lists = stepLists(steps);
  for (const list of lists)
    for (let i = list.length - 1; i >= 0; i--) {
      const store = list[i];
      // (A step removed below may have shortened the list.)
      if (!store || store.kind !== 'app' || !/^(?:microsoftOneDrive|microsoftSharePoint|googleDrive)$/.test(store.app))
        continue;
      const document = lists
        .flat()
        .find(
          (d) =>
            d !== store &&
            d.kind === 'app' &&
            d.phrase === store.phrase &&
            /^(?:microsoftExcel|googleSheets|googleDocs|microsoftWord)$/.test(d.app) &&
            (KEPT_ON.test(store.phrase) ||
              (d.verb === 'read' && /\brows?\b/i.test(d.phrase) && FILE_KEPT_ON.test(store.phrase))),
        );
      if (!document || document.kind !== 'app') continue;
      // A workbook on SharePoint is reached by n8n's Microsoft Excel (SharePoint) node; the Excel node's is OneDrive.
      if (
        document.app === 'microsoftExcel' &&
        store.app === 'microsoftSharePoint' &&
        nodeCatalog().app(EXCEL_SHAREPOINT)
      ) {
        document.app = EXCEL_SHAREPOINT;
        // The same workbook read again from part of the phrase is that step too.
        for (let k = list.length - 1; k >= 0; k--) {
          const other = list[k]!;
          if (
            other.kind === 'app' &&
            other.app === 'microsoftExcel' &&
            (document.phrase.includes(other.phrase) || other.phrase.includes(document.phrase))
          )
            list.splice(k, 1);
        }
      }
      list.splice(list.indexOf(store), 1);
    }
  // The same sheet step read twice from one phrase ("Excel workbook": the app and its generic noun) is one step;
  // two posts to one app from one phrase ("Instagram, Facebook": both the Graph API) are two.
  for (const list of lists)
    for (let i = list.length - 1; i > 0; i--) {
      const s = list[i]!;
      if (
        s.kind === 'app' &&
        /^(?:microsoftExcel|microsoftExcelSharePoint|googleSheets|googleDocs|microsoftWord|airtable)$/.test(s.app) &&
        list
          .slice(0, i)
          .some(
            (d) =>
              d.kind === 'app' &&
              d.app === s.app &&
              d.verb === s.verb &&
              d.phrase === s.phrase &&
              JSON.stringify(d.hints) === JSON.stringify(s.hints),
          )
      )
        list.splice(i, 1);
    }
}

/** "cancel the subscription", "close the ticket", "archive the card": a change to an item, said with no app. */
const CHANGE =
  /^(?:(?:and|then|also|just)\s+)?(cancel|close|archive|delete|remove|reopen|resolve|refund|void|unsubscribe|deactivate|pause|suspend)\s+(?:the|that|this|their|its|his|her)\s+([a-z-]+)\b/i;

/**
 * A change to an item no clause gave an app goes to the app whose event started the workflow, where that app has an
 * action node ("when a payment fails in Stripe, … cancel the subscription" cancels it in Stripe). Returns the part.
 */
function changeTriggerItem(trigger: Trigger, steps: Step[], unmapped: string[], original: string): string | null {
  if (trigger.kind !== 'app' || MESSAGING.test(trigger.app) || !nodeCatalog().app(trigger.app)?.action) return null;
  const part = unmapped.find((u) => CHANGE.test(u.trim()));
  if (!part) return null;
  // "archive the card", "close the ticket", "cancel the order" change it; only "delete" and "remove" delete it.
  const verb = /^(?:(?:and|then|also|just)\s+)?(?:delete|remove)\b/i.test(part.trim()) ? 'delete' : 'update';
  // Where the request says the item's change, among the steps said before and after it.
  const at = original.indexOf(part);
  let index = steps.length;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    const said = s.kind === 'app' || s.kind === 'http' || s.kind === 'ai' ? original.indexOf(s.phrase) : -1;
    if (said > at) {
      index = i;
      break;
    }
  }
  const noun = CHANGE.exec(part.trim())![2]!.toLowerCase().replace(/s$/, '');
  // Only where the node works on that kind of item: Stripe's node has no subscriptions, so "cancel the
  // subscription" is left for the reply to name rather than deleting something else.
  if (
    !nodeCatalog()
      .resources(trigger.app)
      .some((r) => r.toLowerCase().includes(noun))
  )
    return null;
  steps.splice(index, 0, { kind: 'app', app: trigger.app, verb, noun, hints: {}, phrase: part });
  return part;
}

/** A reply said with no app: "Could each one get an automatic acknowledgement reply?", "send an automatic reply". */
const REPLY =
  /\b(?:repl(?:y|ies|ied)|respond\w*|responses?|acknowledg\w*|auto-?repl(?:y|ies)|auto-?responses?|answer(?:s|ed)?)\b/i;

const MAIL_OF: Record<string, string> = { gmail: 'gmail', outlook: 'microsoftOutlook' };

/**
 * A reply the clause rules read no step from goes back where the message came from: through the trigger's mail app,
 * or the chat app whose message started the workflow. Returns the part it read, or null.
 */
function replyToSender(trigger: Trigger, steps: Step[], unmapped: string[]): string | null {
  const part = unmapped.find((u) => REPLY.test(u) && !/\b(?:if|when|whether|unless)\b/i.test(u));
  if (!part) return null;
  const app =
    trigger.kind === 'email'
      ? (MAIL_OF[trigger.provider] ?? 'emailSend')
      : trigger.kind === 'app' && MESSAGING.test(trigger.app)
        ? trigger.app
        : null;
  if (!app) return null;
  let sent = false;
  walkSteps(steps, (s) => (sent ||= s.kind === 'app' && s.app === app && s.verb === 'send'));
  if (sent) return null;
  steps.push({ kind: 'app', app, verb: 'send', hints: {}, phrase: part });
  return part;
}

/** Words that only say which apps the writer has: "We sell on Shopify", "we use HubSpot", "I'm on Xero". */
const SCENE =
  /^(?:but |and |so |also |here )?(?:we|i)(?:'re|'m| are| am)?\s+(?:(?:already|currently|mainly|mostly|also)\s+)?(?:sell|selling|use|using|run|running|are on|'re on|'m on|am on|work in|work with|live in|host)\b(?:\s+(?:our|my|the|a|an))?\s+\S+(?:\s+\S+)?$/i;

/**
 * "We sell on Shopify, but our 3PL … compare … to Shopify's inventory": a step the scene-setting words made is
 * dropped where the request does something with that app elsewhere.
 */
function sceneSteps(steps: Step[]): void {
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (s.kind !== 'app' || !SCENE.test(s.phrase.trim())) continue;
    let elsewhere = false;
    walkSteps(steps, (x) => (elsewhere ||= x !== s && x.kind === 'app' && x.app === s.app && x.phrase !== s.phrase));
    if (elsewhere) steps.splice(i, 1);
  }
}

/**
 * "a chart of open claims by status, built from our Postgres claims table": one QuickChart step, drawn from the data
 * read before it, whichever words named it first.
 */
function chartAfterData(steps: Step[]): void {
  const charts = steps.filter((s) => s.kind === 'app' && s.app === 'quickChart');
  if (!charts.length) return;
  const chart = { ...(charts[0] as Extract<Step, { kind: 'app' }>), verb: 'create' as const };
  for (const c of charts) steps.splice(steps.indexOf(c), 1);
  let at = 0;
  steps.forEach((s, i) => {
    if (isRead(s) || s.kind === 'parallel' || s.kind === 'filter' || s.kind === 'aggregate' || s.kind === 'extract')
      at = i + 1;
  });
  steps.splice(at, 0, chart);
}

/** "send each customer a polite, personalised reminder written by AI": the text is written, then sent. */
/** Chat apps whose messages n8n edits only by their id (Slack's timestamp, Teams' message id). */
const EDITED_CHAT = /^(?:slack|microsoftTeams|discord|mattermost|googleChat|rocketchat|telegram|whatsApp)$/;

/**
 * "… send the AE a summary in Slack. If CSAT is below 80%, mark it with a red flag": a message the request never
 * names by its id cannot be edited (n8n's validator rejects the update), so the mark goes out as a message of its
 * own. Changes to a channel, a user or a status stay what they are.
 */
function chatEdits(steps: Step[]): void {
  walkSteps(steps, (s) => {
    if (
      s.kind === 'app' &&
      s.verb === 'update' &&
      EDITED_CHAT.test(s.app) &&
      !/^(?:channels?|users?|status|profile|topic|members?|groups?|conversations?)$/.test(s.noun ?? '')
    )
      s.verb = 'send';
  });
}

function writeBeforeSend(steps: Step[], original: string): void {
  const sentence = (phrase: string) => {
    const at = original.indexOf(phrase);
    return at < 0 ? -1 : original.slice(0, at).split(/[.!?\n]/).length;
  };
  for (let i = 0; i + 1 < steps.length; i++) {
    const send = steps[i]!;
    const ai = steps[i + 1]!;
    if (
      send.kind === 'app' &&
      send.verb === 'send' &&
      ai.kind === 'ai' &&
      ai.task === 'write' &&
      sentence(send.phrase) >= 0 &&
      sentence(send.phrase) === sentence(ai.phrase)
    )
      steps.splice(i, 2, ai, send);
  }
}

/**
 * "Sentry sends us a webhook for every new issue", "we get alerts from Grafana via webhook": the app that calls the
 * webhook is where the items come from, not a step to read or send.
 */
function callerSteps(trigger: Trigger, steps: Step[], original: string): void {
  if (trigger.kind !== 'webhook') return;
  const caller = (s: Step): boolean => {
    if (s.kind !== 'app' || !s.phrase) return false;
    // "uptimerobot can call a webhook when …": the caller, whatever verb the clause rules gave it.
    if (
      /^\W*[\w.-]+(?:\s+[\w.-]+)?\s+(?:can|will|could|should|is able to)\s+(?:call|hit|send|post|fire|trigger)\s+(?:us\s+)?(?:an?\s+|our\s+)?web ?hooks?\b/i.test(
        s.phrase,
      )
    )
      return true;
    if (s.verb !== 'read' && s.verb !== 'send' && s.verb !== 'create') return false;
    const at = original.indexOf(s.phrase);
    const after = at < 0 ? '' : original.slice(at + s.phrase.length, at + s.phrase.length + 30);
    const posts =
      /\b(?:sends?|posts?|fires?|calls?|hits?|triggers?|pushes|curls?|pings?)\s+(?:[\w.-]+\s+){0,4}?(?:to\s+)?(?:us\s+|me\s+)?(?:an?\s+|our\s+)?web ?hooks?\b/i.exec(
        s.phrase,
      );
    // Not "Forward every event our backend POSTs to the webhook to PostHog": the app named after the webhook is
    // where the events go.
    const named = nodeCatalog().app(s.app)?.name.toLowerCase() ?? s.app.toLowerCase();
    const after_ = posts ? s.phrase.slice(posts.index + posts[0].length).toLowerCase() : '';
    return (
      (Boolean(posts) && !after_.includes(named)) ||
      /^\s+(?:via|through|by|over|as)\s+(?:an?\s+)?web ?hooks?\b/i.test(after)
    );
  };
  const prune = (list: Step[]): void => {
    for (let i = list.length - 1; i >= 0; i--) if (caller(list[i]!)) list.splice(i, 1);
  };
  prune(steps);
  walkSteps(steps, (s) => {
    if (s.kind === 'if') {
      prune(s.then);
      prune(s.otherwise);
    }
  });
}

/** "when a deal is marked as won", "moves to Done", "reaches 50 points": a change to an item that already exists. */
const REACHED =
  /\b(?:is|are|gets?|got)\s+(?:marked|moved|set|changed|switched)\b|\b(?:moves?|moved|changes?|changed|switch(?:es|ed)?|goes|went)\s+to\b|\b(?:reaches|reached|hits|becomes|became|won|wins?|turns? into|flips?|flipped)\b/i;

/**
 * An app's event read as "created" whose first step keeps the items in a state the request says they reach ("when a
 * deal is marked as won in Pipedrive") starts from the app's update event: a new deal is rarely won already.
 */
function stateReached(trigger: Trigger, steps: Step[], original: string): Trigger {
  if (trigger.kind !== 'app' || (trigger.event ?? 'created') !== 'created') return trigger;
  if (!REACHED.test(original)) return trigger;
  for (const step of steps) {
    if (step.kind !== 'filter' && step.kind !== 'if') break;
    if (/^(?:status|stage|state|dealstage|score|points|lead_score)$/.test(step.condition.field))
      return { ...trigger, event: 'updated' };
    if (step.kind === 'if') break;
  }
  return trigger;
}
