// Rules with more than one test and automations with more than one start, as operations people write them: "if the
// amount is over 500 and the customer tier is enterprise", "when status is failed or retries > 3", "every morning at
// 6, and also whenever someone calls our webhook /sync-now". Each test reaches n8n's If or Filter joined the way the
// user joined them; each start is its own trigger node wired into the same first step.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool, teamReply } from '../bench/workflowQuality.ts';
import { conditions } from '../src/workflows/coreNodes.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { conditionText } from '../src/workflows/wording.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { parseValidation } from '../src/workflows/validation.ts';
import type { Condition } from '../src/workflows/spec.ts';
import { all, branchOf } from './readerSteps.ts';

const pool = realPool();
after(() => pool.close());

const tests = (c: Condition | null) =>
  c ? [[c.field, c.operator, c.value], ...(c.more ?? []).map((m) => [m.field, m.operator, m.value])] : [];

describe('the reader on tests joined by "and" and "or"', () => {
  it('keeps every test of an "and" rule, in order', () => {
    const c = conditionOf('if the deal value is above 10000 and the stage is negotiation then ping the team');
    assert.deepEqual(tests(c), [
      ['deal_value', 'gt', 10000],
      ['stage', 'equals', 'negotiation'],
    ]);
    assert.equal(c?.join, 'and');
  });

  it('reads an "or" the first test took into its field as a joiner', () => {
    const c = conditionOf('when status is failed or retries > 3 notify me');
    assert.deepEqual(tests(c), [
      ['status', 'equals', 'failed'],
      ['retries', 'gt', 3],
    ]);
    assert.equal(c?.join, 'or');
    // The action after the tests is not one of them.
    assert.equal('when status is failed or retries > 3'.length, c?.end);
  });

  it('joins a test written as code with a Python-style one', () => {
    const c = conditionOf("if exit code != 0 or 'error' in output, page the on-call");
    assert.deepEqual(tests(c), [
      ['exit_code', 'notEquals', '0'],
      ['output', 'contains', 'error'],
    ]);
  });

  it('reads "is pending or processing" as one field holding either value', () => {
    const c = conditionOf('if the order is pending or processing, wait a day');
    // The order's state is its status.
    assert.deepEqual(tests(c), [['status', 'oneOf', 'pending, processing']]);
  });

  it('does not take the action after "and" for a test', () => {
    const c = conditionOf('if the order is paid and send an email to the customer');
    assert.deepEqual(tests(c), [['status', 'equals', 'paid']]);
  });

  it('builds the If of a compound rule with both tests, and the Filter of a compound keep', () => {
    const spec = readRequest(
      'Every hour get deals from HubSpot. If the amount is over 500 and the stage is won, post to #sales on Slack, otherwise email me.',
    );
    const branch = branchOf(spec);
    assert.deepEqual(tests(branch.condition), [
      ['amount', 'gt', 500],
      ['stage', 'equals', 'won'],
    ]);
    const n8n = conditions(branch.condition, 'seed') as {
      conditions: Array<{ leftValue: string; rightValue: unknown; operator: { operation: string } }>;
      combinator: string;
    };
    assert.equal(n8n.combinator, 'and');
    assert.deepEqual(
      n8n.conditions.map((c) => [c.leftValue, c.operator.operation, c.rightValue]),
      [
        ['={{ $json.amount }}', 'gt', 500],
        ['={{ $json.stage }}', 'equals', 'won'],
      ],
    );
    const keep = readRequest(
      'Every hour get products from WooCommerce. Any product with stock below 5 and status is active should be posted to our Discord #restock channel.',
    );
    const filter = all(keep).find((s) => s.kind === 'filter');
    assert.ok(filter?.kind === 'filter');
    assert.deepEqual(tests(filter.condition), [
      ['stock', 'lt', 5],
      ['status', 'equals', 'active'],
    ]);
  });

  it('an "or" rule passes when any test passes', () => {
    const c = conditionOf('when status is failed or retries > 3 notify me')!;
    assert.equal((conditions(c, 'seed') as { combinator: string }).combinator, 'or');
  });
});

