// The reader on requests written by people who never say "AI", "trigger" or "node": work only a model can do, mail
// and texts that arrive or go out, routes by what a message is about, and the plain words that used to be read as
// something else ("Simple one", "for our website", "get a message in Slack", "1,000,000").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Step, WorkflowSpec } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';

const kinds = (steps: Step[]) =>
  steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind === 'ai' ? `ai:${s.task}` : s.kind));
const aiOf = (spec: WorkflowSpec) => all(spec).filter((s) => s.kind === 'ai');

describe('the reader adds the model step a job needs when the request does not say "AI"', () => {
  it('writes a summary of what an item is about before the posts that carry it', () => {
    const spec = readRequest(
      'When a new video is published on our YouTube channel, share it in our Telegram group with a short three-sentence summary of what it covers.',
    );
    assert.deepEqual(kinds(spec.steps), ['ai:summarise', 'telegram:send']);
    assert.ok(
      spec.choices.some((c) => c.said === 'AI'),
      'the reply names the model it chose',
    );
  });

  it('reads fields out of free text after the file is extracted and before the test that uses them', () => {
    const spec = readRequest(
      "Vendors email PDF invoices to our billing inbox. Pull out the vendor, total and due date. If it's over $5,000 send it to me on Slack, otherwise add it to Xero.",
    );
    const top = kinds(spec.steps);
    assert.ok(top.includes('ai:extract'), top.join(' '));
    const branch = top.findIndex((k) => k === 'if' || k === 'filter');
    assert.ok(top.indexOf('extract') < top.indexOf('ai:extract') && top.indexOf('ai:extract') < branch, top.join(' '));
  });

  it('drafts what the request wants written for the user ("captions written for me")', () => {
    const spec = readRequest(
      'Every Monday take the new products from our Airtable and post them on Instagram with a fun caption written for me.',
    );
    assert.deepEqual(
      aiOf(spec).map((s) => s.kind === 'ai' && s.task),
      ['write'],
    );
  });

  it('makes a quiz from a document with a model', () => {
    const spec = readRequest(
      'Every Friday, take this week’s notes from Google Docs and make a 5-question quiz from them, saved as a new Google Doc.',
    );
    assert.deepEqual(kinds(spec.steps), ['googleDocs:read', 'ai:write', 'googleDocs:create']);
  });

  it('adds no model for a daily summary that is a list, nor when the request already has a model step', () => {
    assert.deepEqual(aiOf(readRequest('Every evening email me a summary of the new Shopify orders.')), []);
    const spec = readRequest('When a ticket arrives in Zendesk, summarise it with Claude and post it to Slack.');
    assert.equal(aiOf(spec).length, 1);
  });
});

describe('the reader routes messages by what they are about with a classifier', () => {
  it('turns "X questions go to A, Y to B" about incoming mail into a Text Classifier with those routes', () => {
    const spec = readRequest(
      'Our hello@ Gmail gets everything. Press questions should go to Maria, job applications to Tom, and partnership offers should be added to HubSpot as a company.',
    );
    assert.equal(spec.trigger.kind, 'email');
    const classifier = spec.steps.find((s) => s.kind === 'ai');
    assert.ok(classifier?.kind === 'ai' && classifier.task === 'classify');
    assert.ok((classifier.routes?.length ?? 0) >= 3, JSON.stringify(classifier.routes?.map((r) => r.name)));
    assert.ok(!all(spec).some((s) => s.kind === 'switch'));
  });

  it('keeps a Switch on a field the request names for items that are not messages', () => {
    const spec = readRequest(
      'When a Jira issue is created, route it by priority: Highest goes to #incidents on Slack, Low goes to the backlog sheet in Google Sheets.',
    );
    assert.ok(!aiOf(spec).length);
  });
});

