// Routes on a number said without "if" ("Anything over $20k …, deals between $5k and $20k …, under $5k nothing"),
// amounts with their units ("over 15kg", "€40 to €150,"), a numbered brief whose first step is the event itself ("1. A
// row is added to …"), an app the request is headed with ("Wise: whenever …"), "only continue if …" as a Filter, and
// the items on a comparison's other side after a comma ("…, cheaper orders just get …"), values said with their
// opposite ("Bad ratings …, good ones …"), a loop's qualifier ("for each non-USD charge"), "Keep the ones that …",
// and a webhook a system POSTs to.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { listedStart } from '../src/workflows/intent/listedStart.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, branchOf, filters, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));
/** The steps of the loop a request's top level has. */
function loopBody(request: string): Step[] {
  const loop = readRequest(request).steps.find((s) => s.kind === 'loop');
  assert.ok(loop?.kind === 'loop', request);
  return loop.body;
}
const routes = (request: string) =>
  switchOf(readRequest(request)).routes.map((r) => [r.condition?.operator, r.condition?.value, apps(r.steps)]);

describe('routes on a number, said without "if"', () => {
  it('routes bounds and ranges of an amount, and leaves out the range nothing is done to', async () => {
    const request =
      'When a HubSpot deal is created, look at its amount. Anything over $20k should go to #enterprise in Slack, deals between $5k and $20k get a task in Asana, and under $5k nothing happens.';
    const sw = switchOf(readRequest(request));
    assert.equal(sw.field, 'amount');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.operator, r.condition?.value, apps(r.steps)]),
      [
        ['gt', 20000, ['slack:send']],
        ['between', '5000..20000', ['asana:create']],
      ],
    );
    assert.equal(sw.fallback, null);
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
  });

  it('reads the number the request names as the field, and units and currencies written with it', () => {
    assert.equal(
      switchOf(
        readRequest(
          'A webhook receives a disk usage reading per server. Above 95 page the on-call engineer in Opsgenie, 80 to 95 post a warning in #infra on Slack, below 80 ignore it.',
        ),
      ).field,
      'disk_usage',
    );
    assert.deepEqual(
      routes(
        'For each new WooCommerce order check the parcel weight. Over 15kg create a Trello card for the freight desk. 1 to 15kg add a row to the "parcels" sheet in Google Sheets.',
      ),
      [
        ['gt', 15, ['trello:create']],
        ['between', '1..15', ['googleSheets:create']],
      ],
    );
    assert.deepEqual(
      routes(
        'Claims come into a webhook with an amount. Under €40, approve it in Expensify. €40 to €150, post it to #claims in Slack. Over €150, create a Jira issue for finance.',
      ).map(([operator, value]) => [operator, value]),
      [
        ['gt', 150],
        ['between', '40..150'],
        // "Under €40" leaves 40 out.
        ['lt', 40],
      ],
    );
  });

  it('reads hours of the day as no range of a number ("between 9am and 5pm, post …")', () => {
    const spec = readRequest(
      'When a Help Scout conversation comes in: between 9am and 5pm, post it to #support on Slack; otherwise text the on-call person with Twilio.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'switch' && s.field === 'score'));
  });

  it('reads "A 4 or 5 means …, a 3 means …, anything under 3, …" as routes on the score', () => {
    const sw = switchOf(
      readRequest(
        'When someone submits our Tally feedback form with a score from 1 to 5: a 4 or 5 means post it in #wins on Slack. A 3 means create a Trello card. Anything under 3, email the support lead.',
      ),
    );
    assert.deepEqual(
      sw.routes.map((r) => [r.name, apps(r.steps)]),
      [
        ['4 or 5', ['slack:send']],
        ['3', ['trello:create']],
      ],
    );
    assert.ok((sw.fallback ?? []).some((s) => s.kind === 'app' && s.verb === 'send'));
  });
});

describe('routes said by their values', () => {
  it('reads values said with their opposite as routes on the kind of value named ("Bad ratings …, good ones …")', () => {
    const sw = switchOf(
      readRequest(
        "Every evening pull today's rated Freshdesk tickets. Bad ratings go to the support lead on Slack, and good ones get added to our 'praise' Google Sheet.",
      ),
    );
    assert.equal(sw.field, 'rating');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, apps(r.steps)]),
      [
        ['bad', ['slack:send']],
        ['good', ['googleSheets:create']],
      ],
    );
  });

  it('reads a measure named before its bound as a route ("score below 7 create …")', () => {
    assert.deepEqual(
      routes(
        'typeform nps answers: score below 7 create a zendesk ticket, 9 or 10 email them a thank-you, 7-8 do nothing',
      ).map(([operator, value]) => [operator, value]),
      [
        ['between', '9..10'],
        ['lt', 7],
      ],
    );
  });
});

