import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditions } from '../src/workflows/coreNodes.ts';
import { scheduleText } from '../src/workflows/wording.ts';
import type { ScheduleRule } from '../src/workflows/spec.ts';

function ruleOf(request: string): ScheduleRule | undefined {
  const { trigger } = readRequest(request);
  return trigger.kind === 'schedule' ? trigger.rule : undefined;
}

describe('schedules said as dates, weeks of the month, fortnights and half hours', () => {
  it('runs on the dates of the months listed, at the time said', () => {
    const quarter = ruleOf(
      'On the 5th of January, April, July and October at 8am, pull the invoices from Xero and email them to finance@acme.com.',
    );
    assert.deepEqual(quarter, { field: 'cronExpression', expression: '0 8 5 1,4,7,10 *' });
    assert.equal(scheduleText(quarter!), 'on the 5th of January, April, July and October at 08:00');
    assert.deepEqual(ruleOf('Every year on March 1 email team@acme.com a reminder to renew the domain.'), {
      field: 'cronExpression',
      expression: '0 9 1 3 *',
    });
    assert.deepEqual(ruleOf('Yearly, on Dec 31 at 23:00, export the Airtable orders table to a CSV in Google Drive.'), {
      field: 'cronExpression',
      expression: '0 23 31 12 *',
    });
    const payroll = ruleOf('On the 1st and 15th of each month, post a payroll reminder to Slack #hr.');
    assert.deepEqual(payroll, { field: 'cronExpression', expression: '0 9 1,15 * *' });
    assert.equal(scheduleText(payroll!), 'on the 1st and 15th of every month at 09:00');
  });

  it('reads the day of "the 15th of every month"', () => {
    assert.deepEqual(ruleOf('On the 15th of every month, send the open invoices from QuickBooks to Slack #finance.'), {
      field: 'months',
      monthsInterval: 1,
      triggerAtDayOfMonth: 15,
      triggerAtHour: 9,
    });
  });

  it('runs on the weekday and keeps the week of the month asked for', () => {
    const first = readRequest(
      "On the first Monday of each month, post the month's birthdays from our Airtable staff table to Slack #general.",
    );
    assert.deepEqual(first.trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [1], triggerAtHour: 9 },
    });
    const keep = first.steps[0];
    assert.ok(keep?.kind === 'filter');
    const left = (conditions(keep.condition, 'x').conditions as Array<{ leftValue: string }>)[0]!.leftValue;
    assert.equal(left, '={{ $now.day <= 7 }}');
    // Nothing of the schedule phrase is left over as a step nobody asked for.
    assert.deepEqual(first.unmapped ?? [], []);

    const last = readRequest('Every last Friday of the month at 4pm, email the Harvest hours report to boss@acme.com.');
    assert.deepEqual(last.trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [5], triggerAtHour: 16 },
    });
    assert.ok(last.steps[0]?.kind === 'filter');
    const lastLeft = (conditions(last.steps[0].condition, 'x').conditions as Array<{ leftValue: string }>)[0]!
      .leftValue;
    assert.equal(lastLeft, '={{ $now.plus({ days: 7 }).month !== $now.month }}');
  });

  it('reads fortnights, "every 2 weeks", "twice a week" and half hours', () => {
    assert.deepEqual(ruleOf('Every 2 weeks on Friday, send the sprint summary from Jira to Slack #team.'), {
      field: 'weeks',
      weeksInterval: 2,
      triggerAtDay: [5],
      triggerAtHour: 9,
    });
    assert.deepEqual(ruleOf('Fortnightly, email the Mailchimp campaign stats to marketing@acme.com.'), {
      field: 'weeks',
      weeksInterval: 2,
      triggerAtDay: [1],
      triggerAtHour: 9,
    });
    assert.deepEqual(ruleOf('Twice a week, back up the Notion database to Google Drive.'), {
      field: 'weeks',
      weeksInterval: 1,
      triggerAtDay: [1, 4],
      triggerAtHour: 9,
    });
    assert.deepEqual(ruleOf('Every half hour, check our API status endpoint and alert Slack #ops if it is down.'), {
      field: 'minutes',
      minutesInterval: 30,
    });
  });

  it('does not take a price plan or a date in the data for a schedule', () => {
    assert.notEqual(
      readRequest('When a customer buys a yearly subscription in Stripe, add them to the VIP list in Mailchimp.')
        .trigger.kind,
      'schedule',
    );
  });
});
