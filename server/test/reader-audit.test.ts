// The reader's audits: a test, a list of routes, a file read or made, a time relative to an event and two sources
// compared, said in words no clause rule read, still reach the workflow; and requests that say none of these get
// none of them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { WorkflowSpec } from '../src/workflows/spec.ts';
import { all, kinds } from './readerSteps.ts';

const filterOf = (spec: WorkflowSpec) => all(spec).find((s) => s.kind === 'filter');
const switchOf = (spec: WorkflowSpec) => all(spec).find((s) => s.kind === 'switch');

describe('the reader keeps a test the request states', () => {
  it('compares the value a clause names ("refunds over $200 should go to finance@ by email")', () => {
    const spec = readRequest(
      'quick one — stripe refunds over $200 should go to finance@ by email, the smaller ones just log to the refunds sheet',
    );
    // "the smaller ones just log to the refunds sheet" is the test's other outcome.
    const branch = all(spec).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'amount', operator: 'gt', value: 200 });
    assert.ok(kinds(branch.then).includes('emailSend:send'));
    assert.deepEqual(kinds(branch.otherwise), ['googleSheets:create']);
  });

  it('filters on the state an item is moved to ("When I move a candidate to \'Interview\' in our Airtable")', () => {
    const spec = readRequest(
      "When I move a candidate to 'Interview' in our Airtable, send them our booking link by email and ping the hiring manager on Slack.",
    );
    assert.equal(spec.steps[0]?.kind, 'filter');
    assert.deepEqual(spec.steps[0]?.kind === 'filter' && spec.steps[0].condition, {
      field: 'status',
      operator: 'equals',
      value: 'Interview',
    });
  });

  it('keeps only the items whose text mentions a word ("tickets that mention \'refund\'")', () => {
    const spec = readRequest(
      "New Freshdesk tickets that mention 'refund' or 'cancel' should be marked high priority and posted to our #escalations Slack channel.",
    );
    const filter = filterOf(spec);
    assert.ok(filter?.kind === 'filter');
    assert.deepEqual(filter.condition, { field: 'text', operator: 'contains', value: 'refund' });
  });

  it('guards the step with the status code a check names ("returns something other than 200")', () => {
    const spec = readRequest(
      'Ping the health endpoints of our 3 APIs every 10 minutes and open a PagerDuty incident when any of them returns something other than 200.',
    );
    const top = kinds(spec.steps);
    assert.ok(top.indexOf('filter') >= 0 && top.indexOf('filter') < top.indexOf('pagerDuty:create'));
    assert.deepEqual(filterOf(spec)?.kind === 'filter' && filterOf(spec)!.condition, {
      field: 'statusCode',
      operator: 'notEquals',
      value: 200,
    });
  });

  it('drops the items a sentence of its own says to ignore, with a flag named by its words', () => {
    const spec = readRequest(
      "Every weekday at 9am post today's meetings from my Outlook calendar into our Microsoft Teams channel. Leave out anything marked private.",
    );
    assert.deepEqual(filterOf(spec)?.kind === 'filter' && filterOf(spec)!.condition, {
      field: 'marked_private',
      operator: 'isFalse',
      value: false,
    });
  });

  it('checks that an item is not there yet ("isn\'t already in the leads sheet")', () => {
    const spec = readRequest(
      "when someone fills the contact form can it check the email isn't already in the leads sheet before adding? we get sooo many dupes",
    );
    assert.deepEqual(filterOf(spec)?.kind === 'filter' && filterOf(spec)!.condition, {
      field: 'already_exists',
      operator: 'isFalse',
      value: false,
    });
  });

  it('puts a test said after the actions before them ("…, but only if …")', () => {
    const spec = readRequest(
      "I'd like all my production workflows to send failure alerts to a Slack channel AND create a Jira ticket, but only if the same workflow hasn't already failed in the last hour.",
    );
    assert.equal(spec.steps[0]?.kind, 'filter');
  });

  it('adds no test to a request that states none', () => {
    const spec = readRequest("Every Monday at 9am, post the week's new HubSpot deals to our #sales Slack channel.");
    assert.equal(filterOf(spec), undefined);
    assert.equal(switchOf(spec), undefined);
  });
});

