// Watches, stages and routes as outside writers said them: a level crossing a bound ("when Bitcoin drops below 50k")
// is read on a schedule; a stage an item reaches ("every time we win a deal", "lifecycle stage to SQL") is the app's
// update event and a test; amounts and people listed as routes ("under $10k: …", "auto to Maria, home to Kevin …")
// are a Switch; "the rest by email" is its fallback; a bound each item carries ("below its minimum"), an idle time
// ("nobody has updated for 30 days") and a date ahead ("expires within 30 days") are tests of their own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { all, kinds, switchOf } from './readerSteps.ts';

describe('the reader on watches, stages and listed routes', () => {
  it('reads a level crossing a bound on a schedule, with the reading before its test', () => {
    const spec = readRequest('Telegram me when Bitcoin drops below 50k');
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'minutes', minutesInterval: 15 } });
    assert.deepEqual(kinds(spec.steps), ['http', 'filter', 'telegram:send']);
    const test = spec.steps[1];
    assert.ok(test?.kind === 'filter');
    assert.deepEqual(
      { operator: test.condition.operator, value: test.condition.value },
      { operator: 'lt', value: 50000 },
    );
    const weather = readRequest('If the temperature in Berlin goes above 30 degrees, text me via Twilio');
    assert.deepEqual(kinds(weather.steps), ['openWeatherMap:read', 'filter', 'twilio:send']);
  });

  it('keeps an app event that reports the level itself, and ends the event at an action after its bound', () => {
    const spec = readRequest('When the Typeform NPS score < 7 email me');
    assert.equal(spec.trigger.kind, 'app');
    assert.deepEqual(kinds(spec.steps), ['filter', 'emailSend:send']);
  });

  it('reads a stage an item reaches as the app’s update event and a test of the stage', () => {
    const won = readRequest(
      'Every time we win a deal in Pipedrive, create an invoice in Invoice Ninja for the deal value',
    );
    assert.deepEqual(won.trigger, { kind: 'app', app: 'pipedrive', event: 'updated', item: 'deal' });
    const test = won.steps[0];
    assert.ok(test?.kind === 'filter');
    assert.deepEqual(test.condition, { field: 'status', operator: 'equals', value: 'won' });
    const sql = readRequest(
      "When an SDR changes a HubSpot contact's lifecycle stage to SQL, create a deal in HubSpot and email the AE",
    );
    assert.ok(!all(sql).some((s) => s.kind === 'app' && s.app === 'postgres'), 'an SQL is a stage, not a database');
    assert.ok(all(sql).some((s) => s.kind === 'filter' && s.condition.value === 'sql'));
  });

  it('routes listed amounts, each with its own bound, highest first', () => {
    const spec = readRequest(
      'Deal desk routing for new Salesforce opportunities, based on ACV:\n- under $10k: post in the #smb-deals Slack channel\n- $10k to $75k: mid-market, post in #mm-deals\n- over $75k: enterprise, post in #ent-deals and also email our VP Sales',
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'acv');
    assert.deepEqual(
      sw.routes.map((r) => r.condition && [r.condition.operator, r.condition.value]),
      [
        ['gt', 75000],
        ['between', '10000..75000'],
        ['lt', 10000],
      ],
    );
    assert.deepEqual(kinds(sw.routes[0]!.steps), ['slack:send', 'emailSend:send']);
    assert.ok(!kinds(spec.steps).includes('http'), 'ACV and "VP Sales" are no systems to call');
  });

  it('routes options paired with their people, and what is said of them after', () => {
    const spec = readRequest(
      'New Salesforce leads need routing by territory: West (CA, OR, WA) goes to Priya, Central (TX, IL) to Marcus, East (NY, MA) to Dana. Update the lead owner in Salesforce and DM the rep on Slack. Any state outside those lists goes to the #unassigned-leads channel instead.',
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'territory');
    assert.deepEqual(
      sw.routes.map((r) => r.name),
      ['West', 'Central', 'East'],
    );
    for (const r of sw.routes) assert.deepEqual(kinds(r.steps), ['salesforce:update', 'slack:send']);
    assert.deepEqual(kinds(sw.fallback ?? []), ['slack:send']);
  });

  it('reads "the rest by email" as the routes’ fallback', () => {
    const spec = readRequest(
      'When a new Zendesk ticket comes in: urgent ones go to PagerDuty, high ones to Slack #support, the rest by email to support@acme.com.',
    );
    const sw = switchOf(spec);
    assert.deepEqual(
      sw.routes.map((r) => [r.name, kinds(r.steps)]),
      [
        ['urgent', ['pagerDuty:create']],
        ['high', ['slack:send']],
      ],
    );
    assert.deepEqual(kinds(sw.fallback ?? []), ['emailSend:send']);
  });

  it('tests a bound each item carries, an idle time and a date ahead', () => {
    const stock = readRequest(
      'Each morning, check stock levels in ERPNext. For any item below its minimum, create a material request in ERPNext and email the buyer.',
    );
    const low = all(stock).find((s) => s.kind === 'filter');
    assert.ok(low?.kind === 'filter');
    assert.deepEqual(low.condition, { field: 'stock', operator: 'lt', value: '={{ $json.minimum }}' });
    const idle = readRequest(
      'Every Monday, find opportunities in Dynamics 365 that nobody has updated for 30 days and send each owner a message in Teams.',
    );
    assert.deepEqual(kinds(idle.steps), ['microsoftDynamicsCrm:read', 'filter', 'microsoftTeams:send']);
    const stale = idle.steps[1];
    assert.ok(stale?.kind === 'filter');
    assert.deepEqual(stale.condition, {
      field: 'updated_at',
      operator: 'lt',
      value: '={{ $now.minus({ days: 30 }).toISO() }}',
    });
    assert.deepEqual(conditionOf('if any expires within 30 days email me'), {
      field: 'expiry_date',
      operator: 'lte',
      value: '={{ $now.plus({ days: 30 }).toISO() }}',
      end: 29,
    });
  });

  it('starts from the day and time a plural day or a bare time names', () => {
    assert.deepEqual(readRequest('Mondays at 4am run the backup script and tell me in Discord').trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [1], triggerAtHour: 4 },
    });
    assert.deepEqual(
      readRequest("post the day's weather and my Google Calendar agenda in our Rocket.Chat family channel at 6:30")
        .trigger,
      { kind: 'schedule', rule: { field: 'days', daysInterval: 1, triggerAtHour: 6, triggerAtMinute: 30 } },
    );
  });

  it('reads what is sent to people from where it is kept, and makes items it names in an app', () => {
    assert.deepEqual(kinds(readRequest('send me the latest report from SharePoint').steps), [
      'microsoftSharePoint:read',
      'emailSend:send',
    ]);
    const jira = readRequest('create a Jira issue for each bug report');
    assert.equal(jira.trigger.kind, 'manual');
    assert.deepEqual(kinds(jira.steps), ['jira:create']);
    const group = readRequest('When a Typeform is submitted, post to the buyer-agents group on Telegram');
    assert.deepEqual(kinds(group.steps), ['telegram:send'], 'a group of people named "agents" is no AI agent');
  });

  it('starts from mail that arrives as free-form text, which is no form', () => {
    const spec = readRequest(
      'Leave requests come as free-text emails to leave@company.com. AI pulls out name, dates and leave type.',
    );
    assert.equal(spec.trigger.kind, 'email');
  });
});
