// Requests of people who already use n8n: an app's event named by its key ("Stripe invoice.payment_failed webhook",
// "Onfleet taskCompleted", "Shopify orders/create"), core nodes named in passing (Text Classifier, Sentiment Analysis,
// Summarize, Respond to Webhook, Switch on a field), "Webhook GET /rates", a form's fields said after a colon, a note
// added to the ticket there is, and a cache looked up before the API.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { AiStep, Step } from '../src/workflows/spec.ts';
import { all, branchOf, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));
const types = (nodes: Array<{ type: string }>) => nodes.map((n) => n.type.replace(/^.*\./, ''));
const node = (nodes: Array<{ type: string; parameters: Record<string, unknown> }>, type: string) =>
  nodes.find((n) => n.type.endsWith(`.${type}`));

describe("an app's event named by its key", () => {
  it('starts from the app whose key is said, not a webhook, and reads no step from the key', () => {
    const stripe = readRequest('Stripe invoice.payment_failed webhook -> Slack #billing message with customer email');
    assert.deepEqual(stripe.trigger, {
      kind: 'app',
      app: 'stripe',
      event: 'failed',
      key: 'invoice.payment_failed',
      item: 'invoice',
    });
    assert.deepEqual(apps(all(stripe)), ['slack:send'], 'no charge is made and "customer email" is no e-mail sent');
    const onfleet = readRequest('Onfleet taskCompleted -> Twilio SMS to the customer');
    assert.equal(onfleet.trigger.kind === 'app' && onfleet.trigger.key, 'taskCompleted');
    const shopify = readRequest('Shopify orders/create trigger. For each line item POST https://x.example.com/api');
    assert.equal(shopify.trigger.kind === 'app' && shopify.trigger.key, 'orders/create');
    const box = readRequest('Box file.uploaded in folder Contracts, post the file name to Slack #legal');
    assert.equal(box.trigger.kind === 'app' && box.trigger.app, 'box');
    assert.deepEqual(apps(all(box)), ['slack:send'], 'the watched folder is no upload');
  });

  it('reads the action said right after an app written in lower case', () => {
    const posts = readRequest('every 6h: discourse get latest posts → post to Slack');
    assert.deepEqual(apps(all(posts)), ['discourse:read', 'slack:send']);
    const deals = readRequest('every 6h: hubspot get all deals');
    assert.deepEqual(apps(all(deals)), ['hubspot:read']);
  });

  it('reads two actions joined by a slash as no event', () => {
    const zap = readRequest(
      'Eventbrite New Attendee -> Mailchimp add/update subscriber with a tag of the event name -> Gmail send email to the attendee.',
    );
    assert.equal(zap.trigger.kind === 'app' && zap.trigger.app, 'eventbrite');
    assert.ok(apps(all(zap)).some((a) => a.startsWith('mailchimp:')));
  });

  it('picks the listed event the key names', async () => {
    const workflow = await validBuild(pool, 'Onfleet taskCompleted -> Twilio SMS to the customer');
    assert.equal(node(workflow.nodes, 'onfleetTrigger')?.parameters.triggerOn, 'taskCompleted');
    const stripe = await validBuild(pool, 'Stripe invoice.payment_failed webhook -> post it to Slack #billing');
    assert.deepEqual(node(stripe.nodes, 'stripeTrigger')?.parameters.events, ['invoice.payment_failed']);
  });
});

