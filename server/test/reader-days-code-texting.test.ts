// Requests outside writers typed in three more styles: reminders and escalations keyed to a number of days ("1-14
// days overdue: …; 15-30 days: …; over 30 days: …"), workflows written as pseudo-code ("slack.post('#wins', …)",
// "- hubspot: get all companies", "exit code != 0 ->", "{{deal.title}}"), and requests typed fast on a phone ("evry
// night", "airtbl", "when i hit run", "subject n date").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { conditions } from '../src/workflows/coreNodes.ts';
import { toN8n } from '../src/workflows/n8nJson.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { all, branchOf, kinds, switchOf } from './readerSteps.ts';

describe('the reader on day-count reminders and escalations', () => {
  it('routes invoices by days overdue, a range tested at both ends', () => {
    const spec = readRequest(
      'Overdue invoice chasing from QuickBooks. Every Monday 8am get all unpaid invoices past their due date and route them:\n- 1-14 days overdue: polite reminder email to the customer\n- 15-30 days: firmer email, cc finance@ourco.com\n- over 30 days: no email, post it in #collections on Slack so someone calls them',
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'days since due_date');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.operator, r.condition?.value]),
      [
        ['between', '1..14'],
        ['between', '15..30'],
        ['gt', 30],
      ],
    );
    // "no email, post it in #collections": the route posts, it sends no mail.
    assert.deepEqual(kinds(sw.routes[2]!.steps), ['slack:send']);
    assert.ok(!spec.steps.some((s) => s.kind === 'app' && s.app === 'emailSend'), 'no email outside the routes');
    // The range is two tests of the days worked out from the item's due date, both to pass.
    const n8n = conditions(sw.routes[0]!.condition!, 'seed') as {
      conditions: Array<{ leftValue: string; rightValue: number; operator: { operation: string } }>;
      combinator: string;
    };
    assert.equal(n8n.combinator, 'and');
    assert.deepEqual(
      n8n.conditions.map((c) => [c.operator.operation, c.rightValue]),
      [
        ['gte', 1],
        ['lte', 14],
      ],
    );
    assert.match(n8n.conditions[0]!.leftValue, /DateTime\.fromISO\(String\(\$json\.due_date\)\)/);
    assert.match(n8n.conditions[0]!.leftValue, /\$now\.startOf\('day'\)\.diff/);
  });

  it('reads "N days before the date" parts as days until that date, the direction carried to the next part', () => {
    const spec = readRequest(
      "Chargebee renewal notices. Every morning get active annual subscriptions from Chargebee. 30 days before the next billing date, email the account's CSM (stored in a custom field); 7 days before, email the customer a renewal notice with the amount.",
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'days until next_billing_date');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.operator, r.condition?.value, kinds(r.steps)]),
      [
        ['equals', 30, ['emailSend:send']],
        ['equals', 7, ['emailSend:send']],
      ],
    );
    assert.ok(!all(spec).some((s) => s.kind === 'wait'), 'a day count is no pause');
  });

  it('reads expiry windows and "already expired", and days since with "at N days old"', () => {
    const permits = switchOf(
      readRequest(
        'Work permits are tracked in a SeaTable table (employee, email, permit expiry). Every Monday at 9am:\n- expiring in 60-90 days: email the employee and HR\n- expiring within 30 days: email again and create an Asana task for HR legal\n- already expired: urgent email to the HR director',
      ),
    );
    assert.equal(permits.field, 'days until expiry_date');
    assert.deepEqual(
      permits.routes.map((r) => [r.condition?.operator, r.condition?.value]),
      [
        ['between', '60..90'],
        ['between', '0..30'],
        ['lt', 0],
      ],
    );
    const aged = switchOf(
      readRequest(
        'Every morning check open tickets in the Privacy group in Zammad: at 20 days old email the DPO a warning, at 27 days email both the DPO and the general counsel.',
      ),
    );
    assert.match(aged.field, /^days since /);
    assert.deepEqual(
      aged.routes.map((r) => r.condition?.value),
      [20, 27],
    );
    assert.ok(!all(readRequest('Email the DPO every Monday.')).some((s) => s.kind === 'http'), 'the DPO is a person');
  });

  it('sends an item down every window it is in when the windows overlap', () => {
    const sw = switchOf(
      readRequest(
        'Every Monday at 8am, list our certificates from Venafi TLS Protect Cloud. Any certificate expiring within 30 days gets a Jira ticket in project SEC; anything expiring within 7 days also pages on-call via PagerDuty.',
      ),
    );
    assert.equal(sw.everyMatch, true);
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.value, kinds(r.steps)]),
      [
        ['0..30', ['jira:create']],
        ['0..7', ['pagerDuty:create']],
      ],
    );
    const apart = switchOf(
      readRequest(
        'Every Monday 8am get all unpaid invoices from QuickBooks: 1-14 days overdue: email a reminder to the customer; over 30 days: post it in #collections on Slack',
      ),
    );
    assert.equal(apart.everyMatch, undefined, 'windows apart: the first that fits');
  });

  it('leaves a single day count alone', () => {
    const spec = readRequest('Every morning email me the Trello cards due in 3 days.');
    assert.ok(!all(spec).some((s) => s.kind === 'switch'));
  });
});

