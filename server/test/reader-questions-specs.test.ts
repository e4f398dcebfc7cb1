// Questions asked before their answers ("ask Claude whether …. If it does, …; if it doesn't, …"), specs written as
// a trigger line and numbered steps, fields listed in brackets, schedules in the writer's own language, and the
// places a store keeps its items in. Each test pins what the reader makes of one way of saying it, and what it must
// not make of it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { englishSchedule } from '../src/workflows/intent/foreign.ts';
import { conditions } from '../src/workflows/coreNodes.ts';
import type { Condition, WorkflowSpec } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';

const apps = (spec: WorkflowSpec) => all(spec).flatMap((s) => (s.kind === 'app' ? [`${s.app}:${s.verb}`] : []));
const tests = (spec: WorkflowSpec): Condition[] =>
  all(spec).flatMap((s) => (s.kind === 'filter' || s.kind === 'if' ? [s.condition] : []));
const test = (text: string) => {
  const c = conditionOf(text);
  return c && { field: c.field, operator: c.operator, value: c.value };
};

describe('the reader answers a question asked before its outcomes', () => {
  it('makes "whether … If so …, if not …" an If with both outcomes', () => {
    const spec = readRequest(
      'When a new lead comes in from Typeform, check whether the company has more than 50 employees. If so, add them to HubSpot; if not, add them to Mailchimp.',
    );
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(spec.steps));
    // The count the company has is the field compared.
    assert.deepEqual(branch.condition, { field: 'employees', operator: 'gt', value: 50 });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? s.app : s.kind))),
      [['hubspot'], ['mailchimp']],
    );
  });

  it('lets the model answer its question in a field the If after it reads', () => {
    const spec = readRequest(
      'When a new row is added to Google Sheets, ask OpenAI whether the review is positive. If it is, post to Slack. If it isn’t, create a Trello card.',
    );
    const model = all(spec).find((s) => s.kind === 'ai');
    assert.ok(model?.kind === 'ai', JSON.stringify(spec.steps));
    assert.equal(model.task, 'extract', 'an Information Extractor names the answer');
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.equal(branch.condition.field, `output.${model.attributes![0]}`);
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? s.app : s.kind))),
      [['slack'], ['trello']],
    );
    const scored = readRequest(
      'When a Typeform lead comes in, have OpenAI score it from 1 to 10. If the score is above 7, create a HubSpot deal; otherwise add them to Mailchimp.',
    );
    assert.deepEqual(tests(scored), [{ field: 'output.score', operator: 'gt', value: 7 }]);
  });

  it('reads "if it does … if it doesn’t" on a yes/no judgement, the second outcome by its own app', () => {
    const spec = readRequest(
      'Ask Claude whether the support reply sounds rude. If it does, send it to Slack for review; if it doesn’t, send it by Gmail.',
    );
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(spec.steps));
    assert.deepEqual(branch.condition, { field: 'output.rude', operator: 'isTrue', value: true });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))),
      [['slack:send'], ['gmail:send']],
    );
  });

  it('keeps a one-sided answer in a field the Filter after it reads', () => {
    const spec = readRequest('Ask Claude whether the support reply sounds rude. If it does, send it to Slack.');
    const model = all(spec).find((s) => s.kind === 'ai');
    assert.ok(model?.kind === 'ai');
    assert.equal(model.task, 'extract');
    assert.deepEqual(model.attributes, ['rude']);
    assert.deepEqual(tests(spec), [{ field: 'output.rude', operator: 'isTrue', value: true }]);
  });

  it('starts from the items a question is about ("check if each new Zendesk ticket is a bug report")', () => {
    const spec = readRequest(
      'Use AI to check if each new Zendesk ticket is a bug report. If yes, create a Jira issue, otherwise reply with our FAQ link.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'zendesk', event: 'created', item: 'ticket' });
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(spec.steps));
    assert.deepEqual(branch.condition, { field: 'output.category', operator: 'equals', value: 'bug' });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))),
      [['jira:create'], ['zendesk:update']],
      'a reply goes on the ticket, not into Jira',
    );
    const urgent = readRequest('Check whether each new Freshdesk ticket is urgent. If so, page on-call via PagerDuty.');
    assert.deepEqual(urgent.trigger, { kind: 'app', app: 'freshdesk', event: 'created', item: 'ticket' });
    assert.deepEqual(tests(urgent), [{ field: 'priority', operator: 'equals', value: 'urgent' }]);
    assert.deepEqual(apps(urgent), ['pagerDuty:create']);
  });

  it('reads kinds, topics, lookups and keyed values as tests', () => {
    assert.deepEqual(test('if the ticket is a bug report'), { field: 'category', operator: 'equals', value: 'bug' });
    assert.deepEqual(test('if the user is not a member'), {
      field: 'category',
      operator: 'notEquals',
      value: 'member',
    });
    assert.deepEqual(test('if it is about billing'), { field: 'category', operator: 'equals', value: 'billing' });
    assert.deepEqual(test('if it mentions a refund'), { field: 'value', operator: 'contains', value: 'refund' });
    assert.deepEqual(test('if found'), { field: 'id', operator: 'exists', value: '' });
    assert.deepEqual(test('if not found'), { field: 'id', operator: 'notExists', value: '' });
    assert.deepEqual(test('if a match is found'), { field: 'id', operator: 'exists', value: '' });
    assert.deepEqual(test("if we can't find it"), { field: 'id', operator: 'notExists', value: '' });
    assert.deepEqual(test("if messages with severity 'critical' should raise an alert"), {
      field: 'severity',
      operator: 'equals',
      value: 'critical',
    });
    assert.deepEqual(test('if rows where env = prod'), { field: 'env', operator: 'equals', value: 'prod' });
    assert.deepEqual(test('if the comment seems toxic'), { field: 'toxic', operator: 'isTrue', value: true });
  });

  it('makes "X with <field> <value> …; all other X …" an If with both outcomes', () => {
    const spec = readRequest(
      "New leads come from our Webflow form. Leads with source 'webinar' go to Mailchimp; all other leads go to Pipedrive.",
    );
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(spec.steps));
    assert.deepEqual(branch.condition, { field: 'source', operator: 'equals', value: 'webinar' });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? s.app : s.kind))),
      [['mailchimp'], ['pipedrive']],
    );
  });

  it('keeps only failed runs where the trigger reports every run, and the item a lookup found', () => {
    const failed = readRequest('When a CircleCI build fails, post it to Discord.');
    assert.deepEqual(tests(failed), [{ field: 'status', operator: 'equals', value: 'failed' }]);
    const stripe = readRequest('When a Stripe payment fails, email the customer.');
    assert.deepEqual(tests(stripe), [], 'Stripe’s trigger has a failure event of its own');
    const lookup = readRequest(
      'When a HubSpot deal is created, look it up in Airtable. If not found, create a record; if found, update it.',
    );
    const branch = all(lookup).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'id', operator: 'notExists', value: '' });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))),
      [['airtable:create'], ['airtable:update']],
    );
  });

  it('replies on the item the trigger reported: a comment where the app has them', () => {
    const jira = readRequest('When a Jira issue is created, respond with our triage checklist.');
    assert.deepEqual(apps(jira), ['jira:create']);
    const step = jira.steps[0];
    assert.ok(step?.kind === 'app');
    assert.equal(step.noun, 'comment');
    const zendesk = readRequest('When a new Zendesk ticket arrives, reply with our FAQ link.');
    assert.deepEqual(apps(zendesk), ['zendesk:update']);
  });
});

