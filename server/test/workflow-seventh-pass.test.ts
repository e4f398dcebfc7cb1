// Readings and builds found by writing requests the way users do (seventh pass): a trigger whose events sit in a
// fixed collection (HubSpot's), an item changed in the app that can change it, a site or API checked by its status
// code, an app n8n has only a trigger for read through its API, a lookup said as "check if … exists", pull requests
// and lists named by their kind, a total said as "sum them up", a named OCR service doing the reading, and a
// classifier's options acted on by name ("forward sales to …", "delete spam", "Spam: delete it").
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const kindsOf = (request: string) =>
  all(readRequest(request)).map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind));

/** The classifier's routes as "name: app:verb, …". */
function routesOf(request: string): string[] {
  const classifier = all(readRequest(request)).find(
    (s): s is Extract<Step, { kind: 'ai' }> => s.kind === 'ai' && Boolean(s.routes),
  );
  return (classifier?.routes ?? []).map(
    (r) => `${r.name}: ${r.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)).join(', ')}`,
  );
}

describe("a trigger whose events are a fixed collection's entries", () => {
  it("listens for HubSpot's contact.creation on a new contact, not an empty trigger", async () => {
    const workflow = await validBuild(pool, 'new hubspot contact -> add to mailchimp');
    const trigger = workflow.nodes.find((n) => n.type.endsWith('.hubspotTrigger'));
    assert.deepEqual(trigger?.parameters.eventsUi, { eventValues: [{ name: 'contact.creation' }] });
  });

  it('listens for a deal property change on "a deal moves to closed won", with the property left to pick', async () => {
    const workflow = await validBuild(
      pool,
      'When a HubSpot deal moves to closed won, create an invoice in QuickBooks and notify #sales on Slack',
    );
    const trigger = workflow.nodes.find((n) => n.type.endsWith('.hubspotTrigger'));
    const events = (trigger?.parameters.eventsUi as { eventValues: Array<Record<string, string>> }).eventValues;
    assert.equal(events[0]?.name, 'deal.propertyChange');
    assert.match(events[0]?.property ?? '', /^<__PLACEHOLDER_VALUE__Property__>$/);
    assert.ok(workflow.nodes.some((n) => n.type.endsWith('.quickbooks')));
  });
});

describe('an item changed where it can be changed', () => {
  it('updates the company in HubSpot, not a second Clearbit enrichment', () => {
    assert.deepEqual(
      kindsOf('When a new company is created in HubSpot, enrich it with Clearbit and update the company'),
      ['clearbit:read', 'hubspot:update'],
    );
  });

  it('reads "update the company" as a step at all', () => {
    assert.deepEqual(kindsOf('When a new company is created in HubSpot, update the company'), ['hubspot:update']);
  });
});

describe('a site or an API checked by its status code', () => {
  it('hands on the whole answer, keeps going when the site is down and tests the status code', async () => {
    const workflow = await validBuild(pool, "Monitor my website every 5 minutes and alert me on Discord if it's down");
    const call = workflow.nodes.find((n) => n.type.endsWith('.httpRequest'));
    assert.deepEqual(call?.parameters.options, { response: { response: { fullResponse: true, neverError: true } } });
    assert.equal(call?.onError, 'continueRegularOutput');
    const test = workflow.nodes.find((n) => n.type.endsWith('.filter'));
    assert.match(JSON.stringify(test?.parameters), /\$json\.statusCode/);
    assert.doesNotMatch(JSON.stringify(test?.parameters), /\$json\.up\b/);
  });

  it('reads "if the status isn\'t 200" after a call as the status code, a number', () => {
    const spec = readRequest(
      "every 10 min check https://api.example.com/health and if the status isn't 200 send a Telegram message",
    );
    const test = all(spec).find((s) => s.kind === 'filter' || s.kind === 'if');
    assert.ok(test && (test.kind === 'filter' || test.kind === 'if'));
    assert.deepEqual(test.condition, { field: 'statusCode', operator: 'notEquals', value: 200 });
  });

  it('leaves a call that nothing tests the status of as it was', async () => {
    const workflow = await validBuild(pool, 'Every hour call https://api.example.com/orders and add them to Airtable');
    const call = workflow.nodes.find((n) => n.type.endsWith('.httpRequest'));
    assert.deepEqual(call?.parameters.options, {});
    assert.equal(call?.onError, undefined);
  });
});

