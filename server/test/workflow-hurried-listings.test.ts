// Readings found in four more outside-written sets (dev119–dev122): hurried shorthand ("anything under that",
// "AI sorts it billing / tech / sales", "pushbullet me", "teams msg"), forum posts (a form people fill in weekly, "a
// Google Drive folder, a Slack channel and a Notion page" made, "some owners don't have an email"), listings written
// for a template marketplace (a title line and the notes on what it needs), and processes with several decisions
// (levels of a reading, labelled NPS ranges, a survey completed).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { listingDescription } from '../src/workflows/intent/gallery.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { all, branchOf, filters, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const types = (workflow: N8nWorkflow) => workflow.nodes.map((n) => n.type.split('.').pop());
const byType = (workflow: N8nWorkflow, type: string) => workflow.nodes.filter((n) => n.type.endsWith(`.${type}`));

describe('hurried shorthand', () => {
  it('reads "anything under that" as the other outcome of the amount test', () => {
    const spec = readRequest(
      'stripe payment over $1000 -> slack #big-wins, anything under that just add it to the payments sheet',
    );
    const test = branchOf(spec);
    assert.deepEqual(test.condition, { field: 'amount', operator: 'gt', value: 1000 });
    assert.deepEqual(kinds(test.then), ['slack:send']);
    assert.deepEqual(kinds(test.otherwise), ['googleSheets:create']);
  });

  it('keeps the item named right after the app for its trigger', async () => {
    const workflow = await validBuild(pool, 'shopify order over $200 -> telegram me');
    assert.equal(byType(workflow, 'shopifyTrigger')[0]?.parameters.topic, 'orders/create');
  });

  it('classifies into labels listed with slashes, with or without "it"', () => {
    for (const request of [
      'freshdesk new ticket -> AI sorts it refund / bug / question -> tag it in freshdesk. bug ones also go to linear',
      'new gmail email -> AI classify invoice / receipt / other -> label it in gmail',
    ]) {
      const ai = all(readRequest(request)).find((s) => s.kind === 'ai');
      assert.ok(ai?.kind === 'ai' && ai.task === 'classify', request);
      assert.equal(ai.routes?.length, 3, request);
    }
  });

  it('sends with an app said as a verb after "+" ("lock it + pushbullet me")', () => {
    const spec = readRequest(
      'every night at 11pm check the garage door in home assistant, if open -> close it + pushbullet me',
    );
    assert.ok(
      all(spec).some((s) => s.kind === 'app' && s.app === 'pushbullet' && s.verb === 'send'),
      JSON.stringify(kinds(all(spec))),
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'no HTTP stand-in for Pushbullet');
  });

  it('reads "teams msg", "in teams dev channel", "drive folder" and "google cal" as the apps', () => {
    const apps = (request: string) => all(readRequest(request)).flatMap((s) => (s.kind === 'app' ? [s.app] : []));
    assert.ok(
      apps('new pdf in onedrive /contracts -> AI summary, teams msg to legal w/ summary').includes('microsoftTeams'),
    );
    assert.ok(apps('github release published -> post in teams eng channel').includes('microsoftTeams'));
    assert.equal(
      readRequest("new file in drive 'invoices' folder -> ocr it w/ AI -> add to sheet").trigger.kind,
      'app',
    );
    assert.ok(apps('form (name, date) -> add to team google cal').includes('googleCalendar'));
  });

  it('reads "mondays <verb>" and "sunday nite" as weekly schedules', () => {
    const monday = readRequest('mondays pull last weeks signups from hubspot, email me the count').trigger;
    assert.ok(monday.kind === 'schedule' && monday.rule.field === 'weeks');
    assert.deepEqual(monday.rule.triggerAtDay, [1]);
    const sunday = readRequest('sunday nite -> get open asana tasks, send me the list on telegram').trigger;
    assert.ok(sunday.kind === 'schedule' && sunday.rule.field === 'weeks');
    assert.deepEqual(sunday.rule.triggerAtDay, [0]);
  });

  it('gives a job done "w/ our ollama model" to the model, with no code step', () => {
    const steps = all(
      readRequest('daily: get my todoist tasks, rank them w/ our local ollama model, telegram me the list'),
    );
    const ai = steps.find((s) => s.kind === 'ai');
    assert.ok(ai?.kind === 'ai' && ai.model?.provider === 'ollama');
    assert.ok(!steps.some((s) => s.kind === 'code'), JSON.stringify(kinds(steps)));
  });

  it('reads "worse than -5%" as below it', () => {
    assert.deepEqual(conditionOf('the 24h change is worse than -5%')?.operator, 'lt');
  });

  it('merges branches run in parallel when the next step waits for both', async () => {
    const workflow = await validBuild(
      pool,
      'signup n8n form -> create a contact in hubspot and a customer in stripe in parallel, when both done send a welcome email',
    );
    assert.deepEqual(types(workflow).slice(0, 1), ['formTrigger']);
    const [merge] = byType(workflow, 'merge');
    assert.ok(merge, types(workflow).join(', '));
    const into = Object.values(workflow.connections).flatMap((c) =>
      (c.main ?? []).flat().filter((l) => l?.node === merge!.name),
    );
    assert.equal(into.length, 2);
  });

  it('starts a sub-workflow "other flows can call"', () => {
    assert.equal(
      readRequest('sub-workflow other flows can call w/ an email -> look it up in hubspot -> return the owner').trigger
        .kind,
      'called',
    );
  });
});