describe('the reader reads a spec written as a trigger line and steps', () => {
  const spec = readRequest(
    [
      'Shopify orders → Airtable (client shop)',
      '',
      'Trigger: a new Shopify order',
      'Steps:',
      "1. Add the order to the 'Orders' table in Airtable (order number, email, total)",
      '2. If the total is over 200 → send a Telegram message to the owner',
      "3. Otherwise → tag the order 'standard'",
    ].join('\n'),
  );

  it('starts from the trigger line and reads no title or field list as a step', () => {
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'shopify', event: 'created', item: 'order' });
    assert.deepEqual(apps(spec), ['airtable:create', 'telegram:send', 'shopify:update']);
  });

  it('puts "Otherwise → …" on the item the steps before the test made or reported', () => {
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'total', operator: 'gt', value: 200 });
    assert.deepEqual(
      branch.otherwise.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['shopify:update'],
    );
  });

  it('keeps the trigger line’s own words (a form’s fields) out of the steps, and an audit’s guesses out of the start', () => {
    const form = readRequest(
      [
        'Bug reports',
        'Trigger: Typeform form (description, severity: Low/Medium/High, account email)',
        '1. Create an issue in Linear',
        '2. If severity is High → page the on-call engineer in PagerDuty',
        '3. Otherwise → add the triage label so it is picked up in the weekly review',
      ].join('\n'),
    );
    assert.deepEqual(form.trigger.kind === 'app' && form.trigger.app, 'typeform', 'not a weekly schedule');
    assert.deepEqual(apps(form), ['linear:create', 'pagerDuty:create', 'linear:update']);
  });

  it('reads a schedule line for its time and still reads what it polls', () => {
    const ticket = readRequest(
      'OPS-12 Offboarding\nTrigger: daily at 06:00, poll BambooHR for employees with status Terminated\nSteps: post to #it-ops',
    );
    assert.deepEqual(ticket.trigger, {
      kind: 'schedule',
      rule: { field: 'days', daysInterval: 1, triggerAtHour: 6 },
    });
    assert.deepEqual(apps(ticket).slice(0, 1), ['bambooHr:read']);
  });
});

