// Starts, values and names read from the ways outside writers said them: a reminder the evening before each
// appointment, a caller that POSTs every few minutes, a bound in degrees, a wish that is no test, a new row after an
// arrow, two-word values, a pull request with no host named, a chart, and the words that only look like a join.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import type { WorkflowSpec } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';

const apps = (spec: WorkflowSpec) => all(spec).flatMap((s) => (s.kind === 'app' ? [`${s.app}:${s.verb}`] : []));
const test = (text: string) => {
  const c = conditionOf(text);
  return c && { field: c.field, operator: c.operator, value: c.value };
};

describe('the reader starts the workflow where the request means', () => {
  it('reads the calendar every evening for "the evening before each appointment"', () => {
    const spec = readRequest(
      'The evening before each appointment in the practice Google Calendar, text the client a reminder with Twilio.',
    );
    assert.deepEqual(spec.trigger, {
      kind: 'schedule',
      rule: { field: 'days', daysInterval: 1, triggerAtHour: 18 },
    });
    assert.deepEqual(apps(spec), ['googleCalendar:read', 'twilio:send']);
    const filter = spec.steps.find((s) => s.kind === 'filter');
    assert.ok(filter?.kind === 'filter');
    assert.equal(filter.condition.field, 'start.dateTime');
    assert.match(String(filter.condition.value), /\$today\.plus\(1, "days"\)/);
  });

  it('starts from a webhook when devices POST to an endpoint every few minutes, and calls nothing itself', () => {
    const spec = readRequest(
      'Our freezer sensors POST the reading to an endpoint every 2 minutes. Above -15°C → send a Pushover alert to the night manager.',
    );
    assert.equal(spec.trigger.kind, 'webhook');
    assert.ok(!all(spec).some((s) => s.kind === 'http'), JSON.stringify(spec.steps));
    assert.deepEqual(
      spec.steps.flatMap((s) => (s.kind === 'filter' || s.kind === 'if' ? [s.condition] : [])),
      [{ field: 'temperature', operator: 'gt', value: -15 }],
    );
  });

  it('checks every hour for "no new orders in the last hour"', () => {
    const spec = readRequest(
      'Send me a Telegram alert if our Postgres orders table has no new orders in the last hour.',
    );
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'hours', hoursInterval: 1 } });
  });

  it('starts from the RSS feed for a new podcast episode, or a new post on a blog n8n can neither watch nor list', () => {
    for (const request of [
      'When a new episode of our podcast comes out, post the title to #episodes on Slack.',
      'Share every new Medium article I publish on LinkedIn.',
    ]) {
      const spec = readRequest(request);
      assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'rssFeedRead', request);
    }
    // A podcast's guest is no episode.
    const guest = readRequest('When a podcast guest books a slot through Calendly, create a Trello card for them.');
    assert.deepEqual(guest.trigger.kind === 'app' && guest.trigger.app, 'calendly');
  });

  it('reads the people first and keeps today’s anniversaries on a daily schedule', () => {
    const spec = readRequest(
      'Every morning post a message in #kudos on Slack for anyone in BambooHR who has a work anniversary today.',
    );
    assert.deepEqual(apps(spec), ['bambooHr:read', 'slack:send']);
    assert.deepEqual(spec.steps[1]?.kind === 'filter' && spec.steps[1].condition, {
      field: 'anniversary_date',
      operator: 'contains',
      value: '={{ $today.toFormat("MM-dd") }}',
    });
  });

  it('keeps the trigger’s messages that start with a marker ("that starts with POST:")', () => {
    const spec = readRequest(
      'When I post a message in our #drafts Slack channel that starts with TWEET:, tidy it up with AI and tweet it.',
    );
    assert.deepEqual(spec.steps[0]?.kind === 'filter' && spec.steps[0].condition, {
      field: 'text',
      operator: 'startsWith',
      value: 'tweet',
    });
  });

  it('reads "new row in my Grist doc" after an arrow as a row the step adds', () => {
    const spec = readRequest('typeform submission -> new row in my grist doc');
    assert.deepEqual(apps(spec), ['grist:create']);
  });

  it('takes a pull request with no code host named as GitHub’s, and comments on it', () => {
    const spec = readRequest(
      'On every new pull request, have an LLM review the diff and post the review as a comment on the PR.',
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'github');
    const comment = all(spec).find((s) => s.kind === 'app' && s.app === 'github');
    assert.ok(comment?.kind === 'app');
    assert.deepEqual([comment.verb, comment.noun], ['create', 'comment']);
    // With another host named, nothing is taken for GitHub.
    const gitlab = readRequest('When a merge request or PR is opened in GitLab, post it to #reviews on Slack.');
    assert.ok(!apps(gitlab).some((a) => a.startsWith('github')));
  });
});

