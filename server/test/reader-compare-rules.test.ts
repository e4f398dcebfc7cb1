// Two lists compared (what one has and the other lacks, where they differ), rules written as "test: what happens"
// lines, and requests written as user stories. Each test pins what the reader makes of one way of saying it, and what
// it must not make of it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { ruleLines } from '../src/workflows/intent/ruleLines.ts';
import { userStory } from '../src/workflows/intent/story.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';

/** The top-level steps in short: "app:verb", "compare(key,keep)[a|b]", "filter", "if", "switch". */
function outline(steps: Step[]): string[] {
  return steps.map((s) => {
    if (s.kind === 'app') return `${s.app}:${s.verb}`;
    if (s.kind === 'parallel')
      return `${s.compare ? `compare(${s.compare.key},${s.compare.keep})` : 'merge'}[${s.branches
        .map((b) => b.map((x) => (x.kind === 'app' ? `${x.app}:${x.verb}` : x.kind)).join('+'))
        .join('|')}]`;
    return s.kind;
  });
}

describe('the reader compares two lists', () => {
  it('keeps what the second list has and the first lacks ("the users … who are not in HR")', () => {
    const spec = readRequest(
      'Every Monday pull all staff from Personio and all accounts from Okta, then email IT a list of Okta accounts that are not in Personio anymore.',
    );
    assert.deepEqual(outline(spec.steps).slice(0, 1), ['compare(email,a)[okta:read|http]']);
  });

  it('keeps what the first list has when the second lacks it ("signed up but did not attend")', () => {
    const spec = readRequest(
      'I have two spreadsheets, one with everyone who signed up for the webinar and one with who attended. Email the people who signed up but did not attend the recording link.',
    );
    assert.deepEqual(outline(spec.steps), ['compare(email,a)[googleSheets:read|googleSheets:read]', 'emailSend:send']);
  });

  it('matches on the key the request names and keeps the items that differ', () => {
    const spec = readRequest(
      'Every night compare the products in our Shopify store with the price list in Airtable by SKU and post the ones where the prices differ to #pricing on Slack.',
    );
    const compare = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(compare?.kind === 'parallel', JSON.stringify(spec.steps));
    assert.deepEqual(compare.compare, { key: 'sku', keep: 'different' });
    assert.ok(all(spec).some((s) => s.kind === 'app' && s.app === 'slack' && s.verb === 'send'));
    // The comparison is the test: no Filter is made of "where the prices differ".
    assert.ok(!all(spec).some((s) => s.kind === 'filter' || s.kind === 'if'));
  });

  it('compares "it", the file said before, in its own branch with its content extracted', () => {
    const spec = readRequest(
      'Our wholesaler uploads a CSV of stock levels to their SFTP server every night. Compare it with the inventory in our WooCommerce store and email me the products that are missing from WooCommerce.',
    );
    const compare = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(compare?.kind === 'parallel' && compare.compare, JSON.stringify(spec.steps));
    assert.equal(compare.compare.keep, 'a');
    assert.deepEqual(
      compare.branches.map((b) => b.map((x) => (x.kind === 'app' ? `${x.app}:${x.verb}` : x.kind))),
      [['ftp:read', 'extract'], ['wooCommerce:read']],
    );
  });

  it('joins two sources without comparing when the request only puts them together', () => {
    const spec = readRequest(
      'We keep leads in two spreadsheets, one from the website and one from events. Combine them and add everyone to Pipedrive.',
    );
    const merge = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(merge?.kind === 'parallel' && merge.merge && !merge.compare, JSON.stringify(spec.steps));
  });

  it('leaves branches made for other reasons alone ("a different tone for each")', () => {
    const spec = readRequest(
      'When a post is published in WordPress, write a caption with OpenAI in a different tone for LinkedIn and for Facebook and post both.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'parallel' && s.compare), JSON.stringify(spec.steps));
  });
});

describe('the reader reads rules written as "test: what happens" lines', () => {
  it('rewrites a block of rule lines as tests, and drops an outcome of nothing', () => {
    assert.equal(
      ruleLines(
        [
          'Rules:',
          '- Rating above 4: post it to #wins.',
          '- Rating 3 or less: create a Zendesk ticket.',
          '- Anything else: ignore.',
          '- Slack: the #support channel',
        ].join('\n'),
      ),
      [
        'Rules:',
        '- If rating above 4, post it to #wins.',
        '- If rating 3 or less, create a Zendesk ticket.',
        '- Slack: the #support channel',
      ].join('\n'),
    );
    // A lone line, and labels such as "Step 1:" or "day 3:", stay as written.
    assert.equal(ruleLines('- Priority high: page the on-call engineer'), '- Priority high: page the on-call engineer');
    assert.equal(
      ruleLines('1. day 3: tips email\n2. day 7: check-in email'),
      '1. day 3: tips email\n2. day 7: check-in email',
    );
  });

  it('makes lines that move a card to three lists three routes of one Switch', () => {
    const spec = readRequest(
      [
        'When a card moves in our Trello board:',
        '- Moved to "Booked": email the client a confirmation.',
        '- Moved to "Cancelled": email the client a cancellation note.',
        '- Moved to "On hold": text the client.',
        '- Moved anywhere else: do nothing.',
      ].join('\n'),
    );
    const route = all(spec).find((s) => s.kind === 'switch');
    assert.ok(route?.kind === 'switch', JSON.stringify(spec.steps));
    // Switch rules compare without case, as n8n is told to.
    assert.deepEqual(
      route.routes.map((r) => r.name.toLowerCase()),
      ['booked', 'cancelled', 'on hold'],
    );
    assert.deepEqual(
      route.routes.map((r) => r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))),
      [['emailSend'], ['emailSend'], ['twilio']],
    );
    assert.equal(route.fallback, null);
  });
});