describe('the reader keeps fields, names and places out of the steps', () => {
  it('reads "(name, email, call date)" and "{email}" as fields, not an e-mail to send', () => {
    for (const text of [
      'When someone books through Calendly, create a page in Notion (name, email, call date).',
      'When someone books through Calendly, add a row to the Notion database with name, email and call date.',
      'Create a sub-workflow other workflows can call with {email}: verify the address with Hunter.',
    ])
      assert.ok(!apps(readRequest(text)).some((a) => a.startsWith('emailSend')), text);
    assert.ok(
      apps(readRequest('When a form is submitted, add them to Airtable, email, and Slack.')).includes('emailSend:send'),
    );
  });

  it('reads a store’s named container as its own, not a database or a system', () => {
    for (const text of [
      'When someone books through Calendly, create a page in her Notion ‘Clients’ database.',
      'When someone books through Calendly, create a page in the Notion Clients database.',
      "When someone books through Calendly, create a page in the 'Clients' database in Notion.",
    ])
      assert.deepEqual(apps(readRequest(text)), ['notion:create'], text);
  });

  it('reads someone’s address as a field and a titled surname as a person', () => {
    const spec = readRequest('When a HubSpot contact is created, search Notion for the contact’s email.');
    assert.ok(!apps(spec).some((a) => a.startsWith('gmail')));
    const vogel = readRequest('every friday mail the invoices from quickbooks to my accountant Herr Vogel');
    assert.ok(!all(vogel).some((s) => s.kind === 'http'), 'Herr Vogel is no API');
    assert.ok(apps(vogel).includes('emailSend:send'));
  });

  it('reads identifiers and "#1" as no system or channel', () => {
    const snowflake = readRequest('Every night insert the rows into Snowflake RAW.EVENTS.');
    assert.ok(!all(snowflake).some((s) => s.kind === 'http'));
    const goal = readRequest(
      'When someone books through Calendly, send them a WhatsApp message asking them to reply with their #1 goal.',
    );
    assert.deepEqual(apps(goal), ['whatsApp:send']);
  });

  it('reads "+ sms confirmation" as a message sent as well', () => {
    assert.deepEqual(
      apps(
        readRequest('When a Jotform form is filled -> create event in Google Calendar + sms confirmation to client'),
      ),
      ['googleCalendar:create', 'twilio:send'],
    );
  });
});

