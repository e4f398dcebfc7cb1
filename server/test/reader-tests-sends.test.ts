// Tests and messages as outside writers said them: "if they're interested" is a yes/no of its own (no "in-terested"),
// "if that number is zero" the number 0, a reply to an outreach e-mail arrives as e-mail, "tag @oncall in the
// message" changes which message is sent (never edits one), "send me a list … in BambooHR" reads BambooHR and mails
// the list, "a reply for the manager to edit" is no edit, "a CSV of X emailed to me" makes the file and mails it, and
// "24 hours before each Google Calendar appointment" reads the calendar every hour for the events a day ahead.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { all, kinds } from './readerSteps.ts';

describe('the reader on tests and messages said in passing', () => {
  it('reads a yes/no word as itself, and strips a negating prefix only where a word is left', () => {
    assert.deepEqual(conditionOf("if they're interested")?.field, 'interested');
    assert.equal(conditionOf("if they're interested")?.operator, 'isTrue');
    assert.equal(conditionOf('if they are not interested')?.operator, 'isFalse');
    assert.deepEqual(
      { field: conditionOf("if it's invalid")?.field, operator: conditionOf("if it's invalid")?.operator },
      { field: 'valid', operator: 'isFalse' },
    );
  });

  it('starts from e-mail when the request waits for a reply to its e-mail', () => {
    const spec = readRequest(
      "When a candidate replies to our outreach email, have the AI decide if they're interested and add them to Airtable",
    );
    assert.equal(spec.trigger.kind, 'email');
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.app === 'emailSend'), 'the e-mail is no message sent');
  });

  it('sends the message a mention changes on one branch and the plain one on the other, to the number 0', () => {
    const spec = readRequest(
      'Post the number of rows loaded to Slack #data-eng; if that number is zero, tag @oncall-data in the message.',
    );
    const branch = all(spec).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'number', operator: 'equals', value: 0 });
    assert.deepEqual(kinds(branch.then), ['slack:send']);
    assert.deepEqual(kinds(branch.otherwise), ['slack:send']);
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.verb === 'update'), 'no message is edited');
  });

  it('reads the app a list sent to "me" comes from, and mails it', () => {
    const spec = readRequest('Every month send me a list of people who have left in BambooHR');
    assert.deepEqual(kinds(spec.steps), ['bambooHr:read', 'emailSend:send']);
  });

  it('sends a reply made for someone to edit, and edits nothing', () => {
    const spec = readRequest(
      'When a Google review is rated 2 stars or lower, send it to Slack #patient-experience together with an AI-drafted reply for the manager to edit.',
    );
    assert.ok(kinds(all(spec)).includes('slack:send'), JSON.stringify(kinds(all(spec))));
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.verb === 'update'));
  });

  it('makes the file of "a CSV of … emailed to me" from the app named, then mails it', () => {
    const spec = readRequest('Weekly CSV of new HubSpot deals emailed to me on Monday mornings.');
    assert.equal(spec.trigger.kind, 'schedule');
    assert.deepEqual(kinds(spec.steps), ['hubspot:read', 'convert', 'emailSend:send']);
  });

  it('reminds people a number of hours before calendar events by reading the calendar every hour', () => {
    const spec = readRequest(
      'Send each client a Twilio SMS reminder 24 hours before their Google Calendar appointment',
    );
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'hours', hoursInterval: 1 } });
    assert.deepEqual(kinds(spec.steps), ['googleCalendar:read', 'filter', 'filter', 'twilio:send']);
    const [from, to] = spec.steps.filter((s) => s.kind === 'filter');
    assert.deepEqual(from?.kind === 'filter' && from.condition, {
      field: 'start.dateTime',
      operator: 'gte',
      value: '={{ $now.plus({ hours: 24 }).toISO() }}',
    });
    assert.deepEqual(to?.kind === 'filter' && to.condition, {
      field: 'start.dateTime',
      operator: 'lt',
      value: '={{ $now.plus({ hours: 25 }).toISO() }}',
    });
  });
});
