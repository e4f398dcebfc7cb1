// A trigger that reports the state the request names ("an order is cancelled": Shopify's "orders/cancelled"), rows
// found before Google Sheets deletes them, a sheet cleared before it is written again, ranges as route labels
// ("7 or above: …. Below 7: …", "Below 70 → …"), and smaller readings found in four more outside-written sets
// (dev115–dev118).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { rangeLabels } from '../src/workflows/intent/listRoutes.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { kinds, switchOf, branchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const byType = (workflow: N8nWorkflow, type: string) =>
  workflow.nodes.filter((n) => n.type === `n8n-nodes-base.${type}`);
const next = (workflow: N8nWorkflow, name: string) =>
  (workflow.connections[name]?.main ?? []).flat().map((l) => l.node);

describe('a trigger that reports the state the request names', () => {
  it('listens for the cancel event and tests no status the payload lacks', async () => {
    const workflow = await validBuild(pool, 'When an order is cancelled in Shopify, post the order number to Slack');
    const [trigger] = byType(workflow, 'shopifyTrigger');
    assert.equal(trigger?.parameters.topic, 'orders/cancelled');
    assert.deepEqual(byType(workflow, 'filter'), []);
    assert.deepEqual(
      next(workflow, trigger!.name).map((n) => workflow.nodes.find((x) => x.name === n)?.type),
      ['n8n-nodes-base.slack'],
    );
  });

  it('falls back to the delete event where the item has no cancel event of its own', async () => {
    const workflow = await validBuild(pool, 'When a Stripe subscription is cancelled, email the customer');
    assert.deepEqual(byType(workflow, 'stripeTrigger')[0]?.parameters.events, ['customer.subscription.deleted']);
    assert.deepEqual(byType(workflow, 'filter'), []);
  });

  it('keeps the status test where the app reports every run as one event', async () => {
    const workflow = await validBuild(pool, 'When a GitLab pipeline on main fails, create an issue in Linear');
    const [filter] = byType(workflow, 'filter');
    assert.ok(filter, 'a Filter on the status');
    assert.match(JSON.stringify(filter.parameters), /"rightValue":"failed"/);
  });

  it('listens for the change when a state has no event ("a Jira issue is closed")', async () => {
    const workflow = await validBuild(pool, 'When a Jira issue is closed, post it to Slack');
    assert.deepEqual(byType(workflow, 'jiraTrigger')[0]?.parameters.events, ['jira:issue_updated']);
    assert.equal(byType(workflow, 'filter').length, 1);
  });
});

describe('rows in Google Sheets', () => {
  it('finds the row before it deletes it, by its row number', async () => {
    const workflow = await validBuild(pool, 'shopify order cancelled -> delete its row in orders sheet');
    const [find, remove] = byType(workflow, 'googleSheets');
    assert.equal(find?.parameters.operation, 'read');
    assert.match(JSON.stringify(find?.parameters.filtersUI), /Column to match/);
    assert.equal(remove?.parameters.operation, 'delete');
    assert.equal(remove?.parameters.toDelete, 'rows');
    assert.equal(remove?.parameters.startIndex, '={{ $json.row_number }}');
    assert.deepEqual(next(workflow, find!.name), [remove!.name]);
  });

  it('clears the tab first, then reads the rows and writes them there, and counts them once for the e-mail', async () => {
    const workflow = await validBuild(
      pool,
      'Nightly 02:00: run a query on our Postgres, clear the Google Sheet tab inactive_users and write the results there, then email the row count to ops@acme.io.',
    );
    const chain: string[] = [];
    let at: string | undefined = workflow.nodes[0]!.name;
    while (at) {
      const node = workflow.nodes.find((n) => n.name === at)!;
      chain.push(`${node.type.split('.').pop()}:${String(node.parameters.operation ?? '')}`);
      at = next(workflow, at)[0];
    }
    assert.deepEqual(chain, [
      'scheduleTrigger:',
      'googleSheets:clear',
      'postgres:select',
      'googleSheets:append',
      'code:',
      'emailSend:send',
    ]);
  });
});

describe('ranges as route labels', () => {
  it('reads "7 or above: …. Below 7: …" as two routes on the score', () => {
    const spec = readRequest(
      'New candidate in Workable -> use AI to give a score out of 10. 7 or above: notify the hiring manager in Microsoft Teams. Below 7: send a rejection email from our Gmail.',
    );
    const sw = switchOf(spec);
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.condition, kinds(r.steps)]),
      [
        ['7 or above', { field: 'score', operator: 'gte', value: 7 }, ['microsoftTeams:send']],
        ['Below 7', { field: 'score', operator: 'lt', value: 7 }, ['gmail:send']],
      ],
    );
  });

  it('reads a range before an arrow, after a time in the sentence before', () => {
    const spec = readRequest(
      "Grab my Oura sleep score every morning at 6:30. Below 70 → put a 'Rest day' all-day event in my Google Calendar. 70 or more → send me the usual Telegram message.",
    );
    const sw = switchOf(spec);
    assert.deepEqual(sw.routes.map((r) => [r.name, kinds(r.steps)]).sort(), [
      ['70 or more', ['telegram:send']],
      ['Below 70', ['googleCalendar:create']],
    ]);
  });

  it('joins only sentences that follow each other', () => {
    assert.equal(rangeLabels('Score it. Over 7: post. Under 7: log.'), 'Score it. Over 7: post; Under 7: log.');
    assert.equal(rangeLabels('Over 7: post. Then wait. Under 7: log.'), 'Over 7: post. Then wait. Under 7: log.');
    assert.equal(rangeLabels('Send it at 9. Then log it.'), 'Send it at 9. Then log it.');
  });
});

