// Requests dictated by voice and requests that route by a choice, as outside writers said them: fillers and
// self-corrections, app names split by speech-to-text, clock times in words, "text me" with no pause before it;
// options listed once and an action said once "to the right" place, or each option said again with its own action;
// a test the trigger's items carry, "other tickets should be left alone", fields read off a document, and reminders
// on dates kept in a store.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { writtenForm } from '../src/workflows/intent/spoken.ts';
import type { WorkflowSpec } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';

const apps = (spec: WorkflowSpec) => all(spec).flatMap((s) => (s.kind === 'app' ? [`${s.app}:${s.verb}`] : []));

/** The Switch (or the classifier's routes) of a spec: its field and, per route, the apps it runs. */
function routes(spec: WorkflowSpec): { field: string; routes: Record<string, string[]> } | null {
  const branch = all(spec).find((s) => s.kind === 'switch' || (s.kind === 'ai' && (s.routes?.length ?? 0) > 1));
  if (!branch) return null;
  const list = branch.kind === 'switch' ? branch.routes : branch.kind === 'ai' ? branch.routes! : [];
  const field = branch.kind === 'switch' ? branch.field : 'classifier';
  return {
    field,
    routes: Object.fromEntries(
      list.map((r) => [r.name, r.steps.flatMap((s) => (s.kind === 'app' ? [`${s.app}:${s.verb}`] : [s.kind]))]),
    ),
  };
}

describe('the reader on dictated requests', () => {
  it('drops fillers and keeps what the speaker said last', () => {
    assert.equal(
      writtenForm('um so basically every friday no wait every thursday we send the report you know'),
      'every thursday we send the report',
    );
    assert.equal(writtenForm('create the card in asana no sorry in trello'), 'create the card in trello');
    assert.equal(writtenForm('at seven no make it seven thirty'), 'at 7:30');
    // One word alone corrects nothing, and "let you know" stays.
    assert.equal(writtenForm('if no one replies, let you know'), 'if no one replies, let you know');
  });

  it('joins app names speech-to-text split and reads clock times said in words', () => {
    const spec = readRequest(
      'uh every night at eleven thirty copy the new orders from woo commerce into air table and text me when it is done',
    );
    assert.deepEqual(spec.trigger, {
      kind: 'schedule',
      rule: { field: 'days', daysInterval: 1, triggerAtHour: 23, triggerAtMinute: 30 },
    });
    assert.ok(apps(spec).includes('wooCommerce:read'));
    assert.ok(apps(spec).includes('airtable:create'));
    assert.ok(apps(spec).includes('twilio:send'), apps(spec).join());
    // "text me": to the user's own number, which they fill in.
    const text = all(spec).find((s) => s.kind === 'app' && s.app === 'twilio');
    assert.ok(text?.kind === 'app');
    assert.equal(text.hints.phone, '<__PLACEHOLDER_VALUE__Your phone number__>');
    const mail = readRequest('when i get an email in g mail from my accountant add a task in to do ist');
    assert.deepEqual(mail.trigger, { kind: 'email', provider: 'gmail' });
    assert.deepEqual(apps(mail), ['todoist:create']);
  });

  it('sends a text when "text the manager" follows a clause with no pause', () => {
    const spec = readRequest(
      'every morning at six check the weather in Leeds and if wind is over like forty mph text the site manager',
    );
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'days', daysInterval: 1, triggerAtHour: 6 } });
    assert.ok(apps(spec).includes('twilio:send'), apps(spec).join());
    const test = all(spec).find((s) => s.kind === 'filter' || s.kind === 'if');
    assert.ok(test && (test.kind === 'filter' || test.kind === 'if'));
    assert.deepEqual([test.condition.operator, test.condition.value], ['gt', 40]);
  });

  it('reads a part of the day with a 12-hour time ("every evening at 7" is 19:00)', () => {
    const spec = readRequest("every evening at 7 email me yesterday's charges from stripe");
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'days', daysInterval: 1, triggerAtHour: 19 } });
  });
});

describe('the reader routes by a choice', () => {
  it('makes one route per option picked, each doing the action said once for "the right" person', () => {
    const spec = readRequest(
      'Customers pick a plan on our Typeform: Starter, Growth or Enterprise. Each sign-up should be emailed to the right account manager.',
    );
    assert.deepEqual(routes(spec), {
      field: 'plan',
      routes: { Starter: ['emailSend:send'], Growth: ['emailSend:send'], Enterprise: ['emailSend:send'] },
    });
    // The email is sent in the routes, not once more after them.
    assert.equal(apps(spec).filter((a) => a === 'emailSend:send').length, 3);
  });

  it('skips how the work is done by hand today and takes the action the request asks for', () => {
    const spec = readRequest(
      'Members choose a class when they book: yoga, pilates or spin. At the moment I forward each booking to the right instructor by hand. Could each booking be posted to the matching Slack channel instead?',
    );
    assert.deepEqual(routes(spec), {
      field: 'class',
      routes: { yoga: ['slack:send'], pilates: ['slack:send'], spin: ['slack:send'] },
    });
  });

  it('gives each option its own action when the request says one for each', () => {
    const spec = readRequest(
      'Facilities requests reach our Typeform with a site: Leeds, York or Hull. Leeds requests go to the Leeds team on Slack, York requests by email to the York office, and Hull requests as a card on the Hull Trello board. Could that be automated so they go to the right team?',
    );
    assert.deepEqual(routes(spec), {
      field: 'site',
      routes: { Leeds: ['slack:send'], York: ['emailSend:send'], Hull: ['trello:create'] },
    });
    // The option names are no systems to call.
    assert.ok(!all(spec).some((s) => s.kind === 'http'));
  });

  it('lets a model tell which category an email is when the request says to figure it out', () => {
    const spec = readRequest(
      'Read the shared inbox and figure out if each email is a sales lead, a support question or spam, then forward it to the right team.',
    );
    const r = routes(spec);
    assert.equal(r?.field, 'classifier');
    assert.deepEqual(Object.keys(r!.routes), ['sales lead', 'support question', 'spam']);
    assert.ok(Object.values(r!.routes).every((steps) => steps.join() === 'emailSend:send'));
  });

  it('sorts messages with a model when each test says what a message is about', () => {
    const spec = readRequest(
      "When a message comes in on our WhatsApp line for the gym: if it's about membership prices, reply with the price list. If it's about cancelling, create a HubSpot ticket. If a message mentions injury, email the manager.",
    );
    const r = routes(spec);
    assert.equal(r?.field, 'classifier');
    assert.deepEqual(r!.routes, {
      'Membership prices': ['whatsApp:send'],
      Cancelling: ['hubspot:create'],
      Injury: ['emailSend:send'],
    });
  });
});