describe('the reader finds the start where technical and non-native writers put it', () => {
  it('subscribes to a broker topic, and publishes to one as a step', () => {
    const sub = readRequest(
      'Subscribe to the MQTT topic plant/alerts. Messages with severity critical raise a SIGNL4 alert.',
    );
    assert.deepEqual(sub.trigger, { kind: 'app', app: 'mqtt', event: 'created' });
    assert.ok(!apps(sub).some((a) => a.startsWith('mqtt')));
    const queue = readRequest('Listen to the RabbitMQ queue invoices and store each message in MongoDB.');
    assert.deepEqual(queue.trigger, { kind: 'app', app: 'rabbitmq', event: 'created' });
    const pub = readRequest('Every hour, publish the sensor summary to the MQTT topic reports.');
    assert.equal(pub.trigger.kind, 'schedule');
    assert.deepEqual(apps(pub), ['mqtt:send']);
  });

  it('starts from a webhook for a method and a body said first', () => {
    for (const text of [
      'Deploy hook: POST {service, version}. Create a Linear issue and notify #deploys in Slack.',
      'POST {email} -> remove that user from our Bitwarden organization.',
    ]) {
      const spec = readRequest(text);
      assert.equal(spec.trigger.kind, 'webhook', text);
      assert.ok(!apps(spec).some((a) => a.startsWith('emailSend')), text);
    }
  });

  it('reads a clock time with its zone, the last working day of a month, and days in the writer’s language', () => {
    assert.deepEqual(readRequest('At 01:30 UTC download the export from S3 and load it into Snowflake.').trigger, {
      kind: 'schedule',
      rule: { field: 'days', daysInterval: 1, triggerAtHour: 1, triggerAtMinute: 30 },
    });
    const month = readRequest(
      'On the last working day of the month, export the Harvest time entries to Google Sheets.',
    );
    assert.deepEqual(month.trigger, { kind: 'schedule', rule: { field: 'days', daysInterval: 1, triggerAtHour: 9 } });
    const filter = month.steps[0];
    assert.ok(filter?.kind === 'filter');
    const left = (conditions(filter.condition, 'x').conditions as Array<{ leftValue: string }>)[0]!.leftValue;
    assert.equal(
      left,
      '={{ $now.weekday <= 5 && $now.plus({ days: $now.weekday === 5 ? 3 : 1 }).month !== $now.month }}',
    );
    assert.deepEqual(englishSchedule('freitags 17 uhr export'), 'every friday at 17:00 export');
    assert.deepEqual(englishSchedule('elke maandag pls'), 'every monday pls');
    assert.deepEqual(englishSchedule('tous les lundis à 9h'), 'every monday at 9:00');
    assert.deepEqual(englishSchedule('todo dia às 7h'), 'every day at 7:00');
    assert.deepEqual(englishSchedule('Domingo said every 8h'), 'Domingo said every 8h', 'a name and an interval stay');
    assert.deepEqual(readRequest('jeden Montag um 8 Uhr post the new WooCommerce orders to Slack').trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [1], triggerAtHour: 8 },
    });
  });

  it('reads an aside, a lookup place and a purpose apart from the event', () => {
    const cancel = readRequest(
      'when someone cancel a class (our site send webhook) look in google sheet waiting list and sms first person that spot is free',
    );
    assert.equal(cancel.trigger.kind, 'webhook');
    assert.deepEqual(apps(cancel), ['googleSheets:read', 'twilio:send']);
    const cancelled = readRequest(
      'when a class is cancelled, look in google sheet waiting list and text the first person',
    );
    assert.equal(cancelled.trigger.kind, 'webhook');
    const rows = readRequest(
      'Students fill a form that goes into a Google Sheet. I want each new row to create an event in Google Calendar.',
    );
    assert.deepEqual(rows.trigger.kind === 'app' && rows.trigger.app, 'googleSheets');
    assert.deepEqual(apps(rows), ['googleCalendar:create']);
  });

  it('reads "deactivate" as a change and a sub-workflow without "that"', () => {
    assert.deepEqual(
      apps(readRequest('When a BambooHR employee leaves, deactivate the Okta user.')).at(-1),
      'okta:update',
    );
    assert.deepEqual(
      readRequest('Create a sub-workflow other workflows can call: verify the address with Hunter.').trigger,
      { kind: 'called' },
    );
  });

  it('reads "on failure …, on success …" as the run’s outcomes, each on the app the other used', () => {
    const spec = readRequest(
      'Our deploy script posts to an n8n webhook with status=success|failure. On failure turn the office Hue lights red, on success make them green.',
    );
    const sw = spec.steps.find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch', JSON.stringify(spec.steps));
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))]),
      [
        ['failed', ['philipsHue']],
        ['success', ['philipsHue']],
      ],
    );
  });
});