describe('the reader on workflows written as pseudo-code', () => {
  it('reads app.method(…) calls and "app: verb" lines as steps of those apps', () => {
    const spec = readRequest(
      'trigger: shopify.order_created\nsteps:\n  - if: order.total_price > 500\n    then: slack.post(channel: "#big-orders", text: "{{order.name}}")\n    else: google_sheets.append(sheet: "Orders 2024", cols: [order.id, order.email])',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'shopify', event: 'created', item: 'order' });
    const apps = all(spec).flatMap((s) => (s.kind === 'app' ? [s.app] : []));
    assert.ok(apps.includes('slack') && apps.includes('googleSheets'), JSON.stringify(kinds(all(spec))));
    const lines = readRequest(
      "Weekly account health report (Mon 07:00), in parallel:\n  - hubspot: get all companies with lifecycle = customer (domain, owner)\n  - stripe: get all customers (email, balance)\nmerge the two by domain → google sheets 'Account health' write rows",
    );
    assert.ok(!all(lines).some((s) => s.kind === 'switch'), 'an app named on its line is no route');
    assert.ok(all(lines).some((s) => s.kind === 'app' && s.app === 'hubspot' && s.verb === 'read'));
    assert.ok(all(lines).some((s) => s.kind === 'app' && s.app === 'stripe' && s.verb === 'read'));
    // "lifecycle = customer": a field and its value, not a system called "lifecycle".
    assert.ok(!all(lines).some((s) => s.kind === 'http'));
  });

  it('reads a switch with its cases, a filter line, and a schedule over a list or a range of days', () => {
    const sw = switchOf(
      readRequest(
        "POST /events {user_id, email, event, data}\nswitch(event):\n  case 'cart_abandoned': iterable → track event 'cartAbandoned' for email\n  case 'purchase':       iterable → update user field last_purchase = now\n  default:               vero → track event with name = event",
      ),
    );
    assert.equal(sw.field, 'event');
    assert.deepEqual(
      sw.routes.map((r) => r.name),
      ['cart_abandoned', 'purchase'],
    );
    assert.deepEqual(kinds(sw.fallback ?? []), ['vero:create']);
    const hires = readRequest(
      "cron: mon-fri 08:00\n- bamboohr: get all employees\n- filter: hireDate == today\n- slack #general: 'Please welcome them'",
    );
    assert.deepEqual(hires.trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [1, 2, 3, 4, 5], triggerAtHour: 8 },
    });
    assert.ok(
      hires.steps.some((s) => s.kind === 'filter' && s.condition.value === '={{ $today.toISODate() }}'),
      JSON.stringify(hires.steps),
    );
    const days = (text: string) => {
      const t = readRequest(text).trigger;
      return t.kind === 'schedule' && t.rule.field === 'weeks' ? t.rule.triggerAtDay : null;
    };
    assert.deepEqual(
      days('Every Monday, Wednesday and Friday at 8am post the open Jira issues to Slack #standup'),
      [1, 3, 5],
    );
    assert.deepEqual(days('Tuesday to Thursday at 9am email me the new Typeform responses'), [2, 3, 4]);
  });

  it('reads comparisons written as code, "!=" and dates from now included', () => {
    assert.deepEqual(conditionOf('if exit code != 0'), {
      field: 'exit_code',
      operator: 'notEquals',
      value: '0',
      end: 17,
    });
    assert.deepEqual(conditionOf('if anything with notafter < now+21d'), {
      field: 'notafter',
      operator: 'lt',
      value: '={{ $now.plus({ days: 21 }).toISO() }}',
      end: 35,
    });
    assert.deepEqual(conditionOf('if marketing_opt_in == false'), {
      field: 'marketing_opt_in',
      operator: 'isFalse',
      value: false,
      end: 28,
    });
    const backup = readRequest(
      "Sun 02:00: ssh backup-01, run `restic check --read-data-subset=5%`. Exit code != 0 -> Opsgenie P1 alert with the output tail. Otherwise '✅ restic check ok' to #backups.",
    );
    const test = branchOf(backup);
    assert.deepEqual(test.condition, { field: 'exit_code', operator: 'notEquals', value: '0' });
    assert.ok(test.otherwise.some((s) => s.kind === 'app' && s.app === 'slack'));
    const filtered = readRequest(
      'Every day get all companies from HubSpot with lifecycle = customer and email them to me',
    );
    assert.ok(
      filtered.steps.some(
        (s) => s.kind === 'filter' && s.condition.field === 'lifecycle' && s.condition.value === 'customer',
      ),
    );
  });

  it('makes "{{field}}" placeholders n8n expressions of the incoming item', () => {
    const wf = toN8n('t', {
      nodes: [
        {
          name: 'Post',
          type: 'n8n-nodes-base.slack',
          typeVersion: 2,
          parameters: {
            text: ':tada: {{deal.title}} closed for {{ deal.value }}',
            url: 'https://youtu.be/{{id}}',
            kept: '={{ $json.x }}',
            plain: 'no placeholders',
            jsCode: 'const a = {{}};',
          },
        },
      ],
      links: [],
    });
    assert.deepEqual(wf.nodes[0]!.parameters, {
      text: '=:tada: {{ $json.deal.title }} closed for {{ $json.deal.value }}',
      url: '=https://youtu.be/{{ $json.id }}',
      kept: '={{ $json.x }}',
      plain: 'no placeholders',
      jsCode: 'const a = {{}};',
    });
  });
});