describe('the reader routes what a request lists value by value', () => {
  it('routes by the field it names, with the elliptical parts and "everything else" ("Springfield goes to Tom, Shelbyville to Ana")', () => {
    const spec = readRequest(
      'New listing inquiries come into my inbox by email. Add each one to Pipedrive as a deal and give it to the right agent based on the town: Springfield goes to Tom, Shelbyville to Ana, everything else to me.',
    );
    const sw = switchOf(spec);
    assert.ok(sw?.kind === 'switch');
    assert.equal(sw.field, 'town');
    assert.deepEqual(
      sw.routes.map((r) => r.name),
      ['Springfield', 'Shelbyville'],
    );
    assert.ok(sw.fallback?.length);
    // "give it to the right agent": the deal is assigned where it was created.
    assert.deepEqual(kinds(sw.routes[0]!.steps), ['pipedrive:update']);
  });

  it('tests score ranges from the highest down and leaves out a route that does nothing', () => {
    const spec = readRequest(
      'NPS answers come in from SurveyMonkey. Detractors (0–6) → create a task in ClickUp for the CS team, passives (7–8) → nothing, promoters (9–10) → email asking them to leave a G2 review.',
    );
    const sw = switchOf(spec);
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.condition?.operator, r.condition?.value]),
      [
        ['promoters', 'between', '9..10'],
        // Both ends: the passives (7–8), who need nothing, do not fall into the detractors' route.
        ['Detractors', 'between', '0..6'],
      ],
    );
    assert.deepEqual(kinds(sw.routes[1]!.steps), ['clickUp:create']);
  });

  it('reads "field=value ->" routes, each testing its own field', () => {
    const spec = readRequest(
      'grafana sends alerts to a webhook. severity=critical -> create a PagerDuty incident. severity=warning -> only slack #monitoring. status=resolved -> post a resolved message in Slack.',
    );
    const sw = switchOf(spec);
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => r.condition),
      [
        { field: 'severity', operator: 'equals', value: 'critical' },
        { field: 'severity', operator: 'equals', value: 'warning' },
        { field: 'status', operator: 'equals', value: 'resolved' },
      ],
    );
    assert.deepEqual(kinds(sw.routes[1]!.steps), ['slack:send']);
  });

  it('gives "everyone else" the other outcome ("VIPs get …; everyone else gets …")', () => {
    const spec = readRequest(
      "For every new Shopify order, look up the customer's email in our 'vip_customers' Postgres table. VIPs get a personal thank-you email written by AI; everyone else gets our standard template email.",
    );
    const sw = switchOf(spec);
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => r.name),
      ['VIPs'],
    );
    assert.ok(sw.fallback?.length);
  });

  it('takes no label before a colon for a route ("Trigger: Telegram Trigger receives …")', () => {
    const spec = readRequest(
      'Trigger: Telegram Trigger receives incoming messages. Transcribe: Whisper transcribes voice notes. Reply: the bot answers in the chat.',
    );
    assert.equal(switchOf(spec), undefined);
  });

  it('takes no time or subject before a verb for a route ("Every day at noon get the weather …")', () => {
    const spec = readRequest(
      'Every day at noon get the weather forecast for Berlin and, if rain is expected, send me a Pushover notification to take an umbrella.',
    );
    assert.equal(switchOf(spec), undefined);
  });
});

