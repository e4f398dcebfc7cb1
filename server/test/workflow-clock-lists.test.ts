// When the steps may run, said as days and hours ("only Monday to Thursday between 9am and 4pm", "No texts after
// 9pm"), events only a webhook can report ("When a Datadog alert fires"), and values listed as lines of a list
// ("- US: …", "- DE, FR or NL: …"), and numbers in a range ("if it's 0-6", "between 3 and 5").
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { timeWindow } from '../src/workflows/intent/timeWindow.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { conditionText } from '../src/workflows/wording.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import type { Condition, Step } from '../src/workflows/spec.ts';
import { all, branchOf, filters, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));
const tests = (c: Condition) => [c, ...(c.more ?? [])].map((t) => [t.field, t.operator, t.value]);

describe('a window of days and hours', () => {
  it('reads days and hours as tests of the clock (Luxon: Monday is 1)', () => {
    assert.deepEqual(tests(timeWindow('only Monday to Thursday between 9am and 4pm')!.condition), [
      ['$now.weekday', 'lte', 4],
      ['$now.hour', 'gte', 9],
      ['$now.hour', 'lt', 16],
    ]);
    assert.deepEqual(tests(timeWindow('mon-fri 9-5')!.condition), [
      ['$now.weekday', 'lte', 5],
      ['$now.hour', 'gte', 9],
      ['$now.hour', 'lt', 17],
    ]);
    assert.deepEqual(tests(timeWindow('only on weekends')!.condition), [['$now.weekday', 'gte', 6]]);
    // Past midnight, the hours are either side of it.
    const night = timeWindow('between 10pm and 6am')!.condition;
    assert.deepEqual(tests(night), [
      ['$now.hour', 'gte', 22],
      ['$now.hour', 'lt', 6],
    ]);
    assert.equal(night.join, 'or');
    // "after 2 days" is no hour of the day, and a count is no range of hours.
    assert.equal(timeWindow('remind them after 2 days'), null);
    assert.equal(timeWindow('send 3-4 emails a week'), null);
  });

  it('reads the times a limit rules out as the window left', () => {
    assert.deepEqual(tests(timeWindow('No texts after 9pm', true)!.condition), [['$now.hour', 'lt', 21]]);
    assert.deepEqual(tests(timeWindow('never on weekends', true)!.condition), [['$now.weekday', 'lt', 6]]);
    // Each time named is ruled out on its own.
    assert.deepEqual(tests(timeWindow('no calls before 8am or after 8pm', true)!.condition), [
      ['$now.hour', 'gte', 8],
      ['$now.hour', 'lt', 20],
    ]);
  });

  it('says a window in words a node name can carry', () => {
    assert.equal(
      conditionText(timeWindow('only Monday to Thursday between 9am and 4pm')!.condition),
      'within Mon–Thu, 09:00–16:00',
    );
    assert.equal(conditionText(timeWindow('No texts after 9pm', true)!.condition), 'the time is before 21:00');
    assert.equal(conditionText(timeWindow('on weekdays')!.condition), 'it is a weekday');
  });

  it('keeps only the items in the window a rule allows ("but only Monday to Thursday between 9am and 4pm")', async () => {
    const request =
      'When a new Intercom conversation starts, text the on-call tech via Twilio, but only Monday to Thursday between 9am and 4pm.';
    assert.deepEqual(filters(all(readRequest(request))).map(tests), [
      [
        ['$now.weekday', 'lte', 4],
        ['$now.hour', 'gte', 9],
        ['$now.hour', 'lt', 16],
      ],
    ]);
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
  });

  it('holds back only the step a limit names ("No texts after 9pm"), and the steps after it still run', async () => {
    const request =
      'When a new lead comes into HubSpot, send them an SMS via Twilio and add them to Mailchimp. No texts after 9pm.';
    const spec = readRequest(request);
    const branch = branchOf(spec);
    assert.deepEqual(tests(branch.condition), [['$now.hour', 'lt', 21]]);
    assert.deepEqual(apps(branch.then), ['twilio:send']);
    assert.deepEqual(apps(spec.steps), ['mailchimp:create'], 'Mailchimp is after the test, for every lead');
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
  });

  it('reads a limit on weekends as no schedule ("No Slack messages on weekends")', () => {
    const spec = readRequest(
      'When a Datadog alert fires, post it to Slack #ops and page the on-call engineer in PagerDuty. No Slack messages on weekends.',
    );
    assert.equal(spec.trigger.kind, 'webhook');
    const branch = branchOf(spec);
    assert.deepEqual(tests(branch.condition), [['$now.weekday', 'lt', 6]]);
    assert.deepEqual(apps(branch.then), ['slack:send']);
    assert.deepEqual(apps(spec.steps), ['pagerDuty:send'], 'PagerDuty pages on any day');
    // The app the limit names is the one held back, wherever it is.
    const paged = readRequest(
      'When a Datadog alert fires, page the on-call engineer in PagerDuty and post it to Slack #ops. No Slack messages on weekends.',
    );
    assert.deepEqual(kinds(paged.steps), ['pagerDuty:create', 'filter', 'slack:send']);
    // The schedule a request does ask for still counts its days.
    const weekdays = readRequest('Every weekday at 9am send the sales report to Slack.');
    assert.equal(weekdays.trigger.kind, 'schedule');
  });
});