describe('the reader reads a user story', () => {
  it('drops the role, the purpose, the headings and what is out of scope', () => {
    assert.equal(
      userStory(
        [
          'As a shop manager, I want low stock reported every morning so that we never run out.',
          'Acceptance criteria:',
          'Given the daily stock export',
          'Then items under 5 units are posted to Slack',
          'Out of scope:',
          '- ordering from suppliers',
        ].join('\n'),
      ),
      [
        'I want low stock reported every morning.',
        '',
        'When the daily stock export',
        'items under 5 units are posted to Slack',
      ].join('\n'),
    );
  });

  it('reads "Given it is every 5 minutes" as the schedule and "customers … to receive an email" as mail sent', () => {
    const watched = readRequest(
      [
        'As an ops lead I want our API watched.',
        'Given it is every 5 minutes',
        'When https://api.example.com/health does not return HTTP 200',
        'Then a message is posted in #ops on Slack.',
      ].join('\n'),
    );
    assert.deepEqual(watched.trigger, { kind: 'schedule', rule: { field: 'minutes', minutesInterval: 5 } });
    const reminded = readRequest(
      'As a bookkeeper I want clients whose Xero invoices are overdue to receive a reminder email every Monday morning, so that I stop chasing them.',
    );
    assert.equal(reminded.trigger.kind, 'schedule');
    assert.ok(all(reminded).some((s) => s.kind === 'app' && s.app === 'emailSend' && s.verb === 'send'));
  });

  it('starts from the form a story submits, even when the form asks for an email address', () => {
    const spec = readRequest(
      [
        'As an office manager I want visitors registered without paper.',
        'Acceptance criteria:',
        '1. The visitor fills in a form with name, email and host.',
        '2. The host receives an email saying the visitor has arrived.',
      ].join('\n'),
    );
    assert.equal(spec.trigger.kind, 'form');
    assert.ok(all(spec).some((s) => s.kind === 'app' && s.app === 'emailSend' && s.verb === 'send'));
  });
});