describe('the reader adds the kinds of step a request asks for in a few words', () => {
  it('extracts the rows of a CSV the request reads', () => {
    const spec = readRequest(
      'Every month I drop our bank statement CSV into a Dropbox folder. Go through it and email me any transaction over 10,000.',
    );
    const extract = all(spec).find((s) => s.kind === 'extract');
    assert.ok(extract?.kind === 'extract');
    assert.equal(extract.format, 'csv');
  });

  it('makes the CSV a request sends ("send a CSV of the bad rows")', () => {
    const spec = readRequest(
      'every night check our Supabase users table for rows where email is invalid, and send a CSV of the bad rows to #data-quality on slack',
    );
    const top = kinds(spec.steps);
    assert.ok(top.indexOf('convert') >= 0 && top.indexOf('convert') < top.indexOf('slack:send'));
    assert.equal(
      all(spec).find((s) => s.kind === 'extract'),
      undefined,
    );
  });

  it('waits until a time before the event ("by SMS 24 hours before")', () => {
    const spec = readRequest('Remind clients of their appointment by SMS 24 hours before. We use Acuity for bookings.');
    const wait = all(spec).find((s) => s.kind === 'wait');
    assert.ok(wait?.kind === 'wait');
    assert.equal(wait.until, '24 hours before the event');
  });

  it('reads the two sources a request compares side by side into a Merge', () => {
    const spec = readRequest(
      'Every night, compare the payments in our Stripe account with the invoices in QuickBooks and send me an email listing any Stripe payment that has no matching invoice.',
    );
    const merge = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(merge?.kind === 'parallel' && merge.merge);
    assert.deepEqual(merge.branches.map(kinds), [['stripe:read'], ['quickbooks:read']]);
  });

  it('reads no file a request only makes ("generate a PDF invoice")', () => {
    const spec = readRequest('When a Stripe payment succeeds, generate a PDF invoice and email it to the customer.');
    assert.equal(
      all(spec).find((s) => s.kind === 'extract'),
      undefined,
    );
  });
});

describe('the reader starts from mail that arrives', () => {
  it('starts from new mail with its attachments when people mail the files in ("Clients email me their receipts")', () => {
    const spec = readRequest(
      'Clients email me their receipts as PDF attachments. I would like AI to pull the vendor and the total out of each one and add a row to our Google Sheet.',
    );
    assert.deepEqual(spec.trigger, { kind: 'email', provider: 'imap', attachments: true });
    // Nothing sends the mail that arrived, and the PDF is read from the attachment.
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.app === 'emailSend'));
    const extract = all(spec).find((s) => s.kind === 'extract');
    assert.ok(extract?.kind === 'extract');
    assert.equal(extract.binary, 'attachment_0');
  });

  it('takes "every Monday" in the sentence mail arrives in for when it comes, not for a schedule', () => {
    const spec = readRequest(
      'A vendor emails us a CSV price list every Monday. Parse it and upsert the rows into our MySQL products table.',
    );
    assert.equal(spec.trigger.kind, 'email');
  });

  it('keeps a schedule of the workflow\'s own ("Every Monday email me the report")', () => {
    const spec = readRequest('Every Monday email me the open deals from Pipedrive.');
    assert.equal(spec.trigger.kind, 'schedule');
    const digest = readRequest("Every morning, put a summary of yesterday's Stripe payments in my inbox.");
    assert.equal(digest.trigger.kind, 'schedule');
  });
});

describe('the reader on routes listed after their field, and more kinds said in passing', () => {
  it('pairs the values listed after the field with the actions listed after them ("either …, … or …")', () => {
    const spec = readRequest(
      'Orders come in through a webhook. Depending on the region field (emea, apac, americas), either post to #emea in Slack, create a HubSpot task, or email the US team.',
    );
    const sw = switchOf(spec);
    assert.ok(sw?.kind === 'switch');
    assert.equal(sw.field, 'region');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, kinds(r.steps)]),
      [
        ['emea', ['slack:send']],
        ['apac', ['hubspot:create']],
        ['americas', ['emailSend:send']],
      ],
    );
  });

  it('gives each listed value the one action said after the list ("… or anything else, and add the matching tag")', () => {
    const spec = readRequest(
      "New Mailchimp subscriber -> route on their 'plan' field: free, pro, team, or anything else, and add the matching tag.",
    );
    const sw = switchOf(spec);
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => r.name),
      ['free', 'pro', 'team'],
    );
    assert.deepEqual(kinds(sw.routes[0]!.steps), ['mailchimp:update']);
    assert.ok(sw.fallback?.length);
  });

  it('waits between checks a request polls ("poll every 30s until it is ready")', () => {
    const spec = readRequest(
      'When a GitHub release is published, start a Netlify build and poll every 30s until the deploy is ready, then post to Slack.',
    );
    // A poll: a Wait of that long before each check, until the deploy is ready.
    const poll = all(spec).find((s) => s.kind === 'poll');
    assert.ok(poll?.kind === 'poll', JSON.stringify(spec.steps));
    assert.deepEqual(poll.every, { amount: 30, unit: 'seconds' });
    assert.equal(poll.until.value, 'ready');
  });

  it('keeps the items once a count is reached ("Once we hit 30 people, email me")', () => {
    const spec = readRequest(
      'When someone registers through Typeform, add them to the attendee spreadsheet. Once we hit 30 people, email me that it is full.',
    );
    assert.deepEqual(filterOf(spec)?.kind === 'filter' && filterOf(spec)!.condition, {
      field: 'count',
      operator: 'gte',
      value: 30,
    });
  });

  it('starts from a form when people sign up on the website, without fetching the web page', () => {
    const spec = readRequest('Customers who sign up for our newsletter on our website get a welcome email from Gmail.');
    assert.equal(spec.trigger.kind, 'form');
    assert.ok(!all(spec).some((s) => s.kind === 'http'));
  });

  it('extracts a file after the step that reads it', () => {
    const spec = readRequest(
      'Every Monday read the stock list Excel file from our SharePoint and email me the rows where stock is below 5.',
    );
    const top = kinds(spec.steps);
    assert.ok(top.includes('microsoftSharePoint:read'));
    // Downloaded from the store, then read.
    assert.equal(top.indexOf('extract'), top.indexOf('microsoftSharePoint:read') + 1);
  });
});

