// Requests written in clipped shorthand, the way shop and warehouse staff write a ticket: day names cut short before a
// time, "every hr", "last wk", "w/ cust name + total", "-> teams ping to …", "-> sms w/ code …", "woo" for
// WooCommerce; fields a step is given are no steps; "send a Slack message" is a message sent, never the trigger;
// "stock hits 0", "arrive at ap@", "A vs B", "-> csv ->", "dump the table to CSV", "-> one email to the supplier".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { longhand } from '../src/workflows/intent/shorthand.ts';
import type { WorkflowSpec } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';

const apps = (spec: WorkflowSpec) => all(spec).flatMap((s) => (s.kind === 'app' ? [`${s.app}:${s.verb}`] : []));

describe('the reader on shorthand', () => {
  it('writes out day names, hours, weeks and chat abbreviations where they mean one thing', () => {
    assert.equal(longhand('mon 9am: top 10 SKUs'), 'every Monday 9am: top 10 SKUs');
    assert.equal(longhand('weekly fri 4pm report'), 'weekly Friday 4pm report');
    assert.equal(longhand('mon-fri at 8:00'), 'Monday to Friday at 8:00');
    assert.equal(longhand('every hr: check; unshipped after 48hrs'), 'every hour: check; unshipped after 48 hours');
    assert.equal(longhand('units sold last wk'), 'units sold last week');
    assert.equal(longhand('email the cust a msg pls'), 'email the customer a message please');
    // Words that only look like abbreviations stay.
    assert.equal(longhand('the sun sat on the wed cake'), 'the sun sat on the wed cake');
    assert.equal(longhand('the sales teams meet on Monday'), 'the sales teams meet on Monday');
  });

  it('reads a message named by its channel after an arrow as a message sent there', () => {
    assert.equal(longhand('-> teams ping to shipping lead'), '-> send a Microsoft Teams message to shipping lead');
    assert.equal(longhand('-> sms w/ code SAVE10'), '-> send an SMS w/ code SAVE10');
    const spec = readRequest("every hr: airtable orders w/ status 'packed' -> teams ping to shipping lead");
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'hours', hoursInterval: 1 } });
    assert.ok(apps(spec).includes('microsoftTeams:send'), JSON.stringify(apps(spec)));
  });

  it('starts a weekly report on the day and hour written short', () => {
    const spec = readRequest('mon 9am: top 10 SKUs by units sold last wk (woo) -> bar chart image -> post in #sales');
    assert.deepEqual(spec.trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [1], triggerAtHour: 9 },
    });
    assert.ok(apps(spec).includes('slack:send'));
  });

  it('knows "woo" as WooCommerce', () => {
    const spec = readRequest('woo product stock hits 0 -> tell #merch on teams');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'wooCommerce');
    assert.deepEqual(apps(spec), ['microsoftTeams:send']);
  });

  it('gives a step the fields listed after "with" instead of reading the last one as a step', () => {
    for (const request of [
      'new woo customer -> create hubspot contact w/ name + email',
      'When a Typeform is submitted, create a HubSpot contact with name and email address',
    ])
      assert.deepEqual(apps(readRequest(request)), ['hubspot:create'], request);
    // An e-mail that is sent is still one.
    assert.deepEqual(apps(readRequest('When a Typeform is submitted, add the lead to Pipedrive and email the rep')), [
      'pipedrive:create',
      'emailSend:send',
    ]);
  });

  it('reads "send a Slack message" after a title\'s arrow as a message sent, not the trigger', () => {
    const spec = readRequest('Typeform responses → create a deal in Salesforce and send a Slack message to the AE');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'typeform');
    assert.deepEqual(apps(spec), ['salesforce:create', 'slack:send']);
    const plus = readRequest('Cal.com bookings → create a deal in Salesforce + Slack ping to the AE');
    assert.equal(plus.trigger.kind === 'app' && plus.trigger.app, 'cal');
    assert.deepEqual(apps(plus), ['salesforce:create', 'slack:send']);
  });

  it("reads a count running down to a bound as a test of the trigger's items", () => {
    const stock = readRequest("When a product's stock in Shopify drops to 5 or less, email the buyer");
    assert.deepEqual(all(stock)[0], { kind: 'filter', condition: { field: 'stock', operator: 'lte', value: 5 } });
    const zero = readRequest('When inventory in Airtable hits zero, post to Slack');
    assert.deepEqual(all(zero)[0], { kind: 'filter', condition: { field: 'inventory', operator: 'lte', value: 0 } });
    assert.deepEqual(apps(zero), ['slack:send']);
  });

  it("reads a shared mailbox named by its address's local part as the e-mail that starts the workflow", () => {
    const spec = readRequest('supplier invoices arrive at ap@ as pdf attachments -> ai pulls supplier and total');
    assert.equal(spec.trigger.kind, 'email');
    assert.equal(longhand('email purchasing@ the list'), 'email purchasing@ the list');
  });

  it('compares two sources set against each other with "vs"', () => {
    const spec = readRequest(
      'stock sync check every hr: qty per SKU in airtable vs shopify inventory; any mismatch -> slack #inventory',
    );
    const parallel = all(spec).find((s) => s.kind === 'parallel');
    assert.ok(parallel && parallel.kind === 'parallel' && parallel.compare, JSON.stringify(spec.steps));
    assert.deepEqual(
      parallel.branches.map((b) => b.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))),
      [['airtable:read'], ['shopify:read']],
    );
    // A comparison already said stays as it is.
    assert.equal(
      longhand('compare the stripe total vs the shopify total'),
      'compare the stripe total vs the shopify total',
    );
  });

  it('makes a file where a step is only its format, and reads what an export or a dump takes the file from', () => {
    const weekly = readRequest('every fri 4pm: shopify products w/ 0 sales in last 30d -> csv -> email to merch team');
    assert.deepEqual(
      all(weekly).map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['shopify:read', 'convert', 'emailSend:send'],
    );
    const dump = readRequest(
      'Every day at 04:00 dump the full Postgres table public.subscriptions to CSV and upload it to the S3 bucket acme-data-lake',
    );
    assert.deepEqual(
      all(dump).map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['postgres:read', 'convert', 'awsS3:create'],
    );
  });

  it('sends the message an arrow points to, even with no verb', () => {
    assert.deepEqual(apps(readRequest('every day at 7am check airtable inventory -> one email to the supplier')), [
      'airtable:read',
      'emailSend:send',
    ]);
    const lead = readRequest('new lead -> a slack message to #sales');
    assert.notEqual(lead.trigger.kind === 'app' && lead.trigger.app, 'slack');
    assert.deepEqual(apps(lead), ['slack:send']);
  });

  it('writes out intervals in short hours, days and minutes, and a day said in the plural', () => {
    assert.equal(
      longhand('Every 6h rotate; every 2d prune; every 30 min check'),
      'Every 6 hours rotate; every 2 days prune; every 30 minutes check',
    );
    assert.deepEqual(readRequest('Fridays: Google Workspace users not enrolled in 2SV get a reminder email').trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [5], triggerAtHour: 9 },
    });
  });

  it('reads an owner/name slug said with releases, tags or issues as a GitHub repository', () => {
    assert.equal(
      longhand('Post every published release in acme/web to #deploys'),
      'Post every published release in the GitHub repo acme/web to #deploys',
    );
    // A path, a GitLab project or words joined by a slash are left alone.
    assert.equal(longhand('new issues in gitlab group/project'), 'new issues in gitlab group/project');
    assert.equal(longhand('release notes in and/or out'), 'release notes in and/or out');
    const spec = readRequest('Post every published release in acme/web (tag + release notes) to #deploys.');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'github');
  });

  it("tests the items a CI system reports as failed, and leaves n8n's Error Trigger to n8n's own failures", () => {
    const spec = readRequest(
      'Every 30 min check the latest CircleCI pipelines for the mobile app; any failed workflow on main -> #mobile-ci',
    );
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'minutes', minutesInterval: 30 } });
    assert.deepEqual(
      all(spec).map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['circleCi:read', 'filter', 'slack:send'],
    );
    assert.equal(readRequest('When any n8n workflow fails, post to Slack').trigger.kind, 'error');
  });

  it('knows AWS services by their short names', () => {
    const spec = readRequest(
      'GuardDuty findings come in via SNS topic guardduty-findings. severity >= 7: invoke Lambda isolate-instance and post to #sec-incidents.',
    );
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'awsSns');
    assert.ok(apps(spec).some((a) => a.startsWith('awsLambda:')));
  });
});
