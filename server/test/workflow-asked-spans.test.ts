// A request asked as a question ("Is there a way to …?"), a path of ours something else calls ("our app calls POST
// /gdpr/delete with {…}"), how long ago a date was ("for more than 5 days", "3 or more days overdue") as a date test,
// routes by such spans ("Cards over 10 days …, cards between 5 and 10 days …"), and a change to the item the trigger
// reported or the items read, said without its app ("tag it as urgent", "should get a comment", "should be moved").
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { askedAsRequest } from '../src/workflows/intent/asked.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, branchOf, filters, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));
const ago = (unit: string, n: number) => `={{ $now.minus({ ${unit}: ${n} }).toISO() }}`;

describe('a request asked as a question', () => {
  const asked = [
    "Is there a way to check my Google Contacts every morning and send me an email when it's someone's birthday today?",
    "How can I check my Google Contacts every morning and send me an email when it's someone's birthday today?",
    "I was wondering if I could check my Google Contacts every morning and send me an email when it's someone's birthday today?",
    "Would it be possible to check my Google Contacts every morning and send me an email when it's someone's birthday today?",
  ];
  for (const request of asked)
    it(`reads "${request.slice(0, 40)}…" as the request it asks for`, () => {
      const spec = readRequest(`I keep forgetting birthdays. ${request}`);
      assert.equal(spec.trigger.kind, 'schedule');
      assert.deepEqual(apps(all(spec)), ['googleContacts:read', 'emailSend:send']);
      assert.deepEqual(
        filters(spec.steps).map((c) => c.field),
        ['birthday'],
      );
    });

  it('says the question as a request, and leaves other sentences as they are', () => {
    assert.equal(
      askedAsRequest('We use Airtable. Is it possible to have n8n post new records to Slack?'),
      'We use Airtable. Post new records to Slack.',
    );
    assert.equal(askedAsRequest('Can you post new records to Slack?'), 'Can you post new records to Slack?');
    assert.equal(askedAsRequest('Is there a node for ntfy?'), 'Is there a node for ntfy?');
  });
});

describe('a path of ours that something else calls', () => {
  it('starts from a webhook on the path the caller uses', () => {
    for (const [request, path] of [
      [
        'GDPR deletion flow: our app calls POST /gdpr/delete with {user_id, email}. Remove the email from our Mailchimp audience.',
        'gdpr/delete',
      ],
      ['Warehouse scanners POST to /scan with {sku, qty, location}. Update the stock level in Odoo.', 'scan'],
      [
        'Our mobile app sends feedback to POST /feedback {user_id, text, app_version}. Post it in #feedback on Slack.',
        'feedback',
      ],
    ] as const) {
      const trigger = readRequest(request).trigger;
      assert.equal(trigger.kind, 'webhook', request);
      assert.equal(trigger.kind === 'webhook' && trigger.path, path);
    }
  });

  it('leaves a call a step makes to the API it names', () => {
    const spec = readRequest(
      'Every 30 min pull new signups from GET /v1/signups?since={ts} and add every new signup to the Trial segment in Mautic.',
    );
    assert.equal(spec.trigger.kind, 'schedule');
  });
});

describe('how long ago a date was', () => {
  const test = (text: string) => {
    const c = conditionOf(text);
    return c && [c.field, c.operator, c.value];
  };

  it('reads a span with its date, not as a number', () => {
    assert.deepEqual(test('if the card has been in the list for more than 5 days'), [
      'updated_at',
      'lt',
      ago('days', 5),
    ]);
    assert.deepEqual(test("if they're less than 3 days overdue"), ['due_date', 'gt', ago('days', 3)]);
    assert.deepEqual(test("if they're 3 or more days overdue"), ['due_date', 'lte', ago('days', 3)]);
    assert.deepEqual(test('if the invoice is overdue by more than 30 days'), ['due_date', 'lt', ago('days', 30)]);
    assert.deepEqual(test("if 'escalated at' is more than 4 hours ago"), ['escalated', 'lt', ago('hours', 4)]);
    assert.deepEqual(test('if the last reply was over 2 days ago'), ['last_reply', 'lt', ago('days', 2)]);
  });

  it('leaves a duration that is no date, and a date ahead, as they were', () => {
    assert.deepEqual(test('if the delivery takes more than 5 days'), ['delivery_takes', 'gt', 5]);
    assert.deepEqual(test('if it expires within 7 days'), [
      'expiry_date',
      'lte',
      '={{ $now.plus({ days: 7 }).toISO() }}',
    ]);
  });

  it('gives the overdue tiers of a daily check both outcomes', () => {
    const spec = readRequest(
      "Each morning, check the 'Customer Requests' list in ClickUp. If a task is less than 3 days overdue, comment on the task tagging the assignee; if it's 3 or more days overdue, send me a Pushover notification.",
    );
    const b = branchOf(spec);
    assert.deepEqual([b.condition.field, b.condition.operator, b.condition.value], ['due_date', 'gt', ago('days', 3)]);
    assert.deepEqual(apps(b.then), ['clickUp:create']);
    assert.deepEqual(apps(b.otherwise), ['pushover:send']);
  });
});

