// Where a workflow starts and what it tests, said the way people outside the project say it: a webhook the
// request's own system calls, an app n8n only has a trigger for, a schedule written as a cron or "every second
// Friday", and the states, ages and empty fields a request tests in passing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Condition, WorkflowSpec } from '../src/workflows/spec.ts';
import { all, kinds } from './readerSteps.ts';

const tests = (spec: WorkflowSpec): Condition[] =>
  all(spec).flatMap((s) => (s.kind === 'filter' || s.kind === 'if' ? [s.condition] : []));

describe('the reader starts from a webhook the request says is called', () => {
  it('reads "our backend can fire a webhook when …" as a Webhook trigger, not a form', () => {
    const spec = readRequest(
      'Our backend can fire a webhook when a new user signs up. Enrich the signup with Clearbit and add them to HubSpot.',
    );
    assert.equal(spec.trigger.kind, 'webhook');
  });

  it('takes the method and path of "`POST /alerts`" and answers the caller when the request says so', () => {
    const routed = readRequest('Alert router for `POST /alerts`: post every alert to #ops on Slack.');
    assert.deepEqual(routed.trigger, { kind: 'webhook', path: 'alerts', method: 'POST' });
    const answered = readRequest(
      'Need an endpoint our Webflow site can call with a zip code that tells it whether we deliver there. The zip codes are in a Google Sheet.',
    );
    assert.equal(answered.trigger.kind, 'webhook');
    assert.ok(answered.trigger.kind === 'webhook' && answered.trigger.respond);
    assert.ok(kinds(answered.steps).includes('respond'));
    assert.ok(!all(answered).some((s) => s.kind === 'http'), 'the endpoint is the trigger, not a page to fetch');
  });

  it('keeps a schedule the request states even when a webhook is mentioned', () => {
    const spec = readRequest('Every day at 7am call our webhook with the list of new Stripe customers.');
    assert.equal(spec.trigger.kind, 'schedule');
  });
});

describe('the reader starts from an app n8n only has a trigger for', () => {
  it('starts from Eventbrite named in a sentence before the event ("We run meetups through Eventbrite")', () => {
    const spec = readRequest(
      'We run meetups through Eventbrite. When someone registers, add them to a Google Sheet and send a Slack message in #events.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'eventbrite', event: 'created' });
    assert.deepEqual(kinds(spec.steps), ['googleSheets:create', 'slack:send']);
  });

  it('reads Facebook lead ads said in everyday words as the Facebook Lead Ads trigger', () => {
    const spec = readRequest(
      'New leads from my Facebook ads should go straight into Pipedrive and get a text from me saying I will call them.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'facebookLeadAds', event: 'created' });
  });

  it('does not start from an app the workflow only links to ("send them our Typeform link")', () => {
    const spec = readRequest('When a new row is added to Google Sheets, email the person our Typeform link.');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'googleSheets');
  });

  it('does not make n8n itself a step when the request only mentions it', () => {
    const spec = readRequest(
      'Our Facebook lead ad leads sit there for hours. I want every new lead pushed into HubSpot. Should be a quick job for someone who knows n8n.',
    );
    assert.ok(!kinds(all(spec)).some((k) => k.startsWith('n8n:')), kinds(all(spec)).join(' '));
  });
});

describe('the reader starts from the app whose items the request says arrive', () => {
  it('starts from Gmail for "Gmail -> Google Drive: save every invoice attachment"', () => {
    const spec = readRequest("Gmail -> Google Drive: save every invoice attachment into an 'Invoices 2024' folder.");
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'gmail', event: 'created' });
    assert.ok(!kinds(spec.steps).some((k) => k.startsWith('gmail:')), kinds(spec.steps).join(' '));
  });

  it('starts from GitHub for "on every push … in GitHub", not from Slack where the message goes', () => {
    const spec = readRequest(
      'On every push to `main` in GitHub repo `acme/api`, post the commit message to Slack #deploys.',
    );
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'github');
  });

  it('keeps a manual start for a one-off run over what is there', () => {
    const resync = readRequest(
      'One-off resync of ~20k contacts from Postgres `contacts` into the Mailchimp audience `Newsletter`, in batches of 500.',
    );
    assert.equal(resync.trigger.kind, 'manual');
    const list = readRequest('Take all the contacts in my Google Sheet and add each one to Mailchimp.');
    assert.equal(list.trigger.kind, 'manual');
  });
});

describe('the reader reads schedules written as people write them', () => {
  const rule = (text: string) => {
    const spec = readRequest(text);
    assert.equal(spec.trigger.kind, 'schedule', text);
    return spec.trigger.kind === 'schedule' ? spec.trigger.rule : null;
  };

  it('reads a cron expression in backticks, a 24-hour time after a weekday and "every second Friday"', () => {
    assert.deepEqual(rule('Kick off the CircleCI pipeline for `acme/web` at `0 22 * * 1-5`.'), {
      field: 'cronExpression',
      expression: '0 22 * * 1-5',
    });
    assert.deepEqual(rule('Mondays 06:00: query Snowflake for last week and email the result to exec@acme.io.'), {
      field: 'weeks',
      weeksInterval: 1,
      triggerAtDay: [1],
      triggerAtHour: 6,
    });
    assert.deepEqual(rule('Every second Friday, total up the Clockify hours and email them to our bookkeeper.'), {
      field: 'weeks',
      weeksInterval: 2,
      triggerAtDay: [5],
      triggerAtHour: 9,
    });
  });

  it('reads "each 1st of month" and "on the 15th of the month" as a monthly run on that day', () => {
    const first = rule('each 1st of month please create a new folder in google drive');
    assert.equal(first?.field === 'months' && first.triggerAtDayOfMonth, 1);
    const fifteenth = rule('On the 15th of the month, send the rent reminders from our Airtable by email.');
    assert.equal(fifteenth?.field === 'months' && fifteenth.triggerAtDayOfMonth, 15);
  });
});