describe('forum posts', () => {
  it('starts from the form people fill in on a schedule, not from the schedule', () => {
    for (const request of [
      'Yoga teacher. My students fill out a weekly check-in (an n8n form is fine). Save every answer to Airtable and email me the ones who sound injured.',
      'I want volunteers to hand in their hours every Sunday through a form, with the answers going into a Google Sheet.',
    ])
      assert.equal(readRequest(request).trigger.kind, 'form', request);
    // The workflow's own schedule stays: the form link is what it sends.
    assert.equal(
      readRequest('Every weekday at 7am, text each driver a link to the vehicle check form.').trigger.kind,
      'schedule',
    );
  });

  it('makes one of each thing listed with its app, after a form asked to do it', async () => {
    const workflow = await validBuild(
      pool,
      'Whenever we win a new client I set up a Google Drive folder, a Trello board and a Notion page. Could one n8n form do all three?',
    );
    assert.equal(types(workflow)[0], 'formTrigger');
    for (const type of ['googleDrive', 'trello', 'notion'])
      assert.equal(byType(workflow, type)[0]?.parameters.operation, 'create', type);
  });

  it('reads "some owners don\'t have an email on file, and those should … instead" as a test of the email', () => {
    const spec = readRequest(
      "Every Monday find clients due for a check-up in our Postgres database and email them a reminder. Some clients don't have an email on file, and those should go onto a call list in Google Sheets instead.",
    );
    const test = branchOf(spec);
    assert.deepEqual(test.condition, { field: 'email', operator: 'notExists', value: '' });
    assert.ok(kinds(all(spec)).includes('googleSheets:create'));
  });

  it('reads "has no email on file" and "don\'t have a phone number listed" as missing fields', () => {
    assert.deepEqual(conditionOf('the owner has no email on file'), {
      field: 'email',
      operator: 'notExists',
      value: '',
      end: 30,
    });
    assert.equal(conditionOf("they don't have a phone number listed")?.operator, 'notExists');
  });

  it('sends event tickets as a message, not to a help desk, and waits for "the day after the event"', () => {
    const spec = readRequest(
      "We sell tickets on Eventbrite for our classes. I'd like every attendee to get a review link by email the day after the event.",
    );
    const steps = kinds(all(spec));
    assert.ok(!steps.some((k) => /zendesk|freshdesk/.test(k)), JSON.stringify(steps));
    assert.ok(steps.includes('wait') && steps.some((k) => k.endsWith(':send')), JSON.stringify(steps));
  });

  it('makes a "scheduled finish time" no schedule', () => {
    assert.equal(
      readRequest(
        "Cleaners fill in a Jotform checklist. If the form came in after the scheduled finish time, put 'late' in the sheet.",
      ).trigger.kind,
      'app',
    );
  });
});