describe('the reader reads values and wishes as people write them', () => {
  it('takes a two-word value whole where it ends the test, and skips the article or "in"', () => {
    assert.deepEqual(test('if the product is the Pro bundle, also add them to Discourse'), {
      field: 'product',
      operator: 'equals',
      value: 'Pro bundle',
    });
    assert.deepEqual(test("if the customer's billing country is in the EU, add a row"), {
      field: 'billing_country',
      operator: 'equals',
      value: 'EU',
    });
    assert.deepEqual(test('if the status is paid then email them'), {
      field: 'status',
      operator: 'equals',
      value: 'paid',
    });
    assert.deepEqual(test('if the status is "Needs info", email the customer'), {
      field: 'status',
      operator: 'equals',
      value: 'Needs info',
    });
    // "now" before "and" is the value, not an adverb.
    assert.deepEqual(test('only rows where the date is now and status is empty'), {
      field: 'date',
      operator: 'equals',
      value: 'now',
    });
  });

  it('reads "Bonus if it also posts to Slack" as a step, not a test', () => {
    const spec = readRequest(
      'Every morning get the new Shopify orders and email me a list. Bonus if it also posts to Slack.',
    );
    assert.ok(apps(spec).includes('slack:send'), apps(spec).join(' '));
    assert.ok(!all(spec).some((s) => s.kind === 'if' || s.kind === 'filter'), JSON.stringify(spec.steps));
  });

  it('draws one chart after the data it is made of', () => {
    const spec = readRequest(
      'Every Friday send me a bar chart of this week’s signups from our Airtable base by email.',
    );
    assert.deepEqual(apps(spec), ['airtable:read', 'quickChart:create', 'emailSend:send']);
  });

  it('does not join sources for "a matching receipt" or a PR "merged into main"', () => {
    const receipt = readRequest(
      'When a Stripe payment succeeds, create a matching sales receipt in Xero and add a row to our VAT Google Sheet.',
    );
    assert.ok(!all(receipt).some((s) => s.kind === 'parallel'), JSON.stringify(receipt.steps));
    const merged = readRequest(
      'When a GitHub PR gets merged into main, have GPT write a changelog line and append it to our Notion page.',
    );
    assert.ok(!all(merged).some((s) => s.kind === 'parallel'), JSON.stringify(merged.steps));
  });

  it('drops the steps "We sell on Shopify" made where Shopify is used later', () => {
    const spec = readRequest(
      'We sell on Shopify. Every night compare the Shopify inventory with the stock sheet in Google Sheets by SKU and post the SKUs that differ to Slack.',
    );
    assert.deepEqual(
      all(spec).flatMap((s) => (s.kind === 'app' && s.app === 'shopify' ? [s.verb] : [])),
      ['read'],
    );
  });

  it('has a model name the language: a Filter keeps "a language other than English", a classifier routes by it', () => {
    const other = readRequest(
      'When a new Zendesk ticket is written in a language other than English, translate it with DeepL and add the translation as a note.',
    );
    const extract = all(other).find((s) => s.kind === 'ai' && s.task === 'extract');
    assert.ok(extract?.kind === 'ai', JSON.stringify(other.steps));
    assert.deepEqual(extract.attributes, ['language']);
    assert.ok(
      all(other).some(
        (s) =>
          s.kind === 'filter' &&
          s.condition.field === 'output.language' &&
          s.condition.operator === 'notEquals' &&
          s.condition.value === 'English',
      ),
    );
    const routed = readRequest(
      'When our Typeform survey gets a response, detect what language the comment is written in: Spanish goes to #soporte on Slack, English to #support.',
    );
    const classifier = all(routed).find((s) => s.kind === 'ai' && s.task === 'classify');
    assert.ok(classifier?.kind === 'ai', JSON.stringify(routed.steps));
    assert.deepEqual(
      classifier.routes?.map((r) => r.name.toLowerCase()),
      ['spanish', 'english'],
    );
  });
});