describe('the reader on tests, documents and dates', () => {
  it("filters the trigger's items by a text in a field, a priority code and the office they are in", () => {
    const subject = readRequest(
      "When a Zendesk ticket comes in with 'refund' in the subject, post it to #refunds in Slack. Other tickets should be left alone.",
    );
    assert.deepEqual(subject.steps[0], {
      kind: 'filter',
      condition: { field: 'subject', operator: 'contains', value: 'refund' },
    });
    // "Other tickets should be left alone" is no step.
    assert.deepEqual(apps(subject), ['slack:send']);
    const p1 = readRequest('Page the on-call engineer in PagerDuty when ServiceNow gets a P1.');
    assert.deepEqual(p1.steps[0], {
      kind: 'filter',
      condition: { field: 'priority', operator: 'equals', value: 'P1' },
    });
    const office = readRequest('Send a Teams message whenever a new hire in the Berlin office is added in BambooHR.');
    assert.deepEqual(office.steps[0], {
      kind: 'filter',
      condition: { field: 'office', operator: 'equals', value: 'Berlin' },
    });
  });

  it('replies through the mail app a message came in by when no app is named for the reply', () => {
    const spec = readRequest(
      'Booking questions come into our Outlook inbox. Could each one get an automatic acknowledgement reply?',
    );
    assert.deepEqual(spec.trigger, { kind: 'email', provider: 'outlook' });
    assert.deepEqual(apps(spec), ['microsoftOutlook:send']);
  });

  it('takes the start from the event, not from how often the chore is done by hand today', () => {
    const spec = readRequest(
      "Members sign up for classes through our Jotform. At the moment I copy the sign-ups into our Google Sheet every Friday by hand. Could each new sign-up go into the sheet as it comes in, so I don't have to do it every week?",
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'jotForm');
    assert.ok(apps(spec).includes('googleSheets:create'), apps(spec).join());
  });

  it("changes the trigger's item where no app is named, never deleting what was asked to be cancelled", () => {
    const order = readRequest(
      "When a Shopify order is created with 'test' in the note, cancel the order and let the team know in Slack.",
    );
    assert.deepEqual(apps(order), ['shopify:update', 'slack:send']);
    // Stripe's node has no subscriptions: the step is named as not mapped rather than deleting a customer.
    const stripe = readRequest('when a payment fails in stripe, cancel the subscription and let us know in slack');
    assert.deepEqual(apps(stripe), ['slack:send']);
    assert.ok(stripe.unmapped.includes('cancel the subscription'), stripe.unmapped.join());
  });

  it('reads fields off a document with a model ("read the vendor, total and VAT off each receipt photo")', () => {
    const spec = readRequest(
      'Read the vendor, total and VAT off each receipt photo sent to our Telegram bot and add a row to the Expenses sheet.',
    );
    const ai = all(spec).find((s) => s.kind === 'ai');
    assert.ok(ai?.kind === 'ai');
    assert.equal(ai.task, 'extract');
    assert.deepEqual(apps(spec), ['googleSheets:create']);
  });

  it('reads the store every day for reminders on dates kept there', () => {
    const birthday = readRequest(
      'Send each volunteer a WhatsApp message on their birthday. Names, dates and numbers are in Airtable.',
    );
    assert.deepEqual(birthday.trigger, {
      kind: 'schedule',
      rule: { field: 'days', daysInterval: 1, triggerAtHour: 9 },
    });
    assert.deepEqual(apps(birthday), ['airtable:read', 'whatsApp:send']);
    const after = readRequest(
      "2 weeks after each employee's start date, send them a survey by email. Start dates are in our Google Sheet.",
    );
    assert.equal(after.trigger.kind, 'schedule');
    const filter = all(after).find((s) => s.kind === 'filter');
    assert.ok(filter?.kind === 'filter');
    assert.equal(filter.condition.field, 'start_date');
    assert.match(String(filter.condition.value), /\$today\.plus\(-14, "days"\)/);
    const renewal = readRequest(
      "Post a Slack message on each client's renewal date (clients and dates are in Airtable).",
    );
    const due = all(renewal).find((s) => s.kind === 'filter');
    assert.ok(due?.kind === 'filter');
    assert.deepEqual([due.condition.field, due.condition.operator], ['renewal_date', 'equals']);
  });
});
