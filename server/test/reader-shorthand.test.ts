// Requests written in clipped shorthand, the way shop and warehouse staff write a ticket: day names cut short before a
// time, "every hr", "last wk", "w/ cust name + total", "-> teams ping to …", "-> sms w/ code …", "woo" for
// WooCommerce; fields a step is given are no steps; "send a Slack message" is a message sent, never the trigger.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { longhand } from '../src/workflows/intent/shorthand.ts';
import { walkSteps, type Step, type WorkflowSpec } from '../src/workflows/spec.ts';

function all(spec: WorkflowSpec): Step[] {
  const out: Step[] = [];
  walkSteps(spec.steps, (s) => out.push(s));
  return out;
}

const apps = (spec: WorkflowSpec) => all(spec).flatMap((s) => (s.kind === 'app' ? [`${s.app}:${s.verb}`] : []));

describe('the reader on shorthand', () => {
  it('writes out day names, hours, weeks and chat abbreviations where they mean one thing', () => {
    assert.equal(longhand('mon 9am: top 10 SKUs'), 'every Monday 9am: top 10 SKUs');
    assert.equal(longhand('weekly fri 4pm report'), 'weekly Friday 4pm report');
    assert.equal(longhand('mon-fri at 8:00'), 'Monday to Friday at 8:00');
    assert.equal(longhand('every hr: check; unshipped after 48hrs'), 'every hour: check; unshipped after 48 hours');
    assert.equal(longhand('units sold last wk'), 'units sold last week');
    assert.equal(longhand('email the cust a msg pls'), 'email the customer a message please');
    // Words that only look like abbreviations stay.
    assert.equal(longhand('the sun sat on the wed cake'), 'the sun sat on the wed cake');
    assert.equal(longhand('the sales teams meet on Monday'), 'the sales teams meet on Monday');
  });

  it('reads a message named by its channel after an arrow as a message sent there', () => {
    assert.equal(longhand('-> teams ping to shipping lead'), '-> send a Microsoft Teams message to shipping lead');
    assert.equal(longhand('-> sms w/ code SAVE10'), '-> send an SMS w/ code SAVE10');
    const spec = readRequest("every hr: airtable orders w/ status 'packed' -> teams ping to shipping lead");
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'hours', hoursInterval: 1 } });
    assert.ok(apps(spec).includes('microsoftTeams:send'), JSON.stringify(apps(spec)));
  });

  it('starts a weekly report on the day and hour written short', () => {
    const spec = readRequest('mon 9am: top 10 SKUs by units sold last wk (woo) -> bar chart image -> post in #sales');
    assert.deepEqual(spec.trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [1], triggerAtHour: 9 },
    });
    assert.ok(apps(spec).includes('slack:send'));
  });

  it('knows "woo" as WooCommerce', () => {
    const spec = readRequest('woo product stock hits 0 -> tell #merch on teams');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'wooCommerce');
    assert.deepEqual(apps(spec), ['microsoftTeams:send']);
  });

  it('gives a step the fields listed after "with" instead of reading the last one as a step', () => {
    for (const request of [
      'new woo customer -> create hubspot contact w/ name + email',
      'When a Typeform is submitted, create a HubSpot contact with name and email address',
    ])
      assert.deepEqual(apps(readRequest(request)), ['hubspot:create'], request);
    // An e-mail that is sent is still one.
    assert.deepEqual(apps(readRequest('When a Typeform is submitted, add the lead to Pipedrive and email the rep')), [
      'pipedrive:create',
      'emailSend:send',
    ]);
  });

  it('reads "send a Slack message" after a title\'s arrow as a message sent, not the trigger', () => {
    const spec = readRequest('Typeform responses → create a deal in Salesforce and send a Slack message to the AE');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'typeform');
    assert.deepEqual(apps(spec), ['salesforce:create', 'slack:send']);
    const plus = readRequest('Cal.com bookings → create a deal in Salesforce + Slack ping to the AE');
    assert.equal(plus.trigger.kind === 'app' && plus.trigger.app, 'cal');
    assert.deepEqual(apps(plus), ['salesforce:create', 'slack:send']);
  });
});