describe('an event only a webhook can report', () => {
  it('starts from a webhook when a system the catalogue lacks "fires", "happens" or "appears"', () => {
    for (const request of [
      'When an incident fires, post it to Slack #ops.',
      'When a Datadog incident happens, post it to Slack #ops.',
      'When a Zabbix problem appears, post it to Slack #ops.',
    ])
      assert.equal(readRequest(request).trigger.kind, 'webhook', request);
  });
});

describe('values listed as lines', () => {
  it('routes each line of a list by its value, a line of several values by any of them', async () => {
    const request = `New Shopify order -> route by shipping country:
- US: add a row to the 'US Fulfilment' table in Airtable
- CA: add a row to the 'Canada Fulfilment' table in Airtable
- DE, FR or NL: email the order details to eu-warehouse@ourshop.com
- anything else: post it in Slack #intl-orders so someone handles it manually`;
    const sw = switchOf(readRequest(request));
    assert.equal(sw.field, 'shipping_country');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, apps(r.steps)]),
      [
        ['US', ['airtable:create']],
        ['CA', ['airtable:create']],
        ['DE or FR or NL', ['emailSend:send']],
      ],
    );
    assert.deepEqual(sw.routes[2]!.condition, { field: 'shipping_country', operator: 'oneOf', value: 'DE, FR, NL' });
    assert.deepEqual(apps(sw.fallback ?? []), ['slack:send']);
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
  });
});