describe('which items a step takes', () => {
  it('keeps the items a loop\'s qualifier names ("for each public video", "for each non-EUR charge")', () => {
    assert.deepEqual(
      filters(
        loopBody(
          'Every 4 hours get the new videos on our YouTube channel. For each public video, post the link in #marketing on Slack.',
        ),
      ),
      [{ field: 'visibility', operator: 'equals', value: 'public' }],
    );
    assert.deepEqual(
      filters(
        loopBody(
          "Every night read the day's Stripe charges and for each non-USD charge call https://fx.example.com/convert.",
        ),
      ),
      [{ field: 'currency', operator: 'notEquals', value: 'USD' }],
    );
    // "new" items are the ones read: no test.
    assert.deepEqual(
      filters(loopBody('Every hour get new Gumroad sales and for each new sale add a row to Google Sheets.')),
      [],
    );
  });

  it('reads "Keep the ones that …" as a Filter', () => {
    const spec = readRequest(
      '1. Every day at 07:00.\n2. List our domains in Cloudflare.\n3. Keep the ones that expire within 45 days.\n4. Post them to #ops on Slack.',
    );
    assert.ok(
      filters([...spec.steps, ...spec.steps.flatMap((s) => (s.kind === 'loop' ? s.body : []))]).some(
        (c) => c.field === 'expiry_date' && c.operator === 'lte',
      ),
    );
  });

  it('goes through the items one by one at the pace said ("one every minute", "one … at a time with a pause")', () => {
    assert.deepEqual(
      kinds(
        loopBody(
          "Every morning get the new signups from Airtable and send each of them a welcome email from Gmail, one every minute so we don't get flagged.",
        ),
      ),
      ['gmail:send', 'wait'],
    );
    assert.ok(
      kinds(
        loopBody(
          'For every row in our Postgres products table without a French title, translate the English title with OpenAI and update the row in Postgres, one row at a time with a 2 second pause in between.',
        ),
      ).includes('wait'),
    );
  });

  it('starts from the webhook a system POSTs to, however often it does', () => {
    const spec = readRequest(
      'Our weather stations POST readings (station id, wind speed) to a webhook every 30 seconds. Store each reading in Postgres.',
    );
    assert.equal(spec.trigger.kind, 'webhook');
  });
});

describe('a brief written as numbered steps', () => {
  it('reads a first step that is an event as the start', () => {
    assert.equal(
      listedStart('1. A new lead is added to our Pipedrive.\n2. Post it to Slack.'),
      '1. When a new lead is added to our Pipedrive.\n2. Post it to Slack.',
    );
    assert.equal(
      listedStart('Step 1 – Stripe reports that a charge failed.\nStep 2 – Email the customer.'),
      'Step 1 – When Stripe reports that a charge failed.\nStep 2 – Email the customer.',
    );
    // A first step that is an action stays as it is.
    const action = '1. Pull the open deals from Pipedrive.\n2. Post them to Slack.';
    assert.equal(listedStart(action), action);
    const spec = readRequest(
      '1. A row is added to our "Orders" Google Sheet.\n2. Only continue if the total is over 100.\n3. Create an invoice in Xero.',
    );
    assert.deepEqual([spec.trigger.kind, spec.trigger.kind === 'app' && spec.trigger.app], ['app', 'googleSheets']);
    assert.deepEqual(
      kinds(spec.steps).filter((k) => k !== 'set'),
      ['filter', 'xero:create'],
    );
    const strava = readRequest('1. I finish an activity on Strava.\n2. Add a row to my "Runs" Google Sheet.');
    assert.deepEqual(strava.trigger.kind === 'app' && strava.trigger.app, 'strava');
  });
});

describe('a start said beside the steps', () => {
  it('starts from the app a request is headed with', () => {
    const wise = readRequest(
      'Wise: whenever money arrives in our GBP balance, add a row to a Google Sheet and notify #finance on Slack.',
    );
    assert.deepEqual(wise.trigger.kind === 'app' && wise.trigger.app, 'wise');
    const kit = readRequest(
      'ConvertKit: when someone subscribes through our signup form, add them to an Airtable table.',
    );
    assert.deepEqual(kit.trigger.kind === 'app' && kit.trigger.app, 'convertKit');
  });

  it('starts from the app the event happens in, not from n8n named as the tool', () => {
    const spec = readRequest(
      'We run n8n 1.60. We keep a Postgres table of signups. When a new row is inserted, post it to #signups in Slack.',
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'postgres');
    const run = readRequest('I log my rides in Strava. Whenever I finish an activity, add it to a Notion database.');
    assert.deepEqual(run.trigger.kind === 'app' && run.trigger.app, 'strava');
  });
});

describe('the other side of a test', () => {
  it('reads "only continue if" as a Filter, not an If with nothing in it', () => {
    const spec = readRequest(
      'When a Typeform response comes in, only continue if the budget is over 5000. Then create a deal in Pipedrive.',
    );
    assert.deepEqual(filters(spec.steps), [{ field: 'budget', operator: 'gt', value: 5000 }]);
    assert.ok(!spec.steps.some((s) => s.kind === 'if'));
  });

  it('reads ", cheaper orders just get …" after a bound as the If\'s other outcome', async () => {
    const request =
      'Every new WooCommerce order over $300 gets posted to #vip-orders on Slack, cheaper orders just get added to a Google Sheet.';
    const branch = branchOf(readRequest(request));
    assert.deepEqual([branch.condition.operator, branch.condition.value], ['gt', 300]);
    assert.deepEqual(apps(branch.then), ['slack:send']);
    assert.deepEqual(apps(branch.otherwise), ['googleSheets:create']);
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
  });
});