describe('the reader on requests typed fast', () => {
  it('reads typos, shorthand and app names without their vowels', () => {
    const nightly = readRequest(
      "evry night export all rows from our baserow table 'inventory' to a json file and upload it to nextcloud /backups/inventory",
    );
    assert.equal(nightly.trigger.kind, 'schedule');
    const airtable = readRequest(
      "new record in airtbl 'Leads' table -> look up the company w/ clearbit using their email domain",
    );
    assert.deepEqual(airtable.trigger, { kind: 'app', app: 'airtable', event: 'created', item: 'record' });
    const slack = readRequest('every monday at 9 post the open jira issues to slck #standup');
    assert.ok(all(slack).some((s) => s.kind === 'app' && s.app === 'slack'));
    // "strip" is a word, not Stripe with a letter left out.
    const strip = readRequest('every hour strip the html from new wordpress posts and save them to google sheets');
    assert.ok(!all(strip).some((s) => s.kind === 'app' && s.app === 'stripe'));
    const manual = readRequest(
      "i have a gsheet w/ ~2000 customer emails. when i hit run, verify each one in batches of 50, wait 1 sec between batches, and write the result back to the 'status' column",
    );
    assert.deepEqual(manual.trigger, { kind: 'manual' });
    const byHand = readRequest(
      "i'll run this manually: for each row in our 'products' gsheet, one by one, update the price in shopify by sku, wait 500ms between each so we dont hit rate limits",
    );
    assert.deepEqual(byHand.trigger, { kind: 'manual' });
    assert.ok(!byHand.unmapped.some((u) => /run this/.test(u)), JSON.stringify(byHand.unmapped));
  });

  it('reads the rest of a phone-typed request: a fallback route, mail that comes in, a label it has', () => {
    const sorted = readRequest(
      'we have a webhook from our app that posts support tickets {email, subject, body}. use ai to classify each one as billing / technical / sales. billing -> create freshdesk ticket, technical -> jira issue in project SUP, sales -> create a deal in hubspot, if it cant tell just email support@ourco.com',
    );
    const ai = all(sorted).find((s) => s.kind === 'ai');
    assert.ok(ai?.kind === 'ai' && ai.routes);
    assert.deepEqual(
      ai.routes.map((r) => [r.name, kinds(r.steps)]),
      [
        ['Billing', ['freshdesk:create']],
        ['Technical', ['jira:create']],
        ['Sales', ['hubspot:create']],
        ['Other', ['emailSend:send']],
      ],
    );
    assert.ok(!all(sorted).some((s) => s.kind === 'if'), '"if it can\'t tell" is the classifier\'s other route');
    const mail = readRequest(
      "any email that comes in w/ a pdf invoice attachd -> save the pdf to google drive folder 'Invoices 2024' and log sender, subject n date in a gsheet",
    );
    assert.equal(mail.trigger.kind, 'email');
    assert.ok(all(mail).some((s) => s.kind === 'app' && s.app === 'googleDrive' && s.noun === 'file'));
    const labelled = readRequest(
      "when a new issue is opened in our github repo and it has label 'bug', create a linear issue in team ENG",
    );
    assert.ok(
      labelled.steps.some((s) => s.kind === 'filter' && s.condition.field === 'labels' && s.condition.value === 'bug'),
    );
    const booked = readRequest(
      "acuity new appointment -> add it to our 'clinic' google calendar + text the patient a reminder 24h before the appt",
    );
    assert.deepEqual(kinds(booked.steps), ['googleCalendar:create', 'wait', 'twilio:send']);
    assert.ok(booked.steps.some((s) => s.kind === 'app' && s.noun === 'event'));
  });

  it('totals a field per value of another with the Summarize node', () => {
    const spec = readRequest(
      "Every Friday at 5pm get this week's time entries from Harvest, add up the hours per client and email me a little summary table (client, hours, billable amount).",
    );
    assert.equal(spec.trigger.kind, 'schedule', 'emailing me a table is no mail coming in');
    assert.deepEqual(
      spec.steps.find((s) => s.kind === 'sum'),
      { kind: 'sum', field: 'hours', by: 'client' },
    );
  });

  it('keeps an app named with its own form, a form a step adds to, and a webhook said first', () => {
    const sale = readRequest("gumroad sale → convertkit: add subscriber (email) to form 'Buyers'");
    assert.deepEqual(sale.trigger, { kind: 'app', app: 'gumroad', event: 'created', item: 'sale' });
    const leads = readRequest("facebook lead ads (form 'Spring Promo') → google sheets 'Leads' append row");
    assert.deepEqual(leads.trigger, { kind: 'app', app: 'facebookLeadAds', event: 'created' });
    const widget = readRequest(
      'webhook from our website chat widget {email, company, message} → create a lead in HubSpot',
    );
    assert.equal(widget.trigger.kind, 'webhook');
  });
});
