// Readings and builds found by writing requests the way users do (sixth pass): an event said as a condition at the
// request's start, an item's later state reported by an event of its own, a webhook's posted fields read from its
// body, two sides of a join read as reads (not an event and not routes), and an item an app names another way.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { all } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const kindsOf = (request: string) =>
  all(readRequest(request)).map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind));

/** The expressions a node's parameters hold, as one string. */
const expressions = (parameters: unknown) => JSON.stringify(parameters);

describe('an event said as a condition at the start', () => {
  it('starts from the GitHub trigger on "If a pull request is merged …", not a manual run', () => {
    const spec = readRequest(
      'If a GitHub pull request is merged into main, post the title and author to our #releases Slack channel.',
    );
    // A merge is a change to a pull request that was there: GitHub's "pull_request" event reports it.
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'github', event: 'updated', item: 'pull request' });
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.app === 'github'), 'no GitHub step besides the trigger');
    assert.ok(all(spec).some((s) => s.kind === 'app' && s.app === 'slack'));
  });

  it('reads "if a stripe sub gets cancelled" as the cancellation event, with the wait and the later test', () => {
    const spec = readRequest(
      'if a stripe sub gets cancelled, wait 3 days then send the we-miss-you email — unless they resubscribed in the meantime',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'stripe', event: 'cancelled' });
    assert.deepEqual(
      kindsOf(
        'if a stripe sub gets cancelled, wait 3 days then send the we-miss-you email — unless they resubscribed in the meantime',
      ),
      ['wait', 'filter', 'emailSend:send'],
    );
  });

  it('keeps "if" a condition when the request says another start', () => {
    const spec = readRequest('Every morning at 8, if a Stripe payment was refunded yesterday, post the list to Slack.');
    assert.equal(spec.trigger.kind, 'schedule');
  });
});

describe("an item's later state, reported by an event of its own", () => {
  it('listens for Stripe\'s charge.refunded instead of testing a succeeded payment for "refunded"', async () => {
    const workflow = await validBuild(
      pool,
      'If a Stripe payment gets refunded, email the customer and log it in Airtable',
    );
    const trigger = workflow.nodes.find((n) => n.type.endsWith('.stripeTrigger'));
    assert.deepEqual(trigger?.parameters.events, ['charge.refunded']);
    // A test of the status after that event would drop every item: a refunded charge's status is "succeeded".
    assert.ok(!workflow.nodes.some((n) => n.type.endsWith('.filter')));
    assert.ok(workflow.nodes.some((n) => n.type.endsWith('.airtable')));
  });
});

describe("a webhook's posted fields, read from its body", () => {
  it('tests $json.body.total after the Webhook node and posts the body, never the headers', async () => {
    const workflow = await validBuild(
      pool,
      'When our webhook receives an order with a total over 100, post it to Slack',
    );
    const filter = workflow.nodes.find((n) => n.type.endsWith('.filter'));
    assert.match(expressions(filter?.parameters), /\$json\.body\.total/);
    assert.doesNotMatch(expressions(filter?.parameters), /\$json\.total/);
    const slack = workflow.nodes.find((n) => n.type.endsWith('.slack'));
    assert.match(String(slack?.parameters.text), /JSON\.stringify\(\$json\.body\)/);
  });

  it('leaves the fields of an app trigger that hands on its item as it is', async () => {
    const workflow = await validBuild(pool, 'When a new Shopify order over $500 comes in, post it to Slack');
    const filter = workflow.nodes.find((n) => n.type.endsWith('.filter') || n.type.endsWith('.if'));
    assert.ok(filter, 'a test of the order total');
    assert.doesNotMatch(expressions(filter.parameters), /\$json\.body\./);
  });
});

describe('two sides of a join', () => {
  const request =
    'Problem with the Merge node: one branch gets invoices from Xero, the other gets incoming payments from Wise. I want to match them on the reference number and output only the invoices with no matching payment so accounting can chase them, then post those in our slack.';

  it('reads both sides as reads joined in a Merge, with no trigger on either app and no routes', () => {
    const spec = readRequest(request);
    assert.equal(spec.trigger.kind, 'manual');
    assert.ok(!all(spec).some((s) => s.kind === 'switch'), 'no Switch on "branch" and "other"');
    const join = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(join?.kind === 'parallel' && join.merge);
    assert.deepEqual(
      join.branches.map((b) => b.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))),
      [['xero:read'], ['wise:read']],
    );
  });

  it("lists Wise's transfers for its payments, and keeps the invoices with no match", async () => {
    const workflow = await validBuild(pool, request);
    const wise = workflow.nodes.find((n) => n.type.endsWith('.wise'));
    assert.equal(wise?.parameters.resource, 'transfer');
    const merge = workflow.nodes.find((n) => n.type.endsWith('.merge'));
    assert.equal(merge?.parameters.joinMode, 'keepNonMatches');
    assert.ok(workflow.nodes.some((n) => n.type.endsWith('.slack')));
  });
});

