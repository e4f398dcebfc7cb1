// "Forward any email from my boss to my Telegram", "forward emails with invoices to my accountant": mail that arrives
// is passed on. The mail trigger starts it; who sent it and what it carries are tested (a Filter); where it goes is the
// step, a mail to the person named when no app is.
import { walkSteps, type Condition, type Step, type Trigger } from '../spec.ts';

const FORWARD =
  /(?:^|[.!?\n,;]\s*|\bthen\s+)(?:(?:please|just|auto(?:matically)?)\s+)?(?:forward|send|copy|push|post|relay)\s+(?:me\s+)?(?:(?:any|all|every|each|new|incoming)\s+)?(?:new\s+|incoming\s+|unread\s+)?e-?mails?\b((?:[^.!?\n]|\.(?=\S)){0,120})/i;

/** People a mail is forwarded to or from, named by their role. */
const ROLE =
  /^(?:boss|manager|accountant|bookkeeper|assistant|team|partner|wife|husband|lawyer|cfo|ceo|cto|coo|founder|cofounder|co-founder|landlord|tenant|client|supervisor|lead|colleague|teacher|coach|advisor|mentor|sales team|support team|finance team|hr|admin)$/;

const placeholder = (label: string) => `<__PLACEHOLDER_VALUE__${label}__>`;

/** The sender test: an address or domain said, else the role's address for the user to fill in. */
function senderTest(rest: string): Condition | null {
  const from =
    /\bfrom\s+(?:(?:my|our|the)\s+)?([\w.+-]+@[\w.-]+\.[a-z]{2,}|@?[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|co|de|uk|fr|nl|app|dev)\b|[a-z]+(?: team)?)\b/i.exec(
      rest,
    );
  if (!from) return null;
  const who = from[1]!.toLowerCase();
  if (/[.@]/.test(who)) return { field: 'from', operator: 'contains', value: who.replace(/^@/, '') };
  return ROLE.test(who)
    ? { field: 'from', operator: 'contains', value: placeholder(`Your ${who}'s email address`) }
    : null;
}

/** The content test: "with invoices", "about the launch", "containing 'urgent'". */
function contentTest(rest: string): Condition | null {
  const about =
    /\b(?:with|about|containing|mentioning|that (?:mention|contain)s?)\s+(?:an?\s+|the\s+)?(?:word\s+)?['"‘“]?([a-z][\w-]{2,30})['"’”]?/i.exec(
      rest,
    );
  if (!about || /^(?:attachments?|files?|my|our|the|them|it)$/i.test(about[1]!)) return null;
  return { field: 'text', operator: 'contains', value: about[1]!.replace(/(?<!s)s$/, '') };
}

/** The mail step to the role named ("to my accountant"), where no step sends the mail on. */
function toRole(rest: string, provider: string): Step | null {
  const to = /\bto\s+(?:my|our|the)\s+([a-z]+(?: team)?)\b/i.exec(rest);
  if (!to || !ROLE.test(to[1]!.toLowerCase())) return null;
  const app = provider === 'gmail' ? 'gmail' : provider === 'outlook' ? 'microsoftOutlook' : 'emailSend';
  return {
    kind: 'app',
    app,
    verb: 'send',
    hints: { email: placeholder(`Your ${to[1]!.toLowerCase()}'s email address`) },
    phrase: to[0],
  };
}

export function forwardedMail(trigger: Trigger, steps: Step[], original: string, unmapped: string[]): void {
  if (trigger.kind !== 'email') return;
  const said = FORWARD.exec(original);
  if (!said) return;
  const rest = said[1]!;
  let sends = false;
  walkSteps(steps, (s) => (sends ||= s.kind === 'app' && (s.verb === 'send' || s.verb === 'create')));
  const tests = [senderTest(rest), contentTest(rest)].filter((c): c is Condition => c !== null);
  let tested = false;
  walkSteps(steps, (s) => (tested ||= s.kind === 'filter' || s.kind === 'if' || s.kind === 'switch'));
  const step = toRole(rest, trigger.provider);
  if (!sends) {
    if (!step) return;
    steps.push(step);
    for (let i = unmapped.length - 1; i >= 0; i--) if (rest.includes(unmapped[i]!.trim())) unmapped.splice(i, 1);
  }
  // ("forward any email from billing@acme.com to our bookkeeper": the address said is the sender's, not where the
  // mail goes.)
  const sender = tests.find((c) => c.field === 'from')?.value;
  walkSteps(steps, (s) => {
    if (s.kind !== 'app' || s.verb !== 'send' || !sender || s.hints.email !== sender) return;
    s.hints = {
      ...s.hints,
      email: step?.kind === 'app' ? step.hints.email! : placeholder('Recipient email address'),
    };
  });
  if (!tested && tests.length)
    steps.unshift({ kind: 'filter', condition: tests.length > 1 ? { ...tests[0]!, more: tests.slice(1) } : tests[0]! });
}