describe('listings written for a template marketplace', () => {
  const listing = [
    'Late Invoice Chaser for Xero',
    'Every weekday morning, unpaid invoices in Xero that are more than 7 days overdue are collected. Each customer gets a polite reminder by email with the invoice attached, and the finance channel in Slack gets a short list of who was chased.',
    "Good for small agencies. You'll need a Xero connection and a Slack bot. Edit the email text to match your tone.",
  ].join('\n');

  it('keeps the prose and drops the title and the notes on what it needs', () => {
    const kept = listingDescription(listing);
    assert.ok(!kept.includes('Late Invoice Chaser'));
    assert.ok(!/Good for|You'll need|Edit the email/.test(kept));
    assert.match(kept, /^Every weekday morning/);
  });

  it('builds no step from the title or the notes', () => {
    const steps = kinds(all(readRequest(listing)));
    assert.ok(!steps.some((k) => k === 'http' || k === 'slack:read' || k === 'xero:create'), JSON.stringify(steps));
  });

  it('leaves a request with no title line alone', () => {
    const plain = 'When a new lead arrives in HubSpot, post it to Slack.\nAlso add it to our sheet.';
    assert.equal(listingDescription(plain), plain);
  });

  it('leaves numbered steps alone, with their heading and a first step that says the start', () => {
    const numbered = [
      '1. When a payment fails in Stripe',
      '2. Look up the customer in HubSpot',
      "   2a. if they're on the Enterprise plan → create a task in HubSpot for their account manager and ping #finance on Slack",
      "   2b. otherwise → send them our standard 'please update your card' email",
      "3. Log every failed payment in the 'Payment Failures' Google Sheet",
    ].join('\n');
    assert.equal(listingDescription(numbered), numbered);
    assert.deepEqual(readRequest(numbered).trigger, { kind: 'app', app: 'stripe', event: 'failed' });
    const headed = [
      'Access requests via JotForm',
      '1. New submission (system, role, justification, requester email)',
      '2. Send the system owner a Slack message with Approve / Reject buttons and wait for the answer',
      '3. Approved → add the user to the matching group in Okta',
      '4. Rejected → email the requester with the reason',
    ].join('\n');
    assert.equal(listingDescription(headed), headed);
    const start = readRequest(headed).trigger;
    assert.equal(start.kind === 'app' && start.app, 'jotForm');
  });

  it('sends the e-mail a listing says people get, and e-mails the person said in the passive with "also"', () => {
    assert.ok(
      kinds(
        all(
          readRequest(
            'When someone buys on Gumroad, they get an email with your community invite link. If the sale is later refunded, you get a Telegram message.',
          ),
        ),
      ).includes('emailSend:send'),
    );
    const steps = all(
      readRequest(
        'When a Jotform submission comes in, save it in Airtable. If it is urgent, the physio is also emailed.',
      ),
    );
    assert.deepEqual(kinds(steps).slice(1), ['filter', 'emailSend:send']);
    assert.deepEqual(filters(steps)[0], { field: 'priority', operator: 'equals', value: 'urgent' });
    assert.deepEqual(conditionOf('the sale is later refunded'), {
      field: 'sale',
      operator: 'equals',
      value: 'refunded',
      end: 26,
    });
  });

  it('waits "a minute" given for scans to finish, and alerts a team in its own step', () => {
    const steps = kinds(
      all(
        readRequest(
          'When a URL arrives on our webhook, it is submitted to urlscan.io. After giving the scan a minute to finish, the result is fetched. If it is flagged as malicious, a case is opened in TheHive 5, and the security team is alerted in Microsoft Teams.',
        ),
      ),
    );
    assert.ok(steps.includes('wait'), JSON.stringify(steps));
    assert.ok(steps.includes('microsoftTeams:send'), JSON.stringify(steps));
  });
});

describe('processes with several decisions', () => {
  it('reads levels of a reading ("Anything above 85°C is critical: …") as tests of it', () => {
    const spec = readRequest(
      'Our freezers publish temperature readings to an MQTT topic. Anything above -10°C is critical: call the manager with Twilio. Between -15 and -10 is a warning, so just post it in Slack.',
    );
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'mqtt');
    assert.ok(
      all(spec).some((s) => (s.kind === 'if' || s.kind === 'filter') && s.condition.field === 'temperature'),
      JSON.stringify(kinds(all(spec))),
    );
  });

  it('routes on NPS labels with their ranges, and leaves the range that needs nothing out', async () => {
    const request =
      'When a Typeform NPS response comes in, log it in Airtable. Promoters (9 or 10) get a thank-you email. Passives (7 or 8) need nothing else. Detractors (0 to 6) get a Slack alert to #cx.';
    const sw = switchOf(readRequest(request));
    assert.equal(sw.field, 'score');
    assert.deepEqual(
      sw.routes.map((r) => r.condition?.value),
      ['9..10', '7..8', '0..6'],
    );
    const workflow = await validBuild(pool, request);
    assert.deepEqual(byType(workflow, 'set'), []);
    const [route] = byType(workflow, 'switch');
    assert.deepEqual(
      workflow.connections[route!.name]!.main!.map((out) => (out ?? []).map((l) => l.node)),
      [['Send Email'], ['Post to #cx']],
    );
  });

  it('listens for a completed SurveyMonkey response', async () => {
    const workflow = await validBuild(
      pool,
      'When someone completes our survey in SurveyMonkey, add the answers to our Google Sheet',
    );
    const [trigger] = byType(workflow, 'surveyMonkeyTrigger');
    assert.equal(trigger?.parameters.event, 'response_completed');
  });

  it('starts from Cal.com when people book through its link, and from a form teachers record on', () => {
    const cal = readRequest('When a client books a call through our Cal.com link, add them to Airtable.').trigger;
    assert.equal(cal.kind === 'app' && cal.app, 'cal');
    assert.equal(
      readRequest(
        'Teachers record absences through a short form each morning. Email the parent of each absent student.',
      ).trigger.kind,
      'form',
    );
  });

  it('takes the item the trigger reports from "an order comes in on Shopify"', () => {
    assert.deepEqual(readRequest('When an order comes in on Shopify, text the driver on Twilio.').trigger, {
      kind: 'app',
      app: 'shopify',
      event: 'created',
      item: 'order',
    });
  });

  it('publishes "on the scheduled date" on a schedule, and gives the model after an arrow to its own step', () => {
    assert.equal(
      readRequest('Notion content calendar → auto-publish to WordPress on the scheduled date').trigger.kind,
      'schedule',
    );
    const steps = kinds(
      all(
        readRequest(
          "Make scenario, every weekday at 17:00: Google Calendar - Search today's events -> Array aggregator into one list -> OpenAI - write a short end-of-day summary of my meetings -> Telegram - send it to me. Port to n8n.",
        ),
      ),
    );
    assert.deepEqual(steps.slice(0, 3), ['googleCalendar:read', 'aggregate', 'ai'], JSON.stringify(steps));
  });

  it('reads "already marked as excused" as the value excused', () => {
    assert.deepEqual(conditionOf('the absence is already marked as excused'), {
      field: 'absence',
      operator: 'equals',
      value: 'excused',
      end: 40,
    });
  });

  it('reads "still not paid" as not paid, and names the flag "paid"', () => {
    assert.deepEqual(conditionOf('it is still not paid, email them'), {
      field: 'value',
      operator: 'notEquals',
      value: 'paid',
      end: 20,
    });
    const resolved = conditionOf('the ticket is still not resolved');
    assert.deepEqual([resolved?.operator, resolved?.value, resolved?.end], ['notEquals', 'resolved', 32]);
    assert.deepEqual(conditionOf("they haven't paid yet"), {
      field: 'paid',
      operator: 'isFalse',
      value: false,
      end: 17,
    });
  });
});