describe('the reader builds n8n’s own nodes for jobs said in plain words', () => {
  const node = (spec: WorkflowSpec) => all(spec).flatMap((s) => (s.kind === 'node' ? [s.node] : []));

  it('decompresses, stops with an error, runs a command and runs the query the request writes', () => {
    assert.deepEqual(
      node(
        readRequest(
          'Every day download https://example.com/export.json.gz, gunzip it and insert the rows into Postgres.',
        ),
      ),
      ['compression'],
    );
    const tenant = readRequest(
      'Sub-workflow that receives {tenant_id}. If tenant_id is missing, stop the execution with the error "invalid tenant". Otherwise SELECT * FROM tenants WHERE id = tenant_id in MySQL.',
    );
    assert.deepEqual(tenant.trigger, { kind: 'called' });
    assert.deepEqual(node(tenant), ['stopAndError']);
    const query = all(tenant).find((s) => s.kind === 'app');
    assert.ok(query?.kind === 'app');
    assert.deepEqual(
      [query.app, query.verb, query.hints.text],
      ['mySql', 'read', 'SELECT * FROM tenants WHERE id = tenant_id'],
    );
    assert.deepEqual(
      node(
        readRequest(
          'Nightly at 01:00 run `pg_dump appdb > /backups/appdb.dump` with Execute Command and upload it to S3.',
        ),
      ),
      ['executeCommand'],
    );
  });

  it('reads "the family matrix room" as Matrix and quoted categories as a classifier’s routes', () => {
    assert.ok(
      apps(readRequest('When Jellyfin adds a movie, post the title to our family matrix room.')).includes(
        'matrix:send',
      ),
    );
    const triage = readRequest(
      "New emails in our Gmail: ai sorts them into 'urgent pain', 'appointment change', 'other'. urgent -> sms to the dentist on duty, appointment -> task in Todoist for Lena, other -> nothing",
    );
    const model = all(triage).find((s) => s.kind === 'ai');
    assert.ok(model?.kind === 'ai' && model.routes, JSON.stringify(triage.steps));
    assert.deepEqual(
      model.routes.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))]),
      [
        ['Urgent pain', ['twilio']],
        ['Appointment change', ['todoist']],
        ['Other', []],
      ],
    );
    assert.ok(!all(triage).some((s) => s.kind === 'switch'), 'the arrows fill the classifier, no Switch besides');
  });
});

