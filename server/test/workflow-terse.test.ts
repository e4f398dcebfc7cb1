// Requests as terse specs, non-native English and technical notes write them: "amount bigger 10000 → alert",
// "subject have 'URGENT' → …", "status 'firing' -> …", a cron in backticks, SQL written out, "alert by email",
// "Grafana alert webhook", an RSS feed's URL, a CSS selector, XML turned into JSON, batches after a test, and the
// error path said as "if this workflow ever fails" or "via an error workflow".
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { findSchedule } from '../src/workflows/intent/schedule.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, filters, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));
const types = (nodes: Array<{ type: string }>) => nodes.map((n) => n.type.replace(/^.*\./, ''));
const test = (text: string) => {
  const c = conditionOf(text);
  return c ? { field: c.field, operator: c.operator, value: c.value } : null;
};

describe('conditions said tersely', () => {
  it('reads a comparative with no "than", "have" for "has", and one field against another', () => {
    assert.deepEqual(test('if amount bigger 10000'), { field: 'amount', operator: 'gt', value: 10000 });
    assert.deepEqual(test('if temperature lower 5'), { field: 'temperature', operator: 'lt', value: 5 });
    assert.deepEqual(test("if subject have 'URGENT'"), { field: 'subject', operator: 'contains', value: 'URGENT' });
    assert.deepEqual(test('if cost more than budget'), {
      field: 'cost',
      operator: 'gt',
      value: '={{ $json.budget }}',
    });
    assert.deepEqual(test('if spend is over budget'), {
      field: 'spend',
      operator: 'gt',
      value: '={{ $json.budget }}',
    });
    assert.equal(test('if loop over items'), null);
  });

  it('tests what an arrow follows: a bound, a quoted value, one field = value, a rule with an aside', () => {
    const kafka = readRequest(
      "consume Kafka topic 'orders' and write every message in Elasticsearch index 'orders'. When amount bigger 10000 → alert to Matrix room !ops also",
    );
    assert.deepEqual(filters(all(kafka)), [{ field: 'amount', operator: 'gt', value: 10000 }]);
    const mail = readRequest("New email in IMAP → create Zammad ticket. subject have 'URGENT' → also SIGNL4 alert");
    assert.deepEqual(filters(all(mail)), [{ field: 'subject', operator: 'contains', value: 'URGENT' }]);
    assert.ok(apps(all(mail)).includes('signl4:send'));
    const kobo = readRequest(
      "KoBoToolbox new submission → save in Google BigQuery table field_data. water_quality = 'bad' → SMS to district officer using Plivo.",
    );
    assert.deepEqual(filters(all(kobo)), [{ field: 'water_quality', operator: 'equals', value: 'bad' }]);
    const ads = readRequest(
      'each Monday get Google Ads campaign costs → write to Google Sheet. any campaign cost more than budget (budget in sheet) → alert email',
    );
    assert.deepEqual(filters(all(ads)), [{ field: 'campaign_cost', operator: 'gt', value: '={{ $json.budget }}' }]);
    assert.deepEqual(apps(all(ads)).slice(-1), ['emailSend:send'], 'the alert is the e-mail, not a Slack message too');
    assert.equal(apps(all(ads)).filter((a) => a.startsWith('googleSheets')).length, 1, 'the aside is no step');
  });

  it('keeps "on" as the value of a state', () => {
    const spec = readRequest('Every day read the Postgres table doors. If the light is on, send me a Slack message.');
    assert.deepEqual(filters(all(spec)), [{ field: 'light', operator: 'equals', value: 'on' }]);
  });

  it('routes "status \'firing\' -> …" by the field, each route with its own verb', () => {
    const spec = readRequest(
      "Grafana alert webhook. status 'firing' -> create a ServiceNow incident. status 'resolved' -> update the incident to Resolved.",
    );
    assert.equal(spec.trigger.kind, 'webhook');
    assert.ok(!apps(all(spec)).some((a) => a.startsWith('grafana')), 'Grafana calls the webhook; it is no step');
    const sw = switchOf(spec);
    assert.equal(sw.field, 'status');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, kinds(r.steps)]),
      [
        ['firing', ['serviceNow:create']],
        ['resolved', ['serviceNow:update']],
      ],
    );
  });
});

