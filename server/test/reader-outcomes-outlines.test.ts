// Outcomes and outlines as outside writers said them: "if they haven't paid after 7 days" waits, then tests; "update
// it if it exists, or create a new one if it doesn't" and "and if they didn't …" are the If's two outcomes; "log the
// shorter ones … instead" is the other side of a comparison; an outline's "3a. undergraduate → …" lines, "60 or
// more" and channel names ("SMS → …") are routes; a spreadsheet's new rows and changes start from Google Sheets; a
// webhook's field list is no e-mail; a chat window is n8n's chat; a Slack message the request never identifies is
// sent, never edited.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { all, kinds, branchOf } from './readerSteps.ts';

describe('the reader on outcomes and outlines', () => {
  it('waits before testing what should have happened by then', () => {
    const spec = readRequest("Email the client the invoice. If they haven't paid after 7 days, send a reminder.");
    assert.deepEqual(kinds(spec.steps), ['emailSend:send', 'wait', 'filter', 'emailSend:send']);
    assert.deepEqual(spec.steps[1], { kind: 'wait', amount: 7, unit: 'days' });
    const test = spec.steps[2];
    assert.ok(test?.kind === 'filter');
    assert.deepEqual(test.condition, { field: 'paid', operator: 'isFalse', value: false });
    const quiet = readRequest(
      'When a new supplier fills in our registration form, email them the list of documents we need. If nothing has come back after 5 days, send them a reminder.',
    );
    assert.deepEqual(kinds(quiet.steps), ['emailSend:send', 'wait', 'filter', 'emailSend:send']);
  });

  it('reads a condition said after its action, and the other outcome said before "if it doesn\'t"', () => {
    const spec = readRequest(
      "look up the email in HubSpot - update the contact if it exists, or create a new one if it doesn't",
    );
    const b = branchOf(spec);
    assert.equal(b.condition.operator, 'exists');
    assert.deepEqual([kinds(b.then), kinds(b.otherwise)], [['hubspot:update'], ['hubspot:create']]);
    const typeform = readRequest(
      "When someone fills in our Typeform signup form: if the person ticked the newsletter box they should go into our Mailchimp audience, and if they didn't they should only be added to our Airtable contacts table.",
    );
    const t = branchOf(typeform);
    assert.deepEqual(t.condition, { field: 'newsletter', operator: 'isTrue', value: true });
    assert.deepEqual(kinds(t.otherwise), ['airtable:create']);
  });

  it('reads the items on the other side of a comparison as the other outcome', () => {
    const spec = readRequest(
      'Post the runs to Slack when they are longer than 10 km, and log the shorter ones to a Google Sheet instead',
    );
    const b = branchOf(spec);
    assert.deepEqual([kinds(b.then), kinds(b.otherwise)], [['slack:send'], ['googleSheets:create']]);
  });

  it('routes an outline’s lettered lines, open ranges and channel names', () => {
    const scholarship = readRequest(
      "Scholarship applications\n1. Application comes in through our Formstack form\n2. Route by score:\n   2a. 60 or more → add to the 'Interview' list in Airtable\n   2b. 40–59 → add to the 'Waitlist' list in Airtable\n   2c. below 40 → send the decline email\n3. Tell the committee chair on Slack about every application",
    );
    const sw = all(scholarship).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => r.condition && [r.condition.operator, r.condition.value]),
      [
        ['gte', 60],
        ['between', '40..59'],
        ['lt', 40],
      ],
    );
    assert.ok(!sw.routes.some((r) => kinds(r.steps).includes('slack:send')), 'step 3 is no part of a route');
    const lab = readRequest(
      "Lab results\n1. Our lab system calls a webhook when a result is ready\n2. Look up the patient's preferred contact method in Postgres\n3. Depending on the preference:\n   3a. SMS → text them via Twilio\n   3b. email → send the same message by email\n   3c. phone → create a call-back task in ClickUp",
    );
    const by = all(lab).find((s) => s.kind === 'switch');
    assert.ok(by?.kind === 'switch');
    assert.deepEqual(
      by.routes.map((r) => [r.name, kinds(r.steps)]),
      [
        ['SMS', ['twilio:send']],
        ['email', ['emailSend:send']],
        ['phone', ['clickUp:create']],
      ],
    );
  });

  it('starts from a spreadsheet’s rows, a webhook that carries fields, and n8n’s chat window', () => {
    assert.deepEqual(
      readRequest('New approved leave in the Leave spreadsheet: add an all-day event to the team Outlook calendar')
        .trigger,
      { kind: 'app', app: 'googleSheets', event: 'created' },
    );
    assert.equal(
      readRequest('Our store sends a webhook when a cart is abandoned (email, items, cart link). Wait 1 hour.').trigger
        .kind,
      'webhook',
    );
    assert.deepEqual(
      readRequest("A chat bot in n8n's own chat window that looks up order status in our MySQL database").trigger,
      { kind: 'chat' },
    );
  });

  it('sends a mark on a Slack message it cannot identify, rather than editing one', () => {
    const spec = readRequest(
      'Every morning send the AE a renewal health summary in Slack. If CSAT is below 80%, mark it with a red flag.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.app === 'slack' && s.verb === 'update'));
  });
});