describe('tests said in other words', () => {
  it('reads "hasn\'t moved in 3 hours" as a date longer ago than that', () => {
    assert.deepEqual(conditionOf("if a truck hasn't moved in 3 hours, open a ticket"), {
      field: 'last_moved_at',
      operator: 'lt',
      value: '={{ $now.minus({ hours: 3 }).toISO() }}',
      end: 34,
    });
    assert.equal(conditionOf("if a ticket hasn't been updated in 3 days")?.field, 'updated_at');
  });

  it('keeps the counted noun in the test and names the measure ("5 years of experience")', () => {
    const spec = readRequest(
      'New Typeform response -> add a row to our Candidates table in Airtable. If they have more than 5 years of experience mark them as Senior, otherwise Junior.',
    );
    const branch = branchOf(spec);
    assert.deepEqual(branch.condition, { field: 'years_of_experience', operator: 'gt', value: 5 });
    assert.deepEqual(kinds(branch.then), ['airtable:update']);
    assert.deepEqual(kinds(branch.otherwise), ['airtable:update']);
  });

  it('ends a test at its verb when the action follows with no comma ("If it complies set the status …")', () => {
    const spec = readRequest(
      'When an expense item is added to our monday.com board, have AI check it against the expense policy in our Google Doc. If it complies set the status to Approved; if not, add an update explaining why and ping the manager on Slack.',
    );
    const branch = branchOf(spec);
    assert.equal(branch.condition.field, 'output.complies');
    // The item the trigger reported changes, not the policy document read for reference.
    assert.deepEqual(kinds(branch.then), ['mondayCom:update']);
    assert.deepEqual(kinds(branch.otherwise), ['mondayCom:update', 'slack:send']);
  });

  it('does not read "it isn\'t confident" as a missing item', () => {
    assert.notEqual(conditionOf("if it isn't confident it can answer, open a ticket")?.operator, 'notExists');
    assert.equal(conditionOf("if it isn't, send it")?.operator, 'notExists');
  });

  it('reads "it\'s \'smoke\'" as "it is"', () => {
    assert.deepEqual(conditionOf("if it's 'smoke', call me"), {
      field: 'status',
      operator: 'equals',
      value: 'smoke',
      end: 15,
    });
  });
});

describe('places the request named before', () => {
  it('a bare "Google" after Google Business Profile is that app, and "the reply" is its reply to a review', async () => {
    const workflow = await validBuild(
      pool,
      'New Google reviews on our business profile -> AI drafts a reply -> send it to me on Telegram to approve -> if I approve post the reply on Google, if not do nothing.',
    );
    const replies = byType(workflow, 'googleBusinessProfile');
    assert.deepEqual(
      replies.map((n) => [n.parameters.resource, n.parameters.operation]),
      [['review', 'reply']],
    );
    assert.deepEqual(byType(workflow, 'httpRequest'), []);
  });

  it('"run a query on our Postgres" reads from it', () => {
    const spec = readRequest('Every night run a query on our Postgres and email me the results');
    assert.deepEqual(kinds(spec.steps), ['postgres:read', 'emailSend:send']);
  });
});