describe('core nodes named in passing', () => {
  it('gives a named Text Classifier the routes said after it', () => {
    const spec = readRequest(
      'Zendesk trigger on new tickets. Run the ticket body through a Text Classifier with three categories (billing, bug, how-to). Billing → update the ticket in Zendesk. Bug → open a Jira issue. How-to → have the model draft an answer and add it as an internal note on the ticket.',
    );
    assert.ok(!kinds(all(spec)).includes('switch'), 'no Switch on a field the classifier never writes');
    const classifier = spec.steps.find((s): s is AiStep => s.kind === 'ai' && s.task === 'classify');
    assert.deepEqual(
      classifier?.routes?.map((r) => [r.name.toLowerCase(), apps(r.steps)]),
      [
        ['billing', ['zendesk:update']],
        ['bug', ['jira:create']],
        ['how-to', ['zendesk:update']],
      ],
    );
  });

  it("adds a note onto the ticket there is; an app's own comments are still made", () => {
    const note = readRequest(
      'New Zendesk ticket: draft an answer with AI, then add it as an internal note on the ticket.',
    );
    assert.deepEqual(apps(all(note)), ['zendesk:update']);
    const comment = readRequest('New Jira issue: add a comment on the issue saying thanks');
    assert.deepEqual(apps(all(comment)), ['jira:create']);
  });

  it('builds the Sentiment Analysis node with an output per outcome said', async () => {
    const request =
      'New Zendesk ticket → Sentiment Analysis node on the first message. Negative: raise priority to high in Zendesk and post the ticket in #escalations on Slack. Positive/neutral: leave it.';
    const spec = readRequest(request);
    const sentiment = spec.steps.find((s): s is AiStep => s.kind === 'ai' && s.task === 'sentiment');
    assert.deepEqual(
      sentiment?.routes?.map((r) => [r.name, apps(r.steps)]),
      [
        ['Negative', ['zendesk:update', 'slack:send']],
        ['Positive/neutral', []],
      ],
    );
    const workflow = await validBuild(pool, request);
    const analysis = node(workflow.nodes, 'sentimentAnalysis');
    assert.deepEqual(analysis?.parameters.options, { categories: 'Negative, Positive/neutral' });
    const outputs = workflow.connections[(analysis as unknown as { name: string }).name]?.main ?? [];
    assert.equal(outputs.length, 2, 'each category has its output wired');
  });

  it('totals with a named Summarize node, no model', async () => {
    const workflow = await validBuild(
      pool,
      'Sunday 8pm: get my Strava activities from the past week, Summarize node to total distance and moving time, and push the totals to my phone with Pushover.',
    );
    assert.ok(!types(workflow.nodes).includes('openAi'));
    assert.deepEqual(node(workflow.nodes, 'summarize')?.parameters.fieldsToSummarize, {
      values: [
        { aggregation: 'sum', field: 'distance' },
        { aggregation: 'sum', field: 'moving_time' },
      ],
    });
    assert.ok(workflow.nodes.some((n) => n.name === 'Get activities from Strava'));
  });

  it('switches on the field said after "Switch on … —"', () => {
    const spec = readRequest(
      'Hourly: pull new alerts from Elastic Security, then Switch on severity — critical: create a case in TheHive and fire a SIGNL4 alert; high: TheHive case only; everything else: do nothing.',
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'severity');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, apps(r.steps)]),
      [
        ['critical', ['theHiveProject:create', 'signl4:create']],
        ['high', ['theHiveProject:create']],
      ],
    );
  });
});

describe('webhooks, caches and forms said tersely', () => {
  it('answers through Respond to Webhook on a GET webhook, from the cache or the API', async () => {
    const request =
      "Tiny caching API: Webhook GET /rates?currency=XXX. Look in Redis for the key; IF it's there, Respond to Webhook with it. If not, HTTP Request to the exchange-rate API, set it in Redis with a 1h TTL, and respond with that.";
    const spec = readRequest(request);
    assert.deepEqual(spec.trigger, { kind: 'webhook', path: 'rates', method: 'GET' });
    const test = branchOf(spec);
    assert.deepEqual(test.condition, { field: 'id', operator: 'exists', value: '' });
    assert.deepEqual(kinds(test.then), ['respond']);
    assert.deepEqual(kinds(test.otherwise), ['http', 'redis:update', 'respond']);
    const workflow = await validBuild(pool, request);
    assert.equal(node(workflow.nodes, 'webhook')?.parameters.responseMode, 'responseNode');
    assert.equal(node(workflow.nodes, 'webhook')?.parameters.httpMethod, 'GET');
    assert.ok(workflow.nodes.some((n) => n.type.endsWith('.redis') && n.parameters.operation === 'set'));
  });

  it('reads the fields of a form said after a colon or "with fields"', () => {
    const wp = readRequest(
      'n8n form: title, body, author_email -> create a WordPress draft post, then email the author',
    );
    assert.deepEqual(wp.trigger, { kind: 'form', title: 'Form', fields: ['Title', 'Body', 'Author_email'] });
    assert.ok(!kinds(all(wp)).includes('switch'), 'the fields are no routes');
    const contact = readRequest(
      'Make a form with fields name, email and message; on submit add a row to Airtable and notify Slack',
    );
    assert.deepEqual(contact.trigger, { kind: 'form', title: 'Form', fields: ['Name', 'Email', 'Message'] });
  });

  it('reads an app that is an everyday word before "trigger", and a summary part on the 1st of the month', () => {
    const wise = readRequest(
      "Wise trigger for balance credits → append a row to the 'Incoming payments' Google Sheet. If the amount is above 10,000 EUR, also Slack the CFO.",
    );
    assert.equal(wise.trigger.kind === 'app' && wise.trigger.app, 'wise');
    const donations = readRequest(
      'Stripe charge.succeeded events: send the donor a thank-you email through Brevo and log the donation in Google Sheets. On the 1st of every month, email the board a summary of the previous month: total donated and number of donors.',
    );
    assert.equal(donations.trigger.kind === 'app' && donations.trigger.key, 'charge.succeeded');
    assert.deepEqual(
      donations.parts?.map((p) => [p.trigger.kind, kinds(p.steps)]),
      [['schedule', ['googleSheets:read', 'sum', 'emailSend:send']]],
      'the totals are worked out before the summary is sent',
    );
  });
});