describe('sends, feeds and code said tersely', () => {
  it('sends an alert by the channel said beside it, and both of "a message to Slack and an email"', () => {
    assert.deepEqual(apps(all(readRequest('When a Stripe payment fails, alert by email.'))), ['emailSend:send']);
    assert.deepEqual(apps(all(readRequest('When a Stripe payment fails, send an alert via SMS.'))), ['twilio:send']);
    assert.deepEqual(
      apps(all(readRequest('When a Stripe payment fails, send a message to Slack and an email to finance.'))),
      ['slack:send', 'emailSend:send'],
    );
  });

  it("reads a feed's URL with RSS Read alone, and keeps the posts of the last days", () => {
    const spec = readRequest(
      'Every morning, fetch the RSS feed https://example.com/feed.xml, pick out the posts published in the last 7 days and post them to Slack.',
    );
    assert.deepEqual(kinds(all(spec)), ['rssFeedRead:read', 'filter', 'slack:send']);
    assert.deepEqual(filters(all(spec)), [
      { field: 'pubDate', operator: 'gt', value: '={{ $now.minus({ days: 7 }).toISO() }}' },
    ]);
    const kept = readRequest(
      'Every morning, read the RSS feed https://example.com/feed.xml, keep only posts from the last 7 days and post them to Slack.',
    );
    assert.deepEqual(filters(all(kept)), filters(all(spec)));
  });

  it('reads a cron in backticks or quotes, and a quoted name is no schedule', () => {
    assert.deepEqual(findSchedule('Cron `0 22 * * *`: read the table')?.rule, {
      field: 'cronExpression',
      expression: '0 22 * * *',
    });
    assert.deepEqual(findSchedule("Run on cron '0 22 * * *' and email")?.rule, {
      field: 'cronExpression',
      expression: '0 22 * * *',
    });
    const spec = readRequest(
      "We have about 2,000 contacts in a MySQL table 'newsletter_subscribers'. Could you push them all into the Mailchimp audience 'Monthly News', but in batches of 100 with a short pause between batches? I'll run it manually when needed.",
    );
    assert.equal(spec.trigger.kind, 'manual');
  });

  it('runs a query written out with no database named on the database named before it', () => {
    const spec = readRequest(
      "Every 10 minutes: Postgres `SELECT id, phone, start_at FROM appointments WHERE reminder_sent = false AND start_at BETWEEN now() + interval '2 hours' AND now() + interval '2 hours 10 minutes'`; text each patient via Vonage \"Reminder: appointment at {{start_at}}\" then `UPDATE appointments SET reminder_sent = true WHERE id = $1`.",
    );
    assert.deepEqual(apps(all(spec)), ['postgres:read', 'vonage:send', 'postgres:update']);
    const update = all(spec).at(-1);
    assert.equal(
      update?.kind === 'app' && update.hints.text,
      'UPDATE appointments SET reminder_sent = true WHERE id = $1',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'BETWEEN is SQL, not a system');
  });

  it('batches the steps after a test, and "batch 25 per time"', () => {
    const spec = readRequest(
      'Read the Google Sheet, check each email with Mailcheck, and add only the valid ones as contacts to Brevo, working in batches of 100.',
    );
    assert.deepEqual(kinds(spec.steps), ['googleSheets:read', 'mailcheck:read', 'filter', 'loop']);
    const loop = spec.steps.at(-1);
    assert.ok(loop?.kind === 'loop' && loop.size === 100);
    assert.deepEqual(kinds(loop.body), ['sendInBlue:create']);
    const erp = readRequest(
      'every night new items from ERPNext create like products in WooCommerce, batch 25 per time',
    );
    assert.ok(all(erp).some((s) => s.kind === 'loop' && s.size === 25));
  });
});