describe('a second flow in the same request', () => {
  const partsOf = (request: string) => {
    const spec = readRequest(request);
    return {
      spec,
      parts: (spec.parts ?? []).map((p) => [p.trigger.kind, apps(p.steps)]),
    };
  };

  it('reads a sentence that says "also" with a schedule of its own as a part of its own, whatever it does', () => {
    const { spec, parts } = partsOf(
      "When a candidate is moved to the 'Hired' stage in Workable, create them as an employee in BambooHR and post a welcome heads-up in #people on Slack. Also every Monday at 8am post in #people who has a work anniversary this week, pulled from BambooHR.",
    );
    assert.equal(spec.trigger.kind, 'app');
    assert.deepEqual(apps(all(spec)), ['bambooHr:create', 'slack:send']);
    assert.equal(parts.length, 1);
    assert.equal(parts[0]![0], 'schedule');
    assert.ok((parts[0]![1] as string[]).includes('bambooHr:read'), JSON.stringify(parts));
    // "Also, on the 1st …": with a comma, and a part that exports rather than sends.
    const monthly = partsOf(
      'When a Chargebee subscription is cancelled, add the customer to a churned segment in Customer.io. Also, every 1st of the month, export the active subscriptions from Chargebee to a Google Sheet.',
    );
    assert.deepEqual(
      monthly.parts.map(([kind]) => kind),
      ['schedule'],
    );
  });

  it('reads "Second flow:" and "a second one that runs every …" as parts, and a part naming no app acts on the first part\'s data', () => {
    assert.deepEqual(
      partsOf(
        'Jira: when a bug with priority Highest is created, page the team through PagerDuty and post in #eng on Slack. Second flow: every day at 5pm, post in #eng the list of Jira bugs resolved today.',
      ).parts.map(([kind]) => kind),
      ['schedule'],
    );
    const { spec, parts } = partsOf(
      "I need a workflow I run by hand: read all rows from the Postgres 'customers' table, go through them in batches of 50, check each email with Hunter's email verifier and write the result back into the 'email_status' column. And a second one that runs every Sunday night and deletes customers marked 'invalid' for more than 90 days.",
    );
    assert.equal(spec.trigger.kind, 'manual');
    assert.deepEqual(parts, [['schedule', ['postgres:delete']]]);
  });

  it('reads "Also set up an error workflow so that if this … workflow itself crashes, I get an email" as the error part', () => {
    const { spec, parts } = partsOf(
      "Every night at 1am, SSH into our backup server and run /opt/scripts/backup.sh. If the command output contains 'ERROR', send a Pushover alert to me; otherwise post 'backup ok' in Slack #ops. Also set up an error workflow so that if this backup workflow itself crashes, I get an email.",
    );
    assert.equal(spec.trigger.kind, 'schedule');
    assert.deepEqual(
      parts.map(([kind]) => kind),
      ['error'],
    );
    assert.ok(!apps(all(spec)).some((a) => a.startsWith('emailSend')), 'the email is the error part’s');
  });
});

describe('numbers in a range', () => {
  it('reads a range of a number with both ends in, and keeps the clock for hours said as such', () => {
    const range = (text: string) => {
      const c = conditionOf(text);
      return c && [c.field, c.operator, c.value];
    };
    assert.deepEqual(range('if the rating is between 3 and 5'), ['rating', 'between', '3..5']);
    assert.deepEqual(range('if the score is 0-6'), ['score', 'between', '0..6']);
    assert.deepEqual(range('if the amount is between $100 and $500'), ['amount', 'between', '100..500']);
    assert.deepEqual(range('if the order total is 50 to 100 dollars'), ['order_total', 'between', '50..100']);
    // A value compared is no time of day; hours said as hours still are.
    assert.deepEqual(range("if it's between 0 and 6"), ['value', 'between', '0..6']);
    assert.deepEqual(range('if the time is between 9 and 17'), ['$now.hour', 'gte', 9]);
    assert.deepEqual(range("if it's between 9am and 5pm"), ['$now.hour', 'gte', 9]);
    // A date is no range.
    assert.deepEqual(range('if the date is 2024-01-05'), ['date', 'equals', '2024-01-05']);
  });

  it('routes ranges of one number on a Switch, "it" being the number tested before, and leaves out a range that does nothing', async () => {
    const request =
      "When a Typeform NPS survey is submitted: if the score is 9 or 10, add them to our Mailchimp advocates list; if it's 0-6, create a Zendesk ticket so support can reach out; 7-8 do nothing.";
    const sw = switchOf(readRequest(request));
    assert.equal(sw.field, 'score');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.condition?.operator, r.condition?.value, apps(r.steps)]),
      [
        ['9, 10', 'oneOf', '9, 10', ['mailchimp:create']],
        ['0–6', 'between', '0..6', ['zendesk:create']],
      ],
    );
    assert.equal(sw.fallback, null);
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
    // No node stands in for the range that does nothing.
    assert.ok(!workflow.nodes.some((n) => /^Mark as /.test(n.name)));
  });
});