describe('a state a CRM item reaches', () => {
  it('starts "Once a Pipedrive deal is won" from the deal change event, tested for won', async () => {
    const request = 'Once a Pipedrive deal is won, send the contract via Gmail';
    assert.deepEqual(readRequest(request).trigger, { kind: 'app', app: 'pipedrive', event: 'updated', item: 'deal' });
    const workflow = await validBuild(pool, request);
    const trigger = workflow.nodes.find((n) => n.type.endsWith('.pipedriveTrigger'));
    assert.deepEqual(trigger?.parameters, { entity: 'deal', action: 'change' });
    const filter = workflow.nodes.find((n) => n.type.endsWith('.filter'));
    assert.match(expressions(filter?.parameters), /"rightValue":"won"/);
  });

  it('keeps "once a week" a schedule', () => {
    assert.equal(readRequest('Once a week, email me the open Jira issues').trigger.kind, 'schedule');
  });

  it('tests the whole stage name "Closed Won", not "closed"', () => {
    const spec = readRequest('When a HubSpot deal moves to Closed Won, create a project in Asana');
    const test = all(spec).find((s) => s.kind === 'filter');
    assert.equal(test?.kind === 'filter' && test.condition.value, 'closed won');
  });

  it('reads "the opp" as the Salesforce opportunity the trigger reported, and updates it there', () => {
    const spec = readRequest(
      'When a Salesforce opportunity hits Closed Won, send the MSA via the DocuSign API to the signer contact on the opp and set the opp field Contract_Sent__c to true.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http' && /opp/i.test(s.system ?? '')), 'no "opp API"');
    assert.ok(all(spec).some((s) => s.kind === 'app' && s.app === 'salesforce' && s.verb === 'update'));
  });
});

describe('a payment said with "pays"', () => {
  it("starts from Invoice Ninja's payment event, not its new-invoice event", async () => {
    const workflow = await validBuild(
      pool,
      'When a client pays an invoice in Invoice Ninja, send them a thank-you email',
    );
    const trigger = workflow.nodes.find((n) => n.type.endsWith('.invoiceNinjaTrigger'));
    assert.equal(trigger?.parameters.event, 'create_payment');
  });
});

describe('a pause said between the messages sent', () => {
  const loopOf = (request: string) => all(readRequest(request)).find((s) => s.kind === 'loop');

  it('sends one at a time with the pause inside the loop, and no second send for "between emails"', async () => {
    const request =
      "Every morning, get the overdue invoices from QuickBooks and send each customer a polite reminder email, pausing 30 seconds between emails so it doesn't look spammy.";
    const loop = loopOf(request);
    assert.ok(loop?.kind === 'loop');
    assert.equal(loop.size, 1);
    assert.deepEqual(
      loop.body.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['emailSend:send', 'wait'],
    );
    assert.equal(all(readRequest(request)).filter((s) => s.kind === 'app' && s.verb === 'send').length, 1);
    const workflow = await validBuild(pool, request);
    assert.ok(workflow.nodes.some((n) => n.type.endsWith('.splitInBatches')));
    const wait = workflow.nodes.find((n) => n.type.endsWith('.wait'));
    assert.deepEqual([wait?.parameters.amount, wait?.parameters.unit], [30, 'seconds']);
  });

  it('puts the step said before the pause in the same clause into the loop', () => {
    const loop = loopOf(
      'Every day at 10am, get Shopify orders that were fulfilled 14 days ago and, one customer at a time, send a review-request SMS through Twilio with a 2-second pause between messages.',
    );
    assert.ok(loop?.kind === 'loop');
    assert.deepEqual(
      loop.body.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['shopify:read', 'twilio:send', 'wait'],
    );
  });

  it('joins the pause to the loop said before, not a second loop of its own', () => {
    const spec = readRequest(
      "Every Monday at 09:00, go through the 'Contractors' Google Sheet row by row. For each contractor whose 'Invoice Received' column is 'No', send them an email reminding them to submit this month's invoice. Process the rows one at a time and wait 2 seconds between emails so we stay within our mail provider's sending limits.",
    );
    const loops = spec.steps.filter((s) => s.kind === 'loop');
    assert.equal(loops.length, 1);
    assert.deepEqual(loops[0]!.kind === 'loop' && loops[0]!.body.map((s) => s.kind), ['filter', 'app', 'wait']);
  });
});