describe('error paths said as the run failing', () => {
  it('makes "if this workflow ever fails" and "via an error workflow" an Error Trigger part', () => {
    const woo = readRequest(
      'Whenever a new customer signs up on our WooCommerce store, create them as a contact in Mautic. And if this workflow ever fails, email ops@brandco.com with the error message.',
    );
    assert.equal(woo.trigger.kind, 'app');
    assert.equal(woo.parts?.[0]?.trigger.kind, 'error');
    assert.deepEqual(filters(all(woo)), [], 'the failure is no test of the customer');
    const ads = readRequest(
      "every day at 7am fetch yesterday's campaign stats from the TikTok Marketing API and append them to our 'Paid social' Google Sheet. If the API call errors out, post the error to #ads-alerts on Slack via an error workflow.",
    );
    assert.equal(ads.trigger.kind, 'schedule');
    assert.deepEqual(filters(all(ads)), []);
    assert.deepEqual(kinds(ads.parts?.[0]?.steps ?? []), ['slack:send']);
  });

  it('starts from the Error Trigger when the workflow is there to catch other workflows failing', () => {
    const spec = readRequest(
      'Could you set up one that catches any workflow failure and posts the workflow name and the error message to our #alerts channel on Mattermost?',
    );
    assert.equal(spec.trigger.kind, 'error');
    assert.deepEqual(apps(all(spec)), ['mattermost:send']);
  });
});

describe('routes said with "ones", over a question mark', () => {
  it('reads the verb said once for two routes, and a model sorting into them is a classifier', () => {
    const spec = readRequest(
      'Could we have our support Gmail inbox read by an AI that sorts each new email into Billing, Technical or General? Billing ones should become a Freshdesk ticket, Technical ones a Jira issue in the SUP project, and General ones just get posted to our #support Slack channel.',
    );
    assert.equal(spec.trigger.kind, 'email');
    const ai = spec.steps[0];
    assert.ok(ai?.kind === 'ai' && ai.task === 'classify', JSON.stringify(kinds(spec.steps)));
    assert.deepEqual(
      ai.routes?.map((r) => [r.name, kinds(r.steps)]),
      [
        ['Billing', ['freshdesk:create']],
        ['Technical', ['jira:create']],
        ['General', ['slack:send']],
      ],
    );
  });
});

describe('nodes built from terse specs pass the validator', () => {
  it('extracts by the CSS selector said, with the HTML node', async () => {
    const workflow = await validBuild(
      pool,
      "Every morning fetch the product pages for our 3 competitor URLs (stored in a Google Sheet), extract the price using the '.price' CSS selector, and if a competitor is cheaper than us, alert #pricing on Slack.",
    );
    const html = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.html');
    assert.deepEqual(html?.parameters.extractionValues, { values: [{ key: 'price', cssSelector: '.price' }] });
    assert.ok(!types(workflow.nodes).includes('openAi'), 'no model reads what the selector reads');
  });

  it('turns XML into JSON with the XML node', async () => {
    const workflow = await validBuild(
      pool,
      'Our supplier publishes stock levels as XML at https://supplier.example.com/stock.xml. Every 4 hours fetch it, convert it to JSON, and update the stock quantity of each SKU in our WooCommerce store.',
    );
    assert.ok(types(workflow.nodes).includes('xml'), JSON.stringify(types(workflow.nodes)));
    assert.ok(!types(workflow.nodes).includes('convertToFile'));
    assert.ok(!types(workflow.nodes).includes('postgres'), 'the stock levels are the feed, not a database of ours');
  });

  it("starts on the app's own event: a Slack mention, an Eventbrite registration", async () => {
    const slack = await validBuild(
      pool,
      "When someone mentions our bot in Slack, I'd love an AI agent to answer their question in the thread, and it should be able to search our Confluence wiki as a tool.",
    );
    assert.deepEqual(slack.nodes.find((n) => n.type.endsWith('.slackTrigger'))?.parameters.trigger, ['app_mention']);
    // Confluence's node has no tool variant: the agent calls its API.
    const tool = slack.nodes.find((n) => /Confluence/.test(n.name));
    assert.equal(tool?.type, 'n8n-nodes-base.httpRequestTool');
    const eventbrite = await validBuild(
      pool,
      'When someone registers for our Eventbrite event, add them to Mailchimp.',
    );
    assert.deepEqual(eventbrite.nodes.find((n) => n.type.endsWith('.eventbriteTrigger'))?.parameters.actions, [
      'order.placed',
    ]);
  });
});