describe('the reader on automations with a second start', () => {
  it('reads a schedule and a webhook said together as two starts of the same steps', () => {
    const spec = readRequest(
      "Every morning at 6, and also whenever someone calls our webhook /sync-now, pull all products from WooCommerce and upsert them into the Postgres table 'products' (match on SKU).",
    );
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'days', daysInterval: 1, triggerAtHour: 6 } });
    assert.deepEqual(spec.also, [{ kind: 'webhook', path: 'sync-now', method: 'POST' }]);
    // "(match on SKU)" with an upsert is the key the write finds its row by, not two lists compared.
    assert.deepEqual(
      spec.steps.map((s) =>
        s.kind === 'app' ? [s.app, s.verb, s.hints.table ?? null, s.hints.upsert ?? null] : s.kind,
      ),
      [
        ['wooCommerce', 'read', null, null],
        ['postgres', 'update', 'products', true],
      ],
    );
    assert.deepEqual(spec.unmapped, []);
  });

  it('reads a catch-up schedule said after an app event, and a manual run said after a schedule', () => {
    const drive = readRequest(
      "Supplier price lists get dropped into the Google Drive folder 'Price Lists'. Whenever a new file appears there, and also every night at 1am as a catch-up, read the CSV and update the prices in Magento by SKU.",
    );
    assert.equal(drive.trigger.kind, 'app');
    assert.deepEqual(drive.also, [{ kind: 'schedule', rule: { field: 'days', daysInterval: 1, triggerAtHour: 1 } }]);
    const manual = readRequest(
      'Every evening at 8, and also whenever I run it manually, fetch open issues from the GitHub repo acme/api and add them to the Notion database Open Issues.',
    );
    assert.equal(manual.trigger.kind, 'schedule');
    assert.deepEqual(manual.also, [{ kind: 'manual' }]);
  });

  it('finds no second start in "for each", "also" before an action, or a start said once', () => {
    for (const request of [
      'For each new lead in HubSpot, use AI to qualify the lead. If the score is above 70 create a deal, otherwise add them to a nurture list in Mailchimp.',
      'When a Stripe payment succeeds, add the customer to Mailchimp and also post to #sales on Slack.',
      'Every Monday at 9am, and also every Monday at 9am, email me the open Jira issues.',
    ])
      assert.equal(readRequest(request).also, undefined, request);
  });
});

