// Zaps and Make scenarios to rebuild, exceptions and office routines as outside writers said them: "Filter by
// Zapier", "Delay by Zapier", a Make router's routes and an app named before its action are the reader's own words;
// a value "one of DE, FR, NL" and a route "'Recordable' or 'Lost Time'" take a list; "if no reply within 3 days,
// follow up by email" waits and then sends; "… instead" makes an If of the two outcomes; mail, chat messages and
// forms people send start the workflow; "I open each scanned invoice and type the supplier, date and total into the
// register" has a model read those fields.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { conditions } from '../src/workflows/coreNodes.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { withoutFieldMaps } from '../src/workflows/intent/fieldMaps.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { all, kinds, switchOf } from './readerSteps.ts';

describe('the reader on Zaps and Make scenarios', () => {
  it('reads Zapier filters, delays and an app named before its action', () => {
    const spec = readRequest(
      "Zap: Zendesk 'New Ticket' -> Delay by Zapier 30 minutes -> Zendesk 'Find Ticket' by ID -> Filter by Zapier: only continue if the ticket still has no assignee -> Slack DM to our support lead.",
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'zendesk', event: 'created', item: 'ticket' });
    // (The test is read before the wait: the arrow chain's condition joins the trigger's; see the README.)
    assert.deepEqual(
      kinds(spec.steps).filter((k) => k !== 'filter'),
      ['wait', 'zendesk:read', 'slack:send'],
    );
    assert.ok(spec.steps.some((s) => s.kind === 'filter' && s.condition.field === 'assignee'));
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'Zapier itself is no API the workflow calls');
    const money = readRequest(
      'Stripe New Charge -> QuickBooks Online Find Customer by email -> QuickBooks Create Invoice for the charge amount',
    );
    assert.deepEqual(kinds(money.steps), ['quickbooks:read', 'quickbooks:create']);
  });

  it("reads a Make router's routes and fallback", () => {
    const spec = readRequest(
      'Make scenario: WooCommerce - Watch Orders -> Router with three routes. Route 1 (shipping country = US): HTTP POST the order to https://us.example.com/orders. Route 2 (shipping country is one of DE, FR, NL): HTTP POST to https://eu.example.com/orders. Fallback route: email ops@ourshop.com with the order number.',
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'shipping_country');
    assert.equal(sw.routes.length, 2);
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.condition?.operator]),
      [
        ['us', undefined],
        ['de, fr, nl', 'oneOf'],
      ],
    );
    assert.deepEqual(kinds(sw.routes.flatMap((r) => r.steps)), ['http', 'http']);
    assert.deepEqual(kinds(sw.fallback ?? []), ['emailSend:send']);
  });

  it('reads the last word of a list of nouns as a noun, not a verb', () => {
    const spec = readRequest(
      'When a PDF invoice lands in our Drive folder, extract the supplier, date and total with AI and add them to the register spreadsheet',
    );
    const ai = all(spec).find((s) => s.kind === 'ai');
    assert.ok(ai?.kind === 'ai');
    assert.deepEqual(ai.attributes, ['supplier', 'date', 'total']);
    assert.ok(!all(spec).some((s) => s.kind === 'sum' || s.kind === 'aggregate'), 'no sum made of "and total"');
  });
});

describe('the reader on lists of values', () => {
  it('reads "one of", "any of" and "either … or" as a list a value is in', () => {
    assert.deepEqual(conditionOf('if the shipping country is one of de, fr, nl'), {
      field: 'shipping_country',
      operator: 'oneOf',
      value: 'de, fr, nl',
      end: 44,
    });
    assert.equal(conditionOf('if plan is any of pro, team or enterprise')?.value, 'pro, team, enterprise');
    assert.equal(conditionOf('if the status is either open or pending')?.value, 'open, pending');
    assert.equal(conditionOf("if the country is in de, fr, nl and it's paid")?.value, 'de, fr, nl');
  });

  it("builds n8n's regex test of the whole value, in any case", () => {
    const built = conditions({ field: 'country', operator: 'oneOf', value: 'DE, FR, N.L' }, 'x') as {
      conditions: Array<{ rightValue: string; operator: { operation: string } }>;
    };
    assert.equal(built.conditions[0]!.operator.operation, 'regex');
    assert.equal(built.conditions[0]!.rightValue, '/^(?:DE|FR|N\\.L)$/i');
    const other = conditions({ field: 'country', operator: 'notOneOf', value: 'DE' }, 'x') as typeof built;
    assert.equal(other.conditions[0]!.operator.operation, 'notRegex');
  });

  it('routes by the quoted status an item reaches or ends up in', () => {
    const spec = readRequest(
      "Every hour check our Wise transfers. When a transfer reaches 'outgoing_payment_sent', post it in #finance on Slack. If a transfer ends up 'funds_refunded' or 'bounced_back', text our finance lead via Vonage. Ignore all other status changes.",
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'status');
    assert.deepEqual(
      sw.routes.map((r) => r.condition?.value ?? r.name),
      ['outgoing_payment_sent', 'funds_refunded, bounced_back'],
    );
    assert.deepEqual(spec.unmapped, []);
  });

  it('routes a value list said before an arrow, with the field its values name', () => {
    const spec = readRequest(
      'New Zendesk ticket: Low or Medium → post in #support on Slack, High or Urgent → page on-call in PagerDuty',
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'priority');
    assert.deepEqual(
      sw.routes.map((r) => r.condition?.value),
      ['Low, Medium', 'High, Urgent'],
    );
  });

  it('reads ranges said with "between" and "need nothing" as routes', () => {
    const counts = readRequest(
      'Every 15 minutes, get the error count from our API. More than 50: create a PagerDuty incident. Between 1 and 50: post the count to #errors in Slack. Zero: do nothing.',
    );
    assert.deepEqual(
      switchOf(counts).routes.map((r) => [r.condition?.operator, r.condition?.value]),
      [
        ['gt', 50],
        ['between', '1..50'],
      ],
    );
    const nps = readRequest(
      'When a SurveyMonkey NPS response comes in: scores 0-6 should create a Freshdesk ticket, 7-8 need nothing, and 9-10 get an email asking them to leave a review.',
    );
    assert.deepEqual(kinds(switchOf(nps).routes.flatMap((r) => r.steps)).sort(), [
      'emailSend:send',
      'freshdesk:create',
    ]);
  });
});