describe('the reader reads first-day and forum requests', () => {
  it('starts from mail that arrives, and forwards or replies to it by e-mail', () => {
    const invoice = readRequest(
      'when an invoice arrives in our accounts email, if its under $500 forward it to accounting, otherwise send it to me first',
    );
    assert.deepEqual(invoice.trigger, { kind: 'email', provider: 'imap' });
    const branch = invoice.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(invoice.steps));
    assert.deepEqual(branch.condition, { field: 'value', operator: 'lt', value: 500 });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))),
      [['emailSend:send'], ['emailSend:send']],
    );
    const reply = readRequest(
      'auto reply to customer emails asking about delivery with the tracking info from Shopify',
    );
    assert.equal(reply.trigger.kind, 'email');
    assert.deepEqual(apps(reply), ['shopify:read', 'emailSend:send']);
  });

  it('reads a star range as a rating test', () => {
    assert.deepEqual(test('if its 4 or 5 stars post it in slack'), { field: 'rating', operator: 'gte', value: 4 });
    assert.deepEqual(test('if the review is 1 to 3 stars'), { field: 'rating', operator: 'lte', value: 3 });
    assert.deepEqual(test('if a trello card is moved to the Done list'), {
      field: 'status',
      operator: 'equals',
      value: 'Done',
    });
  });

  it('e-mails people written to with no channel named, after reading where they are listed', () => {
    const remind = readRequest(
      'remind my students every sunday evening that homework is due monday. their emails are in a google sheet',
    );
    assert.deepEqual(apps(remind), ['googleSheets:read', 'emailSend:send'], 'the list is read before the reminder');
    const bulletin = readRequest(
      'every saturday morning send our weekly bulletin pdf from google drive to everyone in our members spreadsheet',
    );
    assert.deepEqual(apps(bulletin), ['googleDrive:read', 'googleSheets:read', 'emailSend:send']);
    assert.ok(
      !apps(readRequest('Remind my team every friday to submit timesheets on Slack')).includes('emailSend:send'),
      'a chat app named is the way',
    );
  });

  it('starts from a webhook said as its URL or as a call to n8n, and from n8n’s Error Trigger for its own failures', () => {
    const curl = readRequest(
      'My backup script does `curl -X POST https://n8n.home.lan/webhook/backup` at the end. If status is failed, post to Discord.',
    );
    assert.deepEqual(curl.trigger, { kind: 'webhook', path: 'backup', method: 'POST' });
    const get = readRequest(
      'GET https://n8n.example.com/webhook/stock?sku=ABC-123 should return the quantity from our Postgres inventory table.',
    );
    assert.deepEqual(get.trigger, { kind: 'webhook', path: 'stock', method: 'GET' });
    const hr = readRequest(
      'Our HR tool posts to an n8n webhook when an employee is terminated. Open a Jira ticket and email the manager.',
    );
    assert.equal(hr.trigger.kind, 'webhook');
    assert.deepEqual(apps(hr), ['jira:create', 'emailSend:send'], 'no n8n step, no test of the event it posts on');
    const ha = readRequest('Home Assistant automations call n8n with {type}. Send me a Telegram message.');
    assert.deepEqual(apps(ha), ['telegram:send'], 'the caller is no step');
    assert.deepEqual(
      readRequest('Whenever any workflow in this n8n instance fails, post the error to #alerts in Slack.').trigger,
      { kind: 'error' },
    );
    assert.deepEqual(readRequest('At the start of every quarter pull the Chargebee subscriptions.').trigger, {
      kind: 'schedule',
      rule: { field: 'months', monthsInterval: 3, triggerAtDayOfMonth: 1, triggerAtHour: 9 },
    });
  });

  it('reads ratings a sentence starts with as one If, and tests in relative clauses', () => {
    const reviews = readRequest(
      'Check new Google Business Profile reviews every day. For 4-5 stars, post a thank you in Slack. For 3 stars or below, email me the review.',
    );
    const branch = all(reviews).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(reviews.steps));
    assert.deepEqual(branch.condition, { field: 'rating', operator: 'gte', value: 4 });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? s.app : s.kind))),
      [['slack'], ['emailSend']],
    );
    assert.deepEqual(
      tests(readRequest('every week email the products in my Shopify store that dont have a description yet')),
      [{ field: 'description', operator: 'notExists', value: '' }],
    );
    assert.deepEqual(
      tests(
        readRequest(
          'once a month check our donor spreadsheet for anyone who hasnt donated in over a year and email them',
        ),
      ),
      [{ field: 'updated_at', operator: 'lt', value: '={{ $now.minus({ years: 1 }).toISO() }}' }],
    );
    assert.ok(
      apps(
        readRequest('when a lead comes in from Typeform add them to Pipedrive. either way text me their name'),
      ).includes('twilio:send'),
    );
  });
});