describe('the reader on rules operations people write', () => {
  it('routes "score 9 or 10 -> …; score 6 or lower -> …" by both ends of each range, leaving 7 and 8 out', () => {
    const spec = readRequest(
      "When a Typeform NPS response comes in: score 9 or 10 -> add the person to the Mailchimp audience 'Promoters'; score 6 or lower -> create a Help Scout conversation so the success team follows up. 7s and 8s can be ignored.",
    );
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [
        r.condition?.operator,
        r.condition?.value,
        r.steps.map((x) => (x.kind === 'app' ? x.app : x.kind)),
      ]),
      [
        ['between', '9..10', ['mailchimp']],
        ['lte', 6, ['helpScout']],
      ],
    );
    assert.ok(!spec.steps.some((s) => s.kind === 'filter'), 'no Filter left over from the route it became');
  });

  it('routes "Tasks with no assignee: … Tasks with an assignee: …", changing the task where it was read', () => {
    const spec = readRequest(
      "Each weekday at 10am, list overdue tasks in the Asana project 'Launch'. Tasks with no assignee: assign them to the project lead (maria@company.com) and add a comment. Tasks with an assignee: send that person a Slack DM with the task link.",
    );
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [
        r.condition?.field,
        r.condition?.operator,
        r.steps.map((x) => (x.kind === 'app' ? `${x.app}:${x.verb}` : x.kind)),
      ]),
      [
        ['assignee', 'notExists', ['asana:update']],
        ['assignee', 'exists', ['slack:send']],
      ],
    );
  });

  it('reads "For orders over 100, …; for orders under 100, …" as one test with both outcomes', () => {
    const spec = readRequest(
      'When a new Shopify order comes in: for orders over 100, post to #big on Slack; for orders under 100, email me.',
    );
    const branch = branchOf(spec);
    assert.deepEqual(tests(branch.condition), [['amount', 'gt', 100]]);
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((x) => (x.kind === 'app' ? x.app : x.kind))),
      [['slack'], ['emailSend']],
    );
  });

  it('fills every route of a classifier whose labels are verbs or "Other", and splits routes at ", and cold leads …"', () => {
    const labels = readRequest(
      'When a lead replies to a lemlist campaign, use AI to classify the reply as Interested, Not now, Unsubscribe or Other.\n- Interested: create a deal in HubSpot and notify the SDR in Slack\n- Not now: create a HubSpot task to follow up in 90 days\n- Unsubscribe: unsubscribe the lead in lemlist\n- Other: post the reply to #sdr-review in Slack',
    );
    const ai = all(labels).find((s) => s.kind === 'ai' && s.routes?.length);
    assert.ok(ai?.kind === 'ai');
    assert.deepEqual(
      ai.routes!.map((r) => [r.name, r.steps.map((x) => (x.kind === 'app' ? x.app : x.kind))]),
      [
        ['Interested', ['hubspot', 'slack']],
        ['Not now', ['hubspot']],
        ['Unsubscribe', ['lemlist']],
        ['Other', ['slack']],
      ],
    );
    assert.ok(!all(labels).some((s) => s.kind === 'http'), '"Other" is a label, no system to call');
    const leads = readRequest(
      "Build an automation to qualify inbound demo requests from an n8n form (name, work email, company size, use case). AI classifies each lead as hot, warm or cold: hot leads are created in Salesforce and the account exec is notified in Slack, warm leads are added to our 'Nurture' list in ActiveCampaign, and cold leads just receive a thank-you email.",
    );
    assert.equal(leads.trigger.kind, 'form', 'leads who receive an email are no mail arriving');
    const classifier = all(leads).find((s) => s.kind === 'ai' && s.routes?.length);
    assert.ok(classifier?.kind === 'ai');
    assert.deepEqual(
      classifier.routes!.map((r) => r.steps.map((x) => (x.kind === 'app' ? x.app : x.kind))),
      [['salesforce', 'slack'], ['activeCampaign'], ['emailSend']],
    );
  });

  it('starts from the app a booking happens in, without a Filter for the state its event means', () => {
    const spec = readRequest(
      'When an appointment is booked in Acuity Scheduling, send a confirmation SMS with Twilio.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'acuityScheduling', event: 'created' });
    assert.deepEqual(
      spec.steps.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['twilio'],
    );
  });

  it('gives a research agent the tools a later sentence lists, SerpAPI as its web search', () => {
    const spec = readRequest(
      'Create a research agent I can talk to in a chat window. It should use GPT-4o as the model, SerpAPI for web search, Wikipedia for background facts, and a calculator tool for any math.',
    );
    assert.equal(spec.trigger.kind, 'chat');
    assert.equal(spec.steps.length, 1);
    const agent = spec.steps[0];
    assert.ok(agent?.kind === 'ai' && agent.task === 'agent');
    assert.deepEqual(agent.tools.map((t) => t.kind).sort(), ['calculator', 'web_search', 'wikipedia']);
    assert.equal(agent.model.id, 'gpt-4o');
  });

  it('reads "If any of my automations fail" as an error handler and "with \'Urgent\' priority" as a test', () => {
    const errors = readRequest(
      'If any of my automations fail, please email me the error message and the name of the workflow so I can fix it.',
    );
    assert.equal(errors.trigger.kind, 'error');
    const urgent = readRequest(
      "When a new issue is created in Linear with 'Urgent' priority, alert the on-call engineer through PagerDuty.",
    );
    assert.deepEqual(urgent.trigger, { kind: 'app', app: 'linear', event: 'created', item: 'issue' });
    const filter = urgent.steps[0];
    assert.ok(filter?.kind === 'filter');
    assert.deepEqual(tests(filter.condition), [['priority', 'equals', 'Urgent']]);
  });

  it('tests the hour against opening hours said, with both outcomes, and mails the manager at their own address', () => {
    const spec = readRequest(
      'When a customer messages us on WhatsApp outside our opening hours (9am to 5pm), reply automatically with our opening times. During opening hours, forward the message to our shop manager by email instead.',
    );
    const branch = branchOf(spec);
    assert.deepEqual(tests(branch.condition), [
      ['$now.hour', 'lt', 9],
      ['$now.hour', 'gte', 17],
    ]);
    assert.equal(branch.condition.join, 'or');
    const [then, otherwise] = [branch.then[0], branch.otherwise[0]];
    assert.ok(then?.kind === 'app' && then.app === 'whatsApp' && then.verb === 'send');
    assert.ok(otherwise?.kind === 'app' && otherwise.app === 'emailSend');
    // The customer's address is the item's; the manager's is the user's to give.
    assert.equal(otherwise.hints.email, '<__PLACEHOLDER_VALUE__Shop manager email address__>');
    assert.equal(conditionText(branch.condition), 'outside 09:00–17:00');
  });

  it('reads "has 0 inventory but is still active" as two tests of the same item', () => {
    const spec = readRequest(
      'Every 6 hours, get all products from Shopify. Any product that has 0 inventory but is still active should be set to draft in Shopify and mentioned in Slack #merch.',
    );
    const filter = spec.steps.find((s) => s.kind === 'filter');
    assert.ok(filter?.kind === 'filter');
    assert.deepEqual(tests(filter.condition), [
      ['inventory', 'equals', 0],
      ['status', 'equals', 'active'],
    ]);
  });

  it('routes "- supplier is Acme Supplies: …" by the field named, and sends a failure to the error path, not a Filter', () => {
    const spec = readRequest(
      "Every 2 hours, pull stock on hand from Unleashed. For products below their reorder level:\n- supplier is Acme Supplies: email a purchase request to orders@acmesupplies.com\n- any other supplier: add a row to the 'Reorder' table in Airtable\nIf Unleashed can't be reached, post a warning to #ops in Slack",
    );
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.field, r.condition?.value]),
      [['supplier', 'Acme Supplies']],
    );
    assert.deepEqual(
      sw.fallback?.map((x) => (x.kind === 'app' ? x.app : x.kind)),
      ['airtable'],
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http'), '"Acme Supplies" is a value, no system to call');
    assert.deepEqual(
      spec.onError.map((x) => (x.kind === 'app' ? [x.app, x.hints.channel] : x.kind)),
      [['slack', '#ops']],
    );
    const failing = readRequest(
      'Every 2 hours, pull stock on hand from Shopify and add it to Airtable. If anything fails, post a warning to #ops in Slack.',
    );
    assert.ok(!all(failing).some((s) => s.kind === 'filter'), 'a failure is no test of the items');
    assert.equal(failing.onError.length, 1);
  });

  it('keeps only the items in the stages named that have not been updated for the time said', () => {
    const spec = readRequest(
      "Every weekday at 9am, find Pipedrive deals in the stages 'Proposal Sent' or 'Negotiation' that haven't been updated in 14 days, and email each deal owner a list of their stale deals.",
    );
    const filter = spec.steps.find((s) => s.kind === 'filter');
    assert.ok(filter?.kind === 'filter');
    assert.deepEqual(tests(filter.condition), [
      ['stage', 'oneOf', 'proposal sent, negotiation'],
      ['updated_at', 'lt', '={{ $now.minus({ days: 14 }).toISO() }}'],
    ]);
  });
});