describe('an app n8n has only a trigger for, read under another start', () => {
  it("calls Toggl's API for last week's time entries on a Friday schedule", () => {
    const spec = readRequest("every friday at 5pm export last week's Toggl time entries to a Google Sheet");
    assert.equal(spec.trigger.kind, 'schedule');
    const steps = all(spec);
    assert.deepEqual(
      steps.map((s) => s.kind),
      ['http', 'app'],
    );
    assert.equal(steps[0]?.kind === 'http' && steps[0].system, 'Toggl');
  });

  it("keeps Calendly's bookings in the daily digest", () => {
    assert.deepEqual(kindsOf("every morning pull yesterday's Calendly bookings and post them to Slack"), [
      'http',
      'slack:send',
    ]);
  });

  it('still starts from the app when it is what happens', () => {
    assert.equal(readRequest('When someone books a meeting in Calendly, add them to HubSpot').trigger.kind, 'app');
  });
});

describe('a lookup said as "check if … exists"', () => {
  it('searches Postgres, tests what it found, inserts the new one and welcomes them', () => {
    assert.deepEqual(
      kindsOf(
        'When the webhook is called, check if the email exists in Postgres; if not, insert it, then send a welcome email',
      ),
      ['postgres:search', 'filter', 'postgres:create', 'emailSend:send'],
    );
  });

  it('keeps the insert said as "otherwise insert it"', () => {
    assert.deepEqual(
      kindsOf(
        'When the webhook is called, if the customer exists in Postgres do nothing, otherwise insert it and send a welcome email',
      ),
      ['postgres:search', 'filter', 'postgres:create', 'emailSend:send'],
    );
  });
});

describe('items named by their kind', () => {
  it('lists GitHub pull requests for "open PRs", not one issue', async () => {
    const workflow = await validBuild(
      pool,
      'Daily at 9am, get open PRs from GitHub older than 3 days and remind reviewers on Slack',
    );
    const github = workflow.nodes.find((n) => n.type.endsWith('.github'));
    assert.equal(github?.parameters.operation, 'getPullRequests');
  });

  it('lists Hacker News stories where no resource is named for them, not one article by id', async () => {
    const workflow = await validBuild(pool, 'scrape hacker news top stories daily and send me a digest email');
    const news = workflow.nodes.find((n) => n.type.endsWith('.hackerNews'));
    assert.deepEqual([news?.parameters.resource, news?.parameters.operation], ['all', 'getAll']);
    assert.equal(news?.name, 'Get items from Hacker News');
  });
});

describe('sums and summaries', () => {
  it('reads "sum them up and send the total" as a total, with no model', () => {
    assert.deepEqual(
      kindsOf(
        "Every Monday morning, pull last week's Stripe charges, sum them up and send the total to #finance on Slack",
      ),
      ['stripe:read', 'sum', 'slack:send'],
    );
  });

  it('reads "sum it up for me" with no total as a summary', () => {
    assert.deepEqual(kindsOf('read the long email thread and sum it up for me in Slack'), [
      'gmail:read',
      'ai',
      'slack:send',
    ]);
  });
});

describe('a named service that reads the text', () => {
  it('downloads the S3 file for Textract and adds no model', async () => {
    const workflow = await validBuild(
      pool,
      'Whenever a file is uploaded to our S3 bucket, run OCR with AWS Textract and store the extracted text in MongoDB',
    );
    const types = workflow.nodes.map((n) => n.type.split('.').pop());
    assert.ok(!types.includes('openAi'), 'no OpenAI step beside Textract');
    const download = workflow.nodes.find((n) => n.type.endsWith('.awsS3') && n.parameters.operation === 'download');
    assert.ok(download, 'the file is downloaded');
    assert.ok(types.indexOf('awsS3') < types.indexOf('awsTextract'));
  });

  it('adds no Code step for "parse it with Mindee"', () => {
    assert.deepEqual(
      kindsOf(
        'When a receipt photo lands in our Google Drive folder, parse it with Mindee and add a row to Google Sheets',
      ),
      ['googleDrive:read', 'mindee:read', 'googleSheets:create'],
    );
  });
});

describe("a classifier's options acted on by name", () => {
  it('forwards sales, files support and deletes spam in the mailbox', () => {
    assert.deepEqual(
      routesOf(
        'Our support inbox (Outlook) gets a lot of spam. Classify each new email with AI into support, sales or spam; forward sales to sales@acme.com, create a Freshdesk ticket for support, and delete spam.',
      ),
      ['Support: freshdesk:create', 'Sales: microsoftOutlook:send', 'Spam: microsoftOutlook:delete'],
    );
  });

  it('deletes the mail on "Spam: delete it", not the ticket another option made', () => {
    assert.deepEqual(
      routesOf(
        'Classify each new Gmail email with AI into support or spam. Support: create a Freshdesk ticket. Spam: delete it.',
      ),
      ['Support: freshdesk:create', 'Spam: gmail:delete'],
    );
    assert.deepEqual(
      routesOf(
        'Classify each new Gmail email with AI into support or spam. Spam: delete it. Support: create a Freshdesk ticket.',
      ),
      ['Support: freshdesk:create', 'Spam: gmail:delete'],
    );
  });
});