describe('the reader reads texts and mail in everyday words', () => {
  it('sends an SMS for "a happy birthday text" and "could it text the people on our list"', () => {
    const birthday = readRequest(
      'Birthdays are in our Google Sheet. Each morning, send a happy birthday text to whoever has a birthday.',
    );
    assert.ok(kinds(birthday.steps).includes('twilio:send'), kinds(birthday.steps).join(' '));
    const waitlist = readRequest(
      'When a class is cancelled in Acuity, could it text the people on our waitlist spreadsheet about the free spot?',
    );
    assert.ok(kinds(all(waitlist)).includes('twilio:send'), kinds(all(waitlist)).join(' '));
  });

  it('does not send an SMS for the text of a message', () => {
    const spec = readRequest("When a Slack message's text contains 'invoice', save it to Google Sheets.");
    assert.ok(!kinds(all(spec)).includes('twilio:send'));
  });

  it('starts from new mail when the request says what a mailbox gets', () => {
    const spec = readRequest(
      'I get so many customer emails in my Outlook. Forward the refund requests to accounts@shop.com.',
    );
    assert.deepEqual(spec.trigger, { kind: 'email', provider: 'outlook' });
    assert.ok(!kinds(spec.steps).includes('microsoftOutlook:read'), 'the trigger reads the mailbox');
  });

  it('sends a message someone "wants to get" instead of reading one', () => {
    const spec = readRequest('Every day at 9 I want to get a message in Slack with the weather forecast for Oslo.');
    assert.deepEqual(kinds(spec.steps), ['openWeatherMap:read', 'slack:send']);
  });
});

describe('the reader leaves plain words plain', () => {
  it('reads "Simple one" as no vector store and "a chatbot for our website" as no page to fetch', () => {
    const spec = readRequest('Build a chatbot for our website that answers questions about opening hours. Simple one.');
    assert.equal(spec.trigger.kind, 'chat');
    assert.ok(!all(spec).some((s) => s.kind === 'http'));
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.app.startsWith('vectorStore')));
  });

  it('still fetches a page the request asks to check on its own website', () => {
    const spec = readRequest('Check the prices on our website every hour and alert me in Slack.');
    assert.ok(all(spec).some((s) => s.kind === 'http' && s.method === 'GET'));
  });

  it('reads thousands separators and "a hundred" as numbers', () => {
    const big = readRequest('When a Stripe payment over 1,000,000 comes in, alert the CFO by email.');
    const filter = all(big).find((s) => s.kind === 'filter');
    assert.ok(filter?.kind === 'filter');
    assert.equal(filter.condition.value, 1000000);
    assert.ok(!all(big).some((s) => s.kind === 'http'), 'the CFO is a person, not a system to call');
    const spoken = readRequest(
      'when a shopify order is paid and the total was over a hundred dollars send a thank you email with a discount code',
    );
    const test = all(spoken).find((s) => s.kind === 'filter' || s.kind === 'if');
    assert.ok(test?.kind === 'filter' || test?.kind === 'if');
    assert.equal(test.condition.value, 100);
  });

  it('waits the time said with a hedge ("wait like seven days")', () => {
    const spec = readRequest(
      'when an order in shopify gets marked as fulfilled wait like seven days and then send them an email asking for a review',
    );
    const top = kinds(spec.steps);
    assert.ok(top.indexOf('wait') >= 0 && top.indexOf('wait') < top.indexOf('emailSend:send'), top.join(' '));
    const wait = spec.steps.find((s) => s.kind === 'wait');
    assert.deepEqual(wait?.kind === 'wait' && [wait.amount, wait.unit], [7, 'days']);
  });

  it('changes the items where they were last put when an outcome names no app ("tag them as …")', () => {
    const spec = readRequest(
      'When someone subscribes in Mailchimp, add them to Airtable and if they came from the webinar tag them as webinar lead otherwise tag them general',
    );
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual([kinds(branch.then), kinds(branch.otherwise)], [['airtable:update'], ['airtable:update']]);
  });
});