describe('the reader calls the web where a request fetches a page or calls an API n8n has no node for', () => {
  const http = (spec: WorkflowSpec) => all(spec).filter((s) => s.kind === 'http');

  it('fetches the site a request checks for being down, before the test', () => {
    const spec = readRequest('Text me if our website goes down. Check it every 5 minutes.');
    assert.equal(spec.steps[0]?.kind, 'http');
    assert.ok(spec.steps[0]?.kind === 'http' && spec.steps[0].method === 'GET');
  });

  it('calls the API a request names once ("call our fulfilment API")', () => {
    const spec = readRequest('For each new order call our fulfilment API and log the result in Airtable.');
    const calls = http(spec);
    assert.equal(calls.length, 1);
    assert.ok(calls[0]?.kind === 'http' && calls[0].method === 'POST');
    // The clause rules made the call already here: the audit adds no second one.
    const paid = readRequest('When a Shopify order is paid, call our fulfilment API and post the answer to Slack.');
    assert.equal(http(paid).length, 1);
  });

  it("does not fetch an app's own page ('our Facebook page')", () => {
    const spec = readRequest('Every morning get the new posts from our Facebook page and post them to Slack.');
    assert.deepEqual(http(spec), []);
  });
});

describe('the reader runs on the schedule a request says to check on', () => {
  it('polls the app hourly when the request says checking once an hour is enough', () => {
    const spec = readRequest(
      "HR lives in BambooHR. When a new employee record is created there (checking once an hour is OK since there's no instant trigger), create their Google Workspace account.",
    );
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'hours', hoursInterval: 1 } });
    assert.deepEqual(kinds(spec.steps).slice(0, 1), ['bambooHr:read']);
  });

  it("keeps an app's own event when the request only says when to post ('poll every 30s until …' is a wait)", () => {
    const spec = readRequest(
      'When a GitHub release is published, start a Netlify build and poll every 30s until the deploy is ready, then post to Slack.',
    );
    assert.equal(spec.trigger.kind, 'app');
  });
});

describe('the reader joins two tests said one after the other into one branch', () => {
  it('makes "if over … / if under that …" one If with both outcomes, not two Filters', () => {
    const spec = readRequest(
      "when a customer pays with stripe and the amount is over five hundred dollars I want a message in slack saying big payment and if it's under that just log it in the google sheet called payments",
    );
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'amount', operator: 'gt', value: 500 });
    assert.deepEqual(kinds(branch.otherwise), ['googleSheets:create']);
    assert.equal(filterOf(spec), undefined);
  });

  it('makes the same reply said before and after a test its two outcomes ("If the order is not found then reply …")', () => {
    const spec = readRequest(
      "Customers message our Telegram bot with an order ID; the bot fetches the order status from our MySQL DB and replies back. If the order ID is not found then reply 'Please check the order ID'.",
    );
    const branch = all(spec).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual([kinds(branch.then), kinds(branch.otherwise)], [['telegram:send'], ['telegram:send']]);
  });
});