describe('the reader on field mappings', () => {
  it('reads a list of fields mapped to fields as how a step fills them, not as routes', () => {
    assert.equal(
      withoutFieldMaps(
        'When someone registers in Eventbrite, add them to the Mailchimp audience "Events": email → email_address, first_name → FNAME, last_name → LNAME, and tag them.',
      ),
      'When someone registers in Eventbrite, add them to the Mailchimp audience "Events": the fields, and tag them.',
    );
    const spec = readRequest(
      'New email in our Outlook shared mailbox "orders@" → add a row to the Excel workbook on SharePoint "Order Intake.xlsx", table OrdersTbl: sender address → Customer Email, subject → Subject, received date → Received (YYYY-MM-DD HH:mm), has attachments → Attachments (Yes/No).',
    );
    assert.deepEqual(spec.trigger, { kind: 'email', provider: 'outlook' });
    assert.deepEqual(kinds(all(spec)), ['microsoftExcelSharePoint:create']);
  });

  it('keeps routes and people a list points to', () => {
    const routes = 'Route by priority: urgent → create a PagerDuty incident, high → post in #support on Slack.';
    assert.equal(withoutFieldMaps(routes), routes);
    const people = 'Route leads by region: EMEA → Anna, APAC → Ben, Americas → Carla.';
    assert.equal(withoutFieldMaps(people), people);
  });
});

describe('the reader on exceptions and follow-ups', () => {
  it('waits, then follows up with those who did not answer', () => {
    const spec = readRequest(
      'When a new lead comes in through our Typeform, add them to HubSpot and give the sales team a heads-up in Slack. If no reply within 3 days, follow up by email.',
    );
    assert.deepEqual(kinds(spec.steps), ['hubspot:create', 'slack:send', 'wait', 'filter', 'emailSend:send']);
    const test = spec.steps[3];
    assert.ok(test?.kind === 'filter');
    assert.deepEqual(test.condition, { field: 'replied', operator: 'isFalse', value: false });
  });

  it('makes an If of an action and the one said "instead"', () => {
    const spec = readRequest(
      "New Typeform lead: send a WhatsApp welcome. If the lead didn't give a phone number, send the welcome by email instead.",
    );
    const check = spec.steps.find((s) => s.kind === 'if');
    assert.ok(check?.kind === 'if', JSON.stringify(kinds(spec.steps)));
    assert.deepEqual(check.condition, { field: 'phone', operator: 'notExists', value: '' });
    assert.deepEqual(kinds(check.then), ['emailSend:send']);
    assert.deepEqual(kinds(check.otherwise), ['whatsApp:send']);
  });

  it('reads empty fields, skipped items and quoted words as tests', () => {
    assert.deepEqual(conditionOf("if the delays field isn't empty"), {
      field: 'delays',
      operator: 'exists',
      value: '',
      end: 31,
    });
    assert.equal(conditionOf('if the phone number is blank')?.operator, 'notExists');
    const skip = readRequest(
      "Every morning, find ClickUp tasks due tomorrow and email each assignee a reminder. Don't remind anyone about tasks in the 'Backlog' list.",
    );
    const kept = all(skip).find((s) => s.kind === 'filter');
    assert.ok(kept?.kind === 'filter');
    assert.deepEqual(kept.condition, { field: 'list', operator: 'notEquals', value: 'Backlog' });
    const quoted = readRequest(
      "When someone comments on our Figma file and the comment contains the word 'bug', create an issue in our Taiga project 'mobile-app'.",
    );
    assert.deepEqual(kinds(quoted.steps), ['filter', 'taiga:create']);
    const issue = quoted.steps[1];
    assert.ok(issue?.kind === 'app');
    assert.equal(issue.noun, 'issue', 'the issue is made in the project, not the project');
  });

  it('checks a site for being down only where no app reports the event', () => {
    const jira = readRequest(
      "When a new Jira issue is created and the summary contains 'outage', post it to Slack #ops.",
    );
    assert.deepEqual(kinds(jira.steps), ['filter', 'slack:send']);
    const site = readRequest('Alert me on Telegram when our website goes down.');
    assert.deepEqual(site.trigger, { kind: 'schedule', rule: { field: 'minutes', minutesInterval: 5 } });
    assert.deepEqual(site.choices, []);
    assert.deepEqual(kinds(site.steps), ['http', 'filter', 'telegram:send']);
  });
});

