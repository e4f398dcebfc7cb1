// Requests with a second part of their own and routes said the way support and operations people write them: a
// weekly summary beside the event part ("Every Monday at 9am, email me a summary … from that sheet"), the run as a
// whole failing (n8n's Error Trigger), "Critical: … High: TheHive alert only", "Medium and low: …", a model's
// categories as routes, a CSV uploaded through a form, "for each email", and two steps "in parallel".
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, kinds } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));
const types = (nodes: Array<{ type: string }>) => nodes.map((n) => n.type.replace(/^.*\./, ''));

describe('the reader on parts with their own start', () => {
  it('reads a scheduled summary as a second part that reads back what the first part stored', () => {
    const spec = readRequest(
      'When Postmark reports a hard bounce, mark the contact as invalid in Copper. Log every bounce to a Google Sheet, and every Monday at 9am email me a summary of last week\u2019s bounces.',
    );
    assert.ok(spec.trigger.kind === 'app' && spec.trigger.app === 'postmark', JSON.stringify(spec.trigger));
    assert.ok(!apps(all(spec)).includes('emailSend:send'), 'the summary is not sent for each bounce');
    const [part] = spec.parts ?? [];
    assert.equal(part?.trigger.kind, 'schedule');
    assert.deepEqual(
      part!.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['googleSheets:read', 'aggregate', 'emailSend:send'],
    );
  });

  it('takes "Separately, every 30 minutes …" and a summary said last as parts of their own', () => {
    const checks = readRequest(
      'Carers tap an NFC tag in each room, which calls a webhook with the room number; store each check in our Postgres table night_checks. Separately, every 30 minutes, look for any room with no check in the last 2 hours and send the night nurse a Pushover alert listing those rooms.',
    );
    assert.equal(checks.trigger.kind, 'webhook');
    assert.deepEqual(apps(all(checks)), ['postgres:create']);
    assert.equal(checks.parts?.[0]?.trigger.kind, 'schedule');
    const tickets = readRequest(
      'Users report IT problems by emailing help@ourco.com (IMAP). For each email, create a Freshservice ticket and log it to the it_tickets MySQL table, and email me a weekly count per category every Monday.',
    );
    assert.deepEqual(tickets.trigger, { kind: 'email', provider: 'imap' });
    assert.equal(tickets.parts?.[0]?.trigger.kind, 'schedule');
    // "For each email": the items, not a mail sent.
    assert.ok(!apps(all(tickets)).includes('emailSend:send'));
  });

  it('keeps one start when the summary is the whole workflow', () => {
    const spec = readRequest(
      'Every morning at 7, pull the latest events from our MISP instance and email the SOC lead a daily summary.',
    );
    assert.equal(spec.trigger.kind, 'schedule');
    assert.equal(spec.parts, undefined);
  });

  it('reads the run as a whole failing as an Error Trigger part, and one step failing as its error output', () => {
    const run = readRequest(
      'Every night at 2am, get yesterday\u2019s orders from Magento and post the total to Slack. If the workflow fails, email me at ops@shop.com with the error.',
    );
    assert.deepEqual(run.onError, []);
    assert.deepEqual(run.parts?.[0]?.trigger, { kind: 'error' });
    assert.deepEqual(apps(run.parts![0]!.steps), ['emailSend:send']);
    const step = readRequest(
      'Every night at 2am, get yesterday\u2019s orders from Magento and post the total to Slack. If the Magento call fails, email me at ops@shop.com.',
    );
    assert.equal(step.parts, undefined);
    assert.deepEqual(apps(step.onError), ['emailSend:send']);
  });

  it('builds both parts into one valid workflow', async () => {
    const workflow = await validBuild(
      pool,
      'When someone registers on Eventbrite, log the registration in a Google Sheet. Every Monday at 9am, email me a summary of last week\u2019s registrations from that sheet. If the workflow fails, send me a Slack message.',
    );
    const kinds = types(workflow.nodes);
    for (const t of ['eventbriteTrigger', 'scheduleTrigger', 'errorTrigger', 'aggregate'])
      assert.ok(kinds.includes(t), `${t} in ${kinds.join(', ')}`);
  });
});

describe('the reader on routes said by their values', () => {
  it('reads a route whose action is only the app\u2019s thing, and values joined by "and"', () => {
    const spec = readRequest(
      'Every 15 minutes, check Freshdesk for new tickets. Critical: trigger a PagerDuty incident. High: TheHive alert only. Medium and low: just set the ticket priority in Freshdesk to match.',
    );
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch', JSON.stringify(spec.steps));
    assert.deepEqual(
      sw.routes.map((r) => [r.name, apps(r.steps)]),
      [
        ['Critical', ['pagerDuty:create']],
        ['High', ['theHiveProject:send']],
        ['Medium or low', ['freshdesk:update']],
      ],
    );
  });

  it('reads "Usage above 85%: …" as a test of the measure, beside a stricter one', () => {
    const spec = readRequest(
      'Every 30 minutes, read the disk usage of our servers from our API. Usage above 85% on any server: post an alert to #infra on Slack. Above 95%: also create a PagerDuty incident.',
    );
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => r.condition),
      [
        { field: 'usage', operator: 'gt', value: 95 },
        { field: 'usage', operator: 'gt', value: 85 },
      ],
    );
  });

  it('gives a model\u2019s sorting step the routes after it as its categories', () => {
    const spec = readRequest(
      'Guest messages arrive at a webhook. Have AI detect the intent: late checkout, complaint, question, or other.\n- Late checkout / early check-in: create a Trello card on the Front Desk board\n- Complaint: email the duty manager\n- Question: AI answers from the hotel FAQ\n- Other: Trello card in the Inbox list',
    );
    const ai = spec.steps.find((s) => s.kind === 'ai');
    assert.ok(ai?.kind === 'ai');
    assert.equal(ai.task, 'classify');
    assert.deepEqual(
      ai.routes?.map((r) => r.name),
      ['Late checkout or early check-in', 'Complaint', 'Question', 'Other'],
    );
    // "- Late checkout": a line's first word, not the community node of that name.
    assert.ok(!apps(all(spec)).some((a) => a.startsWith('late:')));
    assert.ok(!all(spec).some((s) => s.kind === 'switch'));
  });
});