describe('the reader tests what a request states in passing', () => {
  it('tests the state an item reaches ("a deal is marked Won", "shows as delivered")', () => {
    const won = readRequest(
      'When a deal is marked Won in Pipedrive, create a project in ClickUp and email the client a welcome note.',
    );
    assert.deepEqual(tests(won), [{ field: 'status', operator: 'equals', value: 'won' }]);
    const delivered = readRequest(
      'Every 4 hours, check the tracking status of open DHL shipments listed in Airtable. When a package shows as delivered, update the Airtable record.',
    );
    assert.deepEqual(tests(delivered), [{ field: 'status', operator: 'equals', value: 'delivered' }]);
  });

  it('tests an age, an empty field and a value that is still missing', () => {
    const stale = readRequest('check every morning monday.com items stuck for 3+ days and remind the owner on slack');
    // Stuck for 3 days or more: last changed at least 3 days ago.
    assert.deepEqual(tests(stale), [
      { field: 'updated_at', operator: 'lte', value: '={{ $now.minus({ days: 3 }).toISO() }}' },
    ]);
    const empty = readRequest('once a week find shopify products w/ empty description and update them');
    assert.deepEqual(tests(empty), [{ field: 'description', operator: 'notExists', value: '' }]);
  });

  it('tests one of the values a model gave before ("ai scores hot/warm/cold … hot ones also …")', () => {
    const spec = readRequest(
      'lead from website form -> ai scores hot/warm/cold -> save in airtable with score. hot ones also get an sms to the agent',
    );
    assert.deepEqual(tests(spec), [{ field: 'score', operator: 'equals', value: 'hot' }]);
  });

  it('tests a state joined to the event with "and" ("… and the room is already booked")', () => {
    const spec = readRequest(
      'When someone books a meeting room in the shared Google Calendar and the room is already booked at that time, email them to pick another slot.',
    );
    assert.deepEqual(tests(spec), [{ field: 'room_booked', operator: 'isTrue', value: true }]);
  });

  it('tests the hour an event happens at ("… after 11pm")', () => {
    const spec = readRequest('When my Home Assistant door sensor reports open after 11pm, send me a Telegram message.');
    assert.deepEqual(tests(spec), [{ field: '$now.hour', operator: 'gte', value: 23 }]);
  });

  it('adds no test to a request that states none', () => {
    const spec = readRequest('When a deal is created in Pipedrive, post its name and value to #sales on Slack.');
    assert.deepEqual(tests(spec), []);
  });
});

describe('the reader reads routes listed with "=" and after an introducing colon', () => {
  it('routes "valid = …, invalid = …" to both outcomes', () => {
    const spec = readRequest(
      "new lead in pipedrive -> verify email w/ hunter. valid = add to lemlist campaign, invalid = tag 'bad email' in pipedrive",
    );
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, kinds(r.steps)]),
      [
        ['valid', ['lemlist:create']],
        ['invalid', ['pipedrive:update']],
      ],
    );
  });

  it('reads the first of a bullet list whose line starts with the app ("Typeform NPS responses: - score 0–6: …")', () => {
    const spec = readRequest(
      'Typeform NPS responses:\n- score 0–6: open a Zendesk ticket\n- score 7–8: append to Google Sheet NPS\n- score 9–10: email them asking for a review',
    );
    const sw = spec.steps.find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.equal(sw.routes.length, 3);
    assert.ok(!kinds(spec.steps).includes('zendesk:create'), 'the ticket is inside its route');
  });
});

describe('the reader runs a reminder tied to stored dates every day', () => {
  it('reads the dates, keeps those the given time ahead and reminds, instead of waiting once', () => {
    const spec = readRequest(
      'we keep grant deadlines in a notion database. remind me on slack 2 days before each deadline',
    );
    assert.equal(spec.trigger.kind, 'schedule');
    assert.deepEqual(kinds(spec.steps), ['notion:read', 'filter', 'slack:send']);
    assert.equal(tests(spec)[0]?.field, 'deadline_date');
  });

  it('tests today for an anniversary kept in a sheet', () => {
    const spec = readRequest(
      "On each employee's work anniversary post a congratulation in #team on Slack. Start dates are in our HR spreadsheet.",
    );
    assert.equal(spec.trigger.kind, 'schedule');
    assert.ok(kinds(spec.steps).includes('googleSheets:read'), kinds(spec.steps).join(' '));
    assert.ok(!all(spec).some((s) => s.kind === 'wait'));
  });
});

describe('the reader calls an address written in code quotes', () => {
  it('calls "`POST https://…`" with its method', () => {
    const spec = readRequest(
      'Every 15 min: count the errors in Elasticsearch. Any service over 100 errors -> `POST https://api.example.com/v1/events` with the counts.',
    );
    const call = all(spec).find((s) => s.kind === 'http');
    assert.ok(call?.kind === 'http');
    assert.deepEqual([call.method, call.url], ['POST', 'https://api.example.com/v1/events']);
  });
});