describe('routes by how long ago', () => {
  it('routes the oldest first, each on its date, and changes the items read where they are', async () => {
    const request =
      'Every morning check our Trello board. Cards over 10 days should be moved to the Critical list, cards between 5 and 10 days get a comment, under 5 days nothing happens.';
    const sw = switchOf(readRequest(request));
    assert.equal(sw.field, 'updated_at');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.operator, r.condition?.value, r.condition?.more?.[0]?.value, apps(r.steps)]),
      [
        ['lt', ago('days', 10), undefined, ['trello:update']],
        ['lte', ago('days', 5), ago('days', 10), ['trello:create']],
      ],
    );
    assert.equal(sw.fallback, null);
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
    const route = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.switch');
    assert.match(JSON.stringify(route?.parameters), /"type":"dateTime"/);
  });

  it('tests the items held that long before the action said after them', () => {
    const spec = readRequest(
      "Our CS team tracks escalations as Trello cards. Any card sitting in the 'Waiting on Eng' list for more than 5 days should get a comment tagging the eng lead.",
    );
    // (Nothing else happens to the others: a Filter, then the comment.)
    assert.deepEqual(kinds(spec.steps), ['filter', 'trello:create']);
    assert.deepEqual(filters(spec.steps), [{ field: 'updated_at', operator: 'lt', value: ago('days', 5) }]);
  });
});

describe("a change to the trigger's item said without its app", () => {
  it('changes the item where the event happened', () => {
    assert.deepEqual(apps(readRequest('When a new Zendesk ticket arrives, tag it as urgent.').steps), [
      'zendesk:update',
    ]);
    assert.deepEqual(apps(readRequest('When a new Trello card is created, move it to the Doing list.').steps), [
      'trello:update',
    ]);
  });

  it('comments on it there, and still uses an app the clause names', () => {
    const spec = readRequest(
      'When a new issue is opened in GitHub, comment on it with a thank-you and add a comment in Jira.',
    );
    assert.deepEqual(apps(spec.steps), ['github:create', 'jira:create']);
    const comment = spec.steps[0];
    assert.ok(comment?.kind === 'app' && comment.noun === 'comment');
  });
});

describe('a call said by its method and path', () => {
  it('is an HTTP Request with that method, named by its path', async () => {
    const request =
      'Every 30 min pull new signups from GET /v1/signups. Add every new signup to the Trial segment in Mautic.';
    const http = readRequest(request).steps.find((s) => s.kind === 'http');
    assert.ok(http?.kind === 'http');
    assert.deepEqual([http.method, http.api], ['GET', 'GET /v1/signups']);
    const workflow = await validBuild(pool, request);
    const node = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.httpRequest');
    assert.equal(node?.parameters.method, 'GET');
  });
});