describe('the reader on what people send in', () => {
  it('starts from mail that carries Excel files and reads the attachment as a spreadsheet', () => {
    const spec = readRequest(
      'Clients email us Excel order forms as attachments. Read the attachment, add each line to our Orders sheet in Google Sheets and reply to confirm.',
    );
    assert.deepEqual(spec.trigger, { kind: 'email', provider: 'imap', attachments: true });
    assert.deepEqual(kinds(spec.steps), ['extract', 'googleSheets:create', 'emailSend:send']);
    const extract = spec.steps[0];
    assert.ok(extract?.kind === 'extract');
    assert.deepEqual({ format: extract.format, binary: extract.binary }, { format: 'xlsx', binary: 'attachment_0' });
  });

  it("starts from a chat app's messages, not a step that sends one", () => {
    const whatsapp = readRequest(
      "Tenants send maintenance requests to our WhatsApp Business number. Reply to the tenant on WhatsApp that we've logged the request.",
    );
    assert.deepEqual(whatsapp.trigger, { kind: 'app', app: 'whatsApp', event: 'message' });
    assert.deepEqual(kinds(whatsapp.steps), ['whatsApp:send']);
    const slack = readRequest(
      'Our housekeepers post notes in Spanish in the Slack channel #hk-notas. For every new message there, translate it to English with DeepL and repost it in #hk-notes-en.',
    );
    assert.equal(slack.trigger.kind === 'app' && slack.trigger.app, 'slack');
    assert.equal(all(slack).filter((s) => s.kind === 'app' && s.app === 'slack').length, 1);
  });

  it('starts from a form people submit, with the fields listed', () => {
    const spec = readRequest(
      "Supers submit a daily log through an n8n form: project, weather, crew count, delays. Append the log to the project's Google Sheet.",
    );
    assert.deepEqual(spec.trigger, {
      kind: 'form',
      title: 'Form',
      fields: ['Project', 'Weather', 'Crew count', 'Delays'],
    });
    const webhook = readRequest(
      'Jenkins calls our webhook when the nightly build finishes. If the status is FAILURE, open a GitHub issue.',
    );
    assert.equal(webhook.trigger.kind, 'webhook');
  });

  it('starts by hand what the request says the user runs by hand', () => {
    const spec = readRequest(
      "One-time migration I'll run by hand: download contacts.csv from Google Drive, parse it, and create each row as a Freshworks CRM contact, one at a time with a 1 second pause between them. Columns: First → first_name, Last → last_name, E-mail → emails.",
    );
    assert.deepEqual(spec.trigger, { kind: 'manual' });
    assert.deepEqual(spec.unmapped, []);
    assert.ok(all(spec).some((s) => s.kind === 'app' && s.app === 'freshworksCrm' && s.verb === 'create'));
  });

  it('reads an outcome said with "on a successful …" as a test, and a value marked "as" as no system', () => {
    const spec = readRequest(
      'When a Stripe payment comes in: on a successful payment, mark the student as Paid in Airtable. On a failed payment, email them a link to retry instead.',
    );
    assert.ok(all(spec).some((s) => s.kind === 'switch' || s.kind === 'if'));
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'Paid is the value, not an API');
    const stock = readRequest('Check Unleashed stock on hand every hour and post it to Slack.');
    assert.ok(all(stock).some((s) => s.kind === 'app' && s.app === 'unleashedSoftware'));
  });

  it("has a model read the fields of someone's office routine", () => {
    const spec = readRequest(
      'Every morning I open each scanned invoice in the Invoices folder on OneDrive and type the supplier, date and total into the register spreadsheet.',
    );
    assert.deepEqual(kinds(spec.steps), ['microsoftOneDrive:read', 'ai', 'googleSheets:create']);
    const untouched = readRequest(
      'When a new PDF shows up in Google Drive, have Claude summarize the key dates and payment terms and then post that into the legal channel in Slack',
    );
    assert.ok(
      all(untouched).some((s) => s.kind === 'app' && s.app === 'slack' && s.verb === 'send'),
      '"the key dates … into" is no typing',
    );
  });
});
