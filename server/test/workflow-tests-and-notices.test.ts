// Readings found by writing requests the way users do: a test read from the words around it ("Skip internal calls",
// "and it's negative", "If they picked 'Urgent'"), a message with no channel named ("let the customer know"), what is
// put into a chat's channel, an opening "If a Stripe payment fails", and a test with nothing on either side.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { opposite } from '../src/workflows/intent/lexicon.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import type { Condition } from '../src/workflows/spec.ts';
import { all, filters, kinds } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

/** Every test the spec makes: Filters and Ifs, with their joined tests. */
const tests = (request: string): Condition[] =>
  all(readRequest(request)).flatMap((s) =>
    s.kind === 'filter' || s.kind === 'if' ? [s.condition, ...(s.condition.more ?? [])] : [],
  );

describe('a test read from the words around it', () => {
  it('reads "in" as a negation only before an adjective', () => {
    for (const word of ['internal', 'invoice', 'inbound', 'income', 'install', 'intake', 'involved', 'incoming'])
      assert.equal(opposite(word), null, word);
    assert.equal(opposite('inactive'), 'active');
    assert.equal(opposite('incorrect'), 'correct');
    assert.equal(opposite('ineligible'), 'eligible');
    assert.equal(opposite('unpaid'), 'paid');
  });

  it('drops the items "Skip internal …" names by the prefix the request gives, and calls no system for it', () => {
    const spec = readRequest(
      'When a new call recording is added to our Dropbox folder, transcribe it and email the notes to me. Skip internal calls, their titles begin with INT.',
    );
    const said = tests(
      'When a new call recording is added to our Dropbox folder, transcribe it. Skip internal calls, their titles begin with INT.',
    );
    assert.ok(
      said.some((c) => c.operator === 'notStartsWith' && c.value === 'INT'),
      JSON.stringify(said),
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http'), JSON.stringify(kinds(all(spec))));
    assert.ok(!said.some((c) => /ternal/.test(c.field)));
  });

  it('sends nothing for the items "ignore …" or "skip …" drops', () => {
    for (const request of [
      'When an email arrives in Gmail, ignore internal emails and add the sender to HubSpot as a contact.',
      'When an email arrives in Gmail, skip messages from our own domain and add a HubSpot contact for everyone else.',
    ]) {
      const spec = readRequest(request);
      assert.ok(
        !all(spec).some((s) => s.kind === 'app' && s.verb === 'send'),
        `${request} ${JSON.stringify(kinds(all(spec)))}`,
      );
      assert.ok(!all(spec).some((s) => s.kind === 'switch'), request);
      assert.ok(
        all(spec).some((s) => s.kind === 'app' && s.app === 'hubspot' && s.verb === 'create'),
        request,
      );
      assert.ok(!tests(request).some((c) => c.value === 'skip'), request);
    }
  });

  it('reads the feeling of a message, not its text, as what "is negative" tests', () => {
    assert.equal(conditionOf('if the comment is negative')?.field, 'sentiment');
    assert.equal(conditionOf('if the email is urgent')?.field, 'priority');
    assert.equal(conditionOf('if a new post on mastodon is negative')?.field, 'sentiment');
  });

  it('judges a review before a test of how it feels, when the event brings it ("and it\'s negative")', () => {
    for (const request of [
      "When a new Trustpilot review comes in and it's negative, open a Freshdesk ticket.",
      'If a new review on Yelp is negative, open a Freshdesk ticket.',
    ]) {
      const steps = readRequest(request).steps;
      const test = steps.findIndex(
        (s) => s.kind === 'filter' && /(?:^|\.)sentiment$/.test(s.condition.field) && s.condition.value === 'negative',
      );
      assert.ok(test > 0, `${request} ${JSON.stringify(kinds(steps))}`);
      assert.equal(steps[test - 1]!.kind, 'ai', request);
      assert.deepEqual(kinds(steps.slice(test + 1)), ['freshdesk:create'], request);
    }
  });

  it('reads "and it is urgent" after the event as a test of the item', () => {
    const spec = readRequest('When a new Zendesk ticket comes in and it is urgent, text me.');
    assert.deepEqual(filters(spec.steps), [{ field: 'priority', operator: 'equals', value: 'urgent' }]);
  });

  it('judges no feeling of numbers ("negative amounts")', () => {
    const spec = readRequest(
      "Read the Kafka 'ledger' topic. Entries over 5,000 are posted in Slack, and negative amounts are written to the 'refunds' table in Postgres.",
    );
    assert.ok(!all(spec).some((s) => s.kind === 'ai'), JSON.stringify(kinds(all(spec))));
  });

  it('names the field of a picked option by the option, whatever its case ("If they picked \'Urgent\'")', () => {
    const said = tests(
      "Residents report repairs through our Jotform. Add a Trello card for each. If they picked 'Urgent' (flooding, no power), also text the caretaker via Twilio.",
    );
    assert.ok(
      said.some((c) => c.field === 'urgent'),
      JSON.stringify(said),
    );
    assert.ok(!said.some((c) => c.field === 'rgent'));
  });

  it('reads no "mentions" test out of a #mentions channel', () => {
    const said = tests('Every hour search Reddit for our brand and paste the links into our #mentions Slack channel.');
    assert.ok(!said.some((c) => c.operator === 'contains' && c.field === 'text'), JSON.stringify(said));
  });

  it('leaves out a test with nothing on either side, and keeps the one that does something', () => {
    const spec = readRequest(
      "Every morning look up in Stripe whether each open invoice is paid. If it's paid I don't need anything, if it's still unpaid email the customer a reminder.",
    );
    assert.ok(
      !all(spec).some((s) => s.kind === 'if' && !s.then.length && !s.otherwise.length),
      JSON.stringify(kinds(all(spec))),
    );
    assert.ok(all(spec).some((s) => s.kind === 'app' && s.verb === 'send'));
  });
});

describe('what is put into a chat channel', () => {
  it('posts what is pasted, put or added into a channel, and still makes a channel when asked', () => {
    for (const request of [
      'Every hour search Reddit for our brand and paste the links into our #mentions Slack channel.',
      'When a Typeform response comes in, put it in our #leads Slack channel.',
      'When a Typeform response comes in, add it to the #leads channel in Slack.',
    ]) {
      const slack = all(readRequest(request)).filter((s) => s.kind === 'app' && s.app === 'slack');
      assert.deepEqual(kinds(slack), ['slack:send'], request);
    }
    const made = all(readRequest('When a Typeform response comes in, create a new Slack channel for the client.'));
    assert.deepEqual(kinds(made), ['slack:create']);
  });

  it('reads no step out of what a person pastes into a form', () => {
    const spec = readRequest(
      'Outreach helper: I paste a prospect\'s website into an n8n form, AI writes a short opener, and it is saved to our Notion "Outreach" database.',
    );
    assert.equal(spec.trigger.kind, 'form');
    assert.ok(!all(spec).some((s) => s.kind === 'http' && s.method === 'POST'), JSON.stringify(kinds(all(spec))));
  });
});

describe('a message with no channel named', () => {
  it('starts from Stripe when the request opens with "If a Stripe payment fails"', () => {
    const spec = readRequest('If a Stripe payment fails, email the customer.');
    assert.ok(spec.trigger.kind === 'app' && spec.trigger.app === 'stripe', JSON.stringify(spec.trigger));
    assert.deepEqual(kinds(spec.steps), ['emailSend:send']);
  });

  it('e-mails the person "notify", "tell" or "let … know" names', () => {
    for (const request of [
      'When a Shopify order is cancelled, notify the warehouse.',
      'When a Shopify order is cancelled, let the warehouse know.',
      'When a Shopify order is cancelled, tell the customer.',
      'When a Shopify order is cancelled, send a short message to the warehouse.',
    ]) {
      const sent = all(readRequest(request)).filter((s) => s.kind === 'app' && s.verb === 'send');
      assert.deepEqual(kinds(sent), ['emailSend:send'], request);
      assert.ok(
        readRequest(request).choices.some((c) => /Send Email/.test(c.chose)),
        request,
      );
    }
  });

  it('tells through the channel the request already uses', () => {
    const spec = readRequest(
      'Staff ask for days off through a form and their manager approves them in Slack. If approved, add it to the team Google Calendar and let the employee know; if rejected, email the employee the reason.',
    );
    const branch = all(spec).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(kinds(branch.then), ['googleCalendar:create', 'slack:send']);
    assert.deepEqual(kinds(branch.otherwise), ['emailSend:send']);
  });

  it('sends nothing more where the channel is named later, the chat answers, or the message was said already', () => {
    const sends = (request: string) =>
      kinds(all(readRequest(request)).filter((s) => s.kind === 'app' && s.verb === 'send'));
    assert.deepEqual(sends('Remind me to stretch every hour between 9 and 5 on weekdays via Pushover'), [
      'pushover:send',
    ]);
    assert.deepEqual(
      sends(
        "Build a chat assistant for our store that looks up a customer's order in WooCommerce and tells them its status.",
      ),
      [],
    );
    assert.deepEqual(
      sends(
        'Remind me of anniversaries. Every morning check Google Contacts for anniversaries today and send me a message on Telegram.',
      ),
      ['telegram:send'],
    );
  });

  it('asks the person "ask them why" names by e-mail, with the survey the message links to', () => {
    const spec = readRequest(
      'When someone cancels their subscription in Chargebee, ask them why via a Typeform survey.',
    );
    assert.deepEqual(kinds(spec.steps), ['emailSend:send']);
  });

  it('keeps what a "skip" clause still asks for: the items seen before are dropped and kept where it says', () => {
    const spec = readRequest(
      "Every hour search Reddit for posts about our app. Skip posts we've seen before (keep the post IDs in the n8n data table 'seen_posts'), and post the rest to #social on Slack.",
    );
    const steps = kinds(all(spec));
    assert.ok(steps.includes('dedupe'), JSON.stringify(steps));
    assert.ok(steps.includes('dataTable:create'), JSON.stringify(steps));
  });

  it('builds a valid workflow for "notify the warehouse" instead of asking what should happen', async () => {
    const workflow = await validBuild(pool, 'When a Shopify order is cancelled, notify the warehouse.');
    const types = workflow.nodes.map((n) => n.type.split('.').pop()!);
    assert.ok(types.includes('shopifyTrigger'), JSON.stringify(types));
    assert.ok(types.includes('emailSend'), JSON.stringify(types));
  });
});

describe('a change to the items with no app named', () => {
  it('makes it where the items were just read: "mark the row as done", "delete any rows older than 60 days"', () => {
    const marked = readRequest(
      'Every weekday at 10, take one idea marked ready from our Notion database, have AI write a tweet from it, post it to X and mark the row as done.',
    );
    assert.deepEqual(kinds(marked.steps).slice(-2), ['twitter:send', 'notion:update']);
    const cleaned = readRequest('Once a week, clean up our Airtable table: delete any rows older than 60 days.');
    assert.deepEqual(kinds(cleaned.steps).slice(-2), ['filter', 'airtable:delete']);
  });

  it('makes nothing where the items go elsewhere, or the words are no change ("keep it simple")', () => {
    assert.deepEqual(
      kinds(readRequest('Every hour select new rows from MySQL table leads and insert them into Postgres.').steps),
      ['mySql:read', 'postgres:create'],
    );
    const exported = readRequest(
      'Nightly, export the orders table from Postgres to a CSV and upload it to S3. Keep it simple.',
    );
    assert.ok(!exported.steps.some((s) => s.kind === 'app' && s.app === 'postgres' && s.verb !== 'read'));
  });

  it("changes the trigger's item where it lives, not in the service that enriched it", () => {
    const spec = readRequest('When a new contact is added in HubSpot, look it up in Clearbit and update the contact.');
    assert.deepEqual(kinds(spec.steps), ['clearbit:read', 'hubspot:update']);
  });

  it('e-mails a team named by its name ("notify finance")', () => {
    const spec = readRequest('When a deal closes in Pipedrive, notify finance and create an invoice in Xero.');
    assert.deepEqual(kinds(spec.steps), ['emailSend:send', 'xero:create']);
  });
});

describe('the weather a test reads, and who a message with two objects goes to', () => {
  it('reads the weather before a test of it and tests the sky OpenWeatherMap reports', () => {
    const spec = readRequest("Every evening at 6, if it's going to snow in Denver tomorrow, text me.");
    assert.deepEqual(kinds(spec.steps), ['openWeatherMap:read', 'filter', 'twilio:send']);
    assert.deepEqual(filters(spec.steps), [{ field: 'weather[0].main', operator: 'contains', value: 'Snow' }]);
    assert.ok(spec.choices.some((c) => /OpenWeatherMap/.test(c.chose)));
    assert.deepEqual(spec.steps[0]!.kind === 'app' && spec.steps[0]!.hints, { location: 'Denver' });
  });

  it('builds the weather test as a path into the list OpenWeatherMap answers with, for the city said', async () => {
    const workflow = await validBuild(pool, "Every evening at 6, if it's going to snow in Denver tomorrow, text me.");
    const weather = workflow.nodes.find((n) => n.type.endsWith('.openWeatherMap'));
    assert.equal(weather?.parameters.cityName, 'Denver');
    const filter = workflow.nodes.find((n) => n.type.endsWith('.filter'));
    assert.match(JSON.stringify(filter?.parameters), /\{\{ \$json\.weather\[0\]\.main \}\}/);
  });

  it('reads no weather for a form that only has a weather field', () => {
    const spec = readRequest(
      'Our crew fills a site report form (site, weather, issues). Save it to Google Drive, and if the issues field is not empty text the PM.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.app === 'openWeatherMap'), JSON.stringify(kinds(all(spec))));
  });

  it('sends "the customer the tracking link" by e-mail, and "… by text" as a text message', () => {
    const mailed = readRequest('When a Shopify order ships, send the customer the tracking link.');
    assert.deepEqual(kinds(mailed.steps), ['emailSend:send']);
    const texted = readRequest(
      'After each class booked in Google Calendar ends, wait an hour and send the student a feedback link by text.',
    );
    assert.deepEqual(kinds(texted.steps), ['wait', 'twilio:send']);
  });
});