describe('the answer to a message that waits for approval', () => {
  it("tests the answer's approved flag, in the channel named", async () => {
    const workflow = await validBuild(
      pool,
      'When a form is submitted, post an approve/deny message to #approvals in Slack and wait for the answer. If approved, create a Jira ticket; if rejected, email the requester.',
    );
    const slack = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.slack');
    assert.equal(slack?.parameters.operation, 'sendAndWait');
    assert.equal(slack?.parameters.select, 'channel');
    const test = JSON.stringify(workflow.nodes.find((n) => n.type === 'n8n-nodes-base.if')?.parameters);
    assert.match(test, /"leftValue":"=\{\{ \$json\.data\.approved \}\}"/);
    assert.match(test, /"operator":\{"type":"boolean","operation":"true"/);
    assert.deepEqual(structuralProblems(workflow), []);
  });

  it('routes "approved ones …; rejected ones stay … and get …" on the answer', () => {
    const sw = switchOf(
      readRequest(
        'Every day, pull new reviews from Trustpilot and send each to the manager on Slack for approval. Approved replies get posted back to Trustpilot; rejected ones stay unanswered and get logged in Airtable.',
      ),
    );
    assert.deepEqual(
      sw.routes.map((r) => [r.name, kinds(r.steps)]),
      [
        ['approved', ['http']],
        ['rejected', ['airtable:create']],
      ],
    );
  });
});

describe('a tag added to an item, and an e-mail a model writes', () => {
  it('starts from the item updated, with only those that carry the tag', () => {
    const spec = readRequest("When I add the tag 'launch' to a product in Shopify, create a card in Trello.");
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'shopify', event: 'updated', item: 'product' });
    assert.deepEqual(filters(spec.steps), [{ field: 'tags', operator: 'contains', value: 'launch' }]);
  });

  it('does not send the e-mail a named model is asked to write', () => {
    const spec = readRequest(
      'When a product is created in Shopify, have GPT-4o write a launch email and create a Trello card with it.',
    );
    assert.deepEqual(kinds(spec.steps), ['ai', 'trello:create']);
  });
});

describe('a check the day before', () => {
  it('waits, then checks, then acts on what it did not find ("they\'ve" said out)', () => {
    const spec = readRequest(
      "When a customer books an onboarding session in Acuity Scheduling, email them the prep checklist. The day before the session, check our Google Sheet to see if they've submitted it; if not, text them a reminder via Twilio.",
    );
    assert.deepEqual(kinds(spec.steps), ['emailSend:send', 'wait', 'googleSheets:read', 'filter', 'twilio:send']);
    assert.deepEqual(filters(spec.steps), [{ field: 'submitted', operator: 'isFalse', value: false }]);
  });
});

describe('a ladder of how long something has waited', () => {
  it('routes each rung on the date, the longest wait first, changing the item where it is', () => {
    const sw = switchOf(
      readRequest(
        "Check our WooCommerce store every morning for orders stuck 'on hold' waiting for bank transfer. On hold for 2 days: email the customer a payment reminder. 5 days: cancel the order and email them that it was cancelled.",
      ),
    );
    assert.equal(sw.field, 'updated_at');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.operator, r.condition?.value, apps(r.steps)]),
      [
        ['lt', ago('days', 5), ['wooCommerce:update', 'emailSend:send']],
        ['lt', ago('days', 2), ['emailSend:send']],
      ],
    );
  });

  it('leaves a single timed label alone', () => {
    const spec = readRequest(
      'When a deal is won in Pipedrive, post it to Slack. In 3 days: email the customer a survey.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'switch'));
  });
});

describe('more ways a request is written', () => {
  it('reads "=>" as the arrow it means', () => {
    const spec = readRequest('hubspot deal moves to closed won => create a project in Asana');
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'hubspot', event: 'updated', item: 'deal' });
    assert.deepEqual(apps(all(spec)), ['asana:create']);
  });

  it("starts from a site builder's form the request names", () => {
    const spec = readRequest('Newsletter signups from the form on our Webflow site should be added to ConvertKit.');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'webflow');
  });

  it('makes no step of a sentence that only says which model to use', () => {
    const spec = readRequest(
      'When someone messages our Telegram bot, an AI agent should reply to them. Use a local Llama model via Ollama.',
    );
    assert.deepEqual(kinds(spec.steps), ['ai', 'telegram:send']);
  });
});

describe("one item's timeline said with timed labels", () => {
  it('waits between the steps when nothing is looked at again and again', () => {
    const spec = readRequest(
      'When someone subscribes in Mailchimp, send a welcome email. After 2 days: send the tips email. After 7 days: send the offer email.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'switch'), JSON.stringify(kinds(spec.steps)));
    assert.ok(spec.steps.some((s) => s.kind === 'wait'));
  });
});