describe('a day counted from today, in a node name', () => {
  it('names the test "pickup date is tomorrow"', async () => {
    const workflow = await validBuild(
      pool,
      "Customers order through a Google Form. I'd like each new order to go into our Airtable base, and if the pickup date is tomorrow, text the customer a reminder with Twilio.",
    );
    assert.ok(workflow.nodes.some((n) => n.name === 'Keep if pickup date is tomorrow'));
  });
});

describe('more of the same kinds', () => {
  it("listens for ConvertKit's form subscription when a new subscriber joins the list", async () => {
    const workflow = await validBuild(
      pool,
      'When a new subscriber joins my ConvertKit list, wait 2 days, then send them a personalized email written by Claude',
    );
    const trigger = workflow.nodes.find((n) => n.type.endsWith('.convertKitTrigger'));
    assert.equal(trigger?.parameters.event, 'formSubscribe');
    // The model's answer has only its text: the address is the subscriber's, from the trigger's item.
    const mail = workflow.nodes.find((n) => n.type.endsWith('.emailSend'));
    assert.equal(mail?.parameters.toEmail, "={{ $('ConvertKit Trigger').item.json.email }}");
  });

  it('reads "if it doesn\'t create a lead and if it does just update it" as the two answers of the lookup', () => {
    const spec = readRequest(
      "every day at six p m take the new rows from the google sheet tab called new leads and for each one check if the email already exists in sales force and if it doesn't create a lead and if it does just update it",
    );
    const test = all(spec).find((s) => s.kind === 'if');
    assert.ok(test?.kind === 'if');
    assert.deepEqual(test.condition, { field: 'id', operator: 'exists', value: '' });
    assert.deepEqual(
      test.then.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['salesforce:update'],
    );
    assert.deepEqual(
      test.otherwise.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['salesforce:create'],
    );
    assert.deepEqual(
      kindsOf(
        "every day at six p m take the new rows from the google sheet tab called new leads and for each one check if the email already exists in sales force and if it doesn't create a lead and if it does just update it",
      ).slice(0, 2),
      ['googleSheets:read', 'salesforce:search'],
    );
  });

  it('resolves the PagerDuty incident another route opened, not a change in UptimeRobot', () => {
    const steps = all(
      readRequest(
        'uptime robot alert: site down -> open pagerduty incident + sms on-call guy. when its back up -> resolve the incident',
      ),
    );
    assert.ok(steps.some((s) => s.kind === 'app' && s.app === 'pagerDuty' && s.verb === 'update'));
    assert.ok(!steps.some((s) => s.kind === 'app' && s.app === 'uptimeRobot' && s.verb === 'update'));
  });

  it('reads no API call for the mailbox an e-mail trigger reads, nor for a lead ad source only described', () => {
    for (const request of [
      'A vendor emails us a CSV price list every Monday. I need n8n to grab the attachment from our IMAP inbox, parse it, and upsert the rows into our MySQL products table by sku.',
      'Our Facebook lead ad leads sit there for hours before anyone sees them. I want every new lead pushed into HubSpot as a contact.',
    ])
      assert.ok(!all(readRequest(request)).some((s) => s.kind === 'http'), request);
  });

  it('keeps "skip draft PRs" a test of the pull requests read', () => {
    const steps = all(readRequest('Every morning list open GitHub PRs and post them to Slack. Skip draft PRs.'));
    assert.ok(
      steps.some((s) => s.kind === 'filter' && (s.condition.field === 'draft' || s.condition.value === 'draft')),
      JSON.stringify(steps),
    );
  });
});

describe('a required record id no step gives', () => {
  it("leaves Pipedrive's organisation id to fill in, not record 0", async () => {
    const workflow = await validBuild(
      pool,
      'Need help: when a lead fills our Webflow form, enrich with Hunter, score with OpenAI, then if score > 7 create deal in Pipedrive else add to Mailchimp nurture list',
    );
    const deal = workflow.nodes.find((n) => n.type.endsWith('.pipedrive'));
    assert.equal(deal?.parameters.org_id, '<__PLACEHOLDER_VALUE__Organization ID__>');
  });
});