describe('the start a context sentence sets', () => {
  it('reads events published to a Kafka topic as the Kafka trigger, and the sender as no step', () => {
    const spec = readRequest(
      'Our TMS publishes shipment events to the Kafka topic shipment-events. Route them by type: DELAYED → email the customer, EXCEPTION → open a Zendesk ticket, DELIVERED → move the HubSpot deal to the Delivered stage.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'kafka', event: 'created' });
    assert.deepEqual(
      switchOf(spec).routes.map((r) => r.name),
      ['DELAYED', 'EXCEPTION', 'DELIVERED'],
    );
    assert.deepEqual(kinds(spec.steps), ['switch']);
  });

  it('takes the app the items were said to be in when the event names none', () => {
    const spec = readRequest(
      'Our travel support tickets in Zendesk come in all sorts of languages. When a new ticket is created, translate it to English with Google Translate, add the translation as an internal note and tag the ticket with the original language.',
    );
    // The event's own clause names the item ("a new ticket"), which picks Zendesk's ticket event.
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'zendesk', event: 'created', item: 'ticket' });
    // "all sorts of" sorts nothing, and the translation service translates (no model).
    assert.deepEqual(kinds(spec.steps), ['googleTranslate:read', 'zendesk:update']);
  });

  it('reads "Every new lead should become a deal in Pipedrive" as the step, and "the listing agent" as a person', () => {
    const spec = readRequest(
      'We run Facebook lead ads for our open houses. Every new lead should become a person and a deal in Pipedrive, and the listing agent needs a heads-up in our Microsoft Teams sales channel.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'facebookLeadAds', event: 'created', item: 'lead' });
    assert.deepEqual(kinds(spec.steps), ['pipedrive:create', 'pipedrive:create', 'microsoftTeams:send']);
  });

  it('reads "their weekly harvest numbers" as no schedule, and "each crop" as no image', () => {
    const spec = readRequest(
      "Our co-op farmers send their weekly harvest numbers to our WhatsApp Business number, usually like '12 crates tomatoes, 300kg peppers'. Use AI to pull out each crop and quantity, add them to our Baserow harvest table, and reply on WhatsApp confirming what we logged.",
    );
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'whatsApp');
    assert.deepEqual(kinds(spec.steps), ['ai', 'baserow:create', 'whatsApp:send']);
  });

  it('reads "a catch-all for failures of our CRM sync workflows" as an error workflow, with the usual step as the other outcome', () => {
    const spec = readRequest(
      "Set up a catch-all for failures of our CRM sync workflows: when one fails, look up the workflow's name in our Airtable 'Automations' table to find its owner and DM that person on Slack with the error message and a link to the execution. If no owner is listed, open a PagerDuty incident instead.",
    );
    assert.deepEqual(spec.trigger, { kind: 'error' });
    const branch = branchOf(spec);
    assert.deepEqual(branch.condition, { field: 'owner', operator: 'notExists', value: '' });
    assert.deepEqual(kinds(branch.then), ['pagerDuty:create']);
    assert.deepEqual(kinds(branch.otherwise), ['slack:send']);
    assert.deepEqual(kinds(spec.steps), ['airtable:read', 'if']);
  });
});

describe('more schedules, syncs, pauses and addresses', () => {
  it('reads "once an hour" as an hourly schedule, and the first place of a sync as read', () => {
    const spec = readRequest("Sync our Airtable 'Content Calendar' table into a Notion database once an hour.");
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'hours', hoursInterval: 1 } });
    assert.deepEqual(kinds(spec.steps).slice(0, 1), ['airtable:read']);
  });

  it('reads "pausing a few seconds between batches" as a pause in the loop', () => {
    const spec = readRequest(
      "I have a CSV of old bookmarks in Google Drive. Check every URL with an HTTP request in batches of 50, pausing a few seconds between batches so I'm not hammering anything, and write the dead ones to a new Google Sheet.",
    );
    const loop = spec.steps.find((s) => s.kind === 'loop');
    assert.ok(loop?.kind === 'loop');
    assert.deepEqual(
      loop.body.find((s) => s.kind === 'wait'),
      { kind: 'wait', amount: 3, unit: 'seconds' },
    );
  });

  it('calls an API host written without its scheme', () => {
    const spec = readRequest('Every 10 minutes get my public IP from api.ipify.org and email it to me.');
    const call = spec.steps.find((s) => s.kind === 'http');
    assert.ok(call?.kind === 'http');
    assert.equal(call.url, 'https://api.ipify.org');
  });

  it('reads whether an item has something, and a date within the last hour', () => {
    assert.deepEqual(conditionOf('if the customer has a phone number, text them'), {
      field: 'phone_number',
      operator: 'exists',
      value: '',
      end: 34,
    });
    assert.equal(conditionOf('if the lead has a score above 50')?.operator, 'gt');
    assert.deepEqual(conditionOf('if the last modified time is within the last hour'), {
      field: 'last_modified_time',
      operator: 'gte',
      value: '={{ $now.minus({ hours: 1 }).toISO() }}',
      end: 49,
    });
    assert.equal(conditionOf('if no assignee is set')?.operator, 'notExists');
    assert.equal(conditionOf('if the status is set to done, close it')?.operator, 'equals');
  });
});

describe('a lookup and its two outcomes', () => {
  it('records the payment where the invoice was found, and posts the charges whose invoice was not', () => {
    const spec = readRequest(
      "Every Monday morning pull last week's successful Stripe charges. Each charge has our invoice number in its metadata (invoice_no). Find that invoice in Xero and record the payment against it. Any charge where the invoice can't be found in Xero should be posted to the #finance-ops channel in Microsoft Teams with the amount, customer email and charge ID.",
    );
    assert.deepEqual(kinds(spec.steps), ['stripe:read', 'xero:read', 'if']);
    const branch = branchOf(spec);
    assert.deepEqual(branch.condition, { field: 'id', operator: 'notExists', value: '' });
    assert.deepEqual(kinds(branch.then), ['microsoftTeams:send']);
    assert.deepEqual(kinds(branch.otherwise), ['xero:create']);
  });
});