describe('a workflow with two starts, built', () => {
  it('wires the schedule and the webhook into the same first step, and n8n’s validator accepts it', async () => {
    const { workflow, text } = await teamReply(
      [
        "Every morning at 6, and also whenever someone calls our webhook /sync-now, pull all products from WooCommerce and upsert them into the Postgres table 'products' (match on SKU).",
      ],
      pool,
    );
    assert.ok(workflow, text.slice(0, 400));
    const wf: N8nWorkflow = workflow;
    const validation = await pool.callTool('n8n', null, 'validate_workflow', { workflow: wf });
    assert.deepEqual(parseValidation(validation.text, validation.isError).errors, []);
    const byType = (type: string) => wf.nodes.find((n) => n.type === `n8n-nodes-base.${type}`);
    const schedule = byType('scheduleTrigger');
    const webhook = byType('webhook');
    const woo = byType('wooCommerce');
    const postgres = byType('postgres');
    assert.ok(schedule && webhook && woo && postgres);
    assert.equal(webhook.parameters.path, 'sync-now');
    for (const start of [schedule, webhook])
      assert.deepEqual(
        wf.connections[start.name]?.main?.[0]?.map((c) => c.node),
        [woo.name],
        `${start.name} leads into the WooCommerce read`,
      );
    assert.equal(postgres.parameters.operation, 'upsert');
    assert.match(text, /starts the workflow every day at 06:00/);
    assert.match(text, /`\/webhook\/sync-now`/);
  });
});