describe('the reader on forms, items and branches', () => {
  it('reads a CSV uploaded through a form as a form with a file field', () => {
    const spec = readRequest(
      'I upload a CSV of event attendees (name, email, company) through an n8n form. Remove duplicate emails, then send each person a thank-you via SendGrid.',
    );
    assert.deepEqual(spec.trigger, { kind: 'form', title: 'Upload', fields: ['File'] });
    assert.deepEqual(kinds(all(spec)).slice(0, 2), ['extract', 'dedupe']);
    // The duplicates are dropped from the list, not deleted from a mailbox.
    assert.deepEqual(apps(all(spec)), ['sendGrid:send']);
  });

  it('runs two steps said "in parallel" side by side into a Merge when the request waits for both', () => {
    const spec = readRequest(
      'Okta calls our webhook when a user is deactivated. Suspend their Google Workspace account and create a ServiceNow incident, in parallel. When both are done, post a summary to the IT channel in Microsoft Teams.',
    );
    const branches = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(branches?.kind === 'parallel');
    assert.equal(branches.merge, true);
    assert.deepEqual(
      branches.branches.map((b) => apps(b)),
      [['gSuiteAdmin:update'], ['serviceNow:create']],
    );
    assert.ok(!spec.unmapped.some((u) => /both are done/i.test(u)));
  });

  it('sends a sequence said by day with the waits between the messages', () => {
    const spec = readRequest(
      "Paddle calls our webhook when a subscription is created. Start an onboarding sequence: welcome email immediately, 'getting started' tips on day 3, and a check-in from their CSM on day 7.",
    );
    assert.deepEqual(
      spec.steps.map((s) => (s.kind === 'wait' ? `wait ${s.amount} ${s.unit}` : s.kind === 'app' ? s.app : s.kind)),
      ['emailSend', 'wait 3 days', 'emailSend', 'wait 4 days', 'emailSend'],
    );
  });

  it('tests a quoted item name the order includes, and reads "say clearly when …" as no event', () => {
    assert.deepEqual(conditionOf("if the order includes a 'Veg Box' item"), {
      field: 'order',
      operator: 'contains',
      value: 'Veg Box',
      end: 33,
    });
    const bot = readRequest(
      "Chat bot where staff ask about HR policies. It must answer from the documents in our Qdrant collection 'policies' and say clearly when the answer isn't in the documents.",
    );
    assert.deepEqual(bot.trigger, { kind: 'chat' });
  });

  it('leaves "the count of valid vs invalid submissions" a count, not a comparison of two sources', () => {
    const spec = readRequest(
      'When a KoBoToolbox submission comes in, save it to the Postgres table households. Every Friday at 4pm, email the program manager the count of valid vs invalid submissions for the week.',
    );
    assert.equal(spec.parts?.[0]?.trigger.kind, 'schedule');
    assert.ok(!all(spec).some((s) => s.kind === 'parallel'));
  });
});

describe('the reader on manual routines written out', () => {
  it('reads a card moved to a named list as an update tested by that list', () => {
    const spec = readRequest(
      "When our coordinator moves a card to the 'Confirmed' list on our Trello board, post the details in the Crew channel on Microsoft Teams.",
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'trello', event: 'updated' });
    assert.deepEqual(all(spec)[0], {
      kind: 'filter',
      condition: { field: 'status', operator: 'equals', value: 'Confirmed' },
    });
  });

  it('logs the e-mails it is told to log instead of sending one', () => {
    const spec = readRequest('When a form is submitted, record each email in a Google Sheet.');
    assert.deepEqual(apps(all(spec)), ['googleSheets:create']);
  });

  it('reads a window back from now, a zipped export and a total worked out beside a read', () => {
    assert.deepEqual(conditionOf('if it was published in the last 7 days'), {
      field: 'pubDate',
      operator: 'gt',
      value: '={{ $now.minus({ days: 7 }).toISO() }}',
      end: 38,
    });
    const backup = readRequest(
      "Every Sunday night I export our Postgres 'orders' table to a CSV, zip it, and upload it to the S3 bucket 'weekly-backups'.",
    );
    assert.deepEqual(kinds(all(backup)), ['postgres:read', 'convert', 'node', 'awsS3:create']);
    const sales = readRequest(
      "Every Friday at 4pm, pull this week's invoices from Xero, work out the total sales and number of invoices, and push that summary to my phone with Pushbullet.",
    );
    assert.deepEqual(kinds(all(sales)), ['xero:read', 'sum', 'pushbullet:send']);
  });
});
