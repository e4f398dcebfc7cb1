// Whether an app holds the item is known by looking it up there ("if the contact already exists in HubSpot"), and
// the item made before that test is made only when none was found; requests written as tickets with acceptance
// criteria, as a client's story, or by people writing English as a second language.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, branchOf, kinds } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));
const outline = (steps: Step[]): string[] =>
  steps.map((s) =>
    s.kind === 'app'
      ? `${s.app}:${s.verb}${s.noun ? `:${s.noun}` : ''}`
      : s.kind === 'if'
        ? `if ${s.condition.field} ${s.condition.operator}`
        : s.kind,
  );

const SENTRY_TO_JIRA =
  'Every 15 minutes, pull new unresolved issues from the web-frontend project in Sentry. Create a Bug in Jira project WEB with the error title, culprit, event count and Sentry link. If an open Jira bug already exists for the same Sentry issue ID, add a comment to it instead of creating a duplicate.';

describe('a test of whether an app holds the item', () => {
  it('looks the item up in that app first, and tests whether the lookup found one', () => {
    const spec = readRequest(
      'When a Typeform is submitted, if the contact already exists in HubSpot, update it; otherwise create it.',
    );
    assert.deepEqual(outline(spec.steps), ['hubspot:search:contact', 'if id exists']);
    const branch = branchOf(spec);
    assert.deepEqual(apps(branch.then), ['hubspot:update']);
    assert.deepEqual(apps(branch.otherwise), ['hubspot:create']);
  });

  it('makes the item said before the test only when the lookup found none', () => {
    const spec = readRequest(SENTRY_TO_JIRA);
    assert.deepEqual(outline(spec.steps), ['sentryIo:read:issue', 'jira:search:issue', 'if id exists']);
    const branch = branchOf(spec);
    assert.deepEqual(apps(branch.then), ['jira:create'], 'the comment goes on the Jira issue found');
    assert.deepEqual(outline(branch.otherwise), ['jira:create:issue']);
  });

  it('reads "if there\'s already a <item> …, don\'t add another" after the create as that lookup', () => {
    const spec = readRequest(
      "Every hour pull new Stripe charges and add a row to Airtable for each. If there's already an Airtable record with that charge ID, don't add another.",
    );
    assert.deepEqual(outline(spec.steps), [
      'stripe:read:charge',
      'airtable:search:record',
      'filter',
      'airtable:create:row',
    ]);
  });

  it('keeps one create when the other outcome says it again', () => {
    const spec = readRequest(
      'Sync new HubSpot contacts into a Baserow table. If the contact already exists in Baserow update the row, otherwise create a new one.',
    );
    assert.deepEqual(apps(all(spec)), ['baserow:search', 'baserow:update', 'baserow:create']);
  });

  it('does not look up again what an app named as the one looking has just read', () => {
    const spec = readRequest(
      'Every morning read the invoice PDFs from Drive and extract the totals with Mindee. If Mindee cannot find a total, email me.',
    );
    assert.ok(!apps(all(spec)).includes('mindee:search'), JSON.stringify(apps(all(spec))));
  });

  it('builds the lookup so that it passes on an item when it finds none, and names the test by the app', async () => {
    const workflow = await validBuild(pool, SENTRY_TO_JIRA);
    const search = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.jira' && n.parameters.operation === 'getAll');
    assert.ok(search, 'a Jira search');
    assert.equal(search.alwaysOutputData, true);
    const test = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.if');
    assert.equal(test?.name, 'Found in Jira Software?');
    const [found, none] = workflow.connections[test!.name]!.main!;
    const nodeOf = (name: string | undefined) => workflow.nodes.find((n) => n.name === name);
    assert.equal(nodeOf(found?.[0]?.node)?.parameters.resource, 'issueComment');
    assert.equal(nodeOf(none?.[0]?.node)?.parameters.operation, 'create');
  });
});

describe('kinds of item and values an app names', () => {
  it('reads a kind of issue as the issue the tracker files, and an app link as no system to call', () => {
    const spec = readRequest(
      'Every hour, create a Bug in Jira project WEB with the error title, culprit, event count and Sentry link.',
    );
    assert.deepEqual(outline(spec.steps), ['jira:create:issue']);
  });

  it('reads the items read from a place inside the app, not the place', () => {
    const spec = readRequest('Every 15 minutes, pull new unresolved issues from the web-frontend project in Sentry.');
    assert.deepEqual(outline(spec.steps), ['sentryIo:read:issue']);
  });

  it('makes a task said with a capital in the app named, not in Google Tasks', () => {
    const spec = readRequest('Every hour, create a Task in Asana for each new row.');
    assert.deepEqual(apps(all(spec)), ['asana:create']);
  });

  it('starts from an app whose name is an everyday word when a new item of its own follows', async () => {
    const spec = readRequest('Copper new opportunity → create folder in Google Drive named like opportunity');
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'copper', event: 'created', item: 'opportunity' });
    const workflow = await validBuild(
      pool,
      'Copper new opportunity → create folder in Google Drive named like opportunity',
    );
    const trigger = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.copperTrigger');
    assert.equal(trigger?.parameters.resource, 'opportunity');
  });
});

describe('requests written as tickets and as a client’s story', () => {
  it('reads the acceptance criteria, not the story above them again', () => {
    const spec =
      readRequest(`As a support lead I want urgent Zendesk tickets to page whoever is on call so that P1 issues get a first response within 15 minutes.

Acceptance criteria:
- When a new Zendesk ticket is created with priority Urgent, create a PagerDuty incident with the ticket subject and a link to the ticket
- Post a note to the #support-queue channel in Microsoft Teams`);
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'zendesk');
    assert.ok(!apps(all(spec)).includes('zendesk:create'), JSON.stringify(apps(all(spec))));
    assert.deepEqual(
      apps(all(spec)).filter((a) => a !== 'zendesk:update'),
      ['pagerDuty:create', 'microsoftTeams:send'],
    );
  });

  it('keeps the story when only it says how the workflow starts or which app', () => {
    const endpoint = readRequest(`As a developer I want a webhook endpoint for our signup form.
AC:
- validates that email and name are present
- valid → insert into the MySQL leads table and respond 200`);
    assert.equal(endpoint.trigger.kind, 'webhook');
    const github = readRequest(`As an engineering manager I want new pull requests in our GitHub repo summarised by AI.

AC:
- Runs when a PR is opened in acme/web
- Posts the summary as a comment on the PR`);
    assert.equal(github.trigger.kind === 'app' && github.trigger.app, 'github');
  });

  it('reads an event said in a sentence that names a value and the verb it moves with, as no route', () => {
    const spec = readRequest(
      'When a candidate is moved in Workable, only moves to the "Hired" stage are processed. Create an employee in BambooHR.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'switch'), JSON.stringify(kinds(all(spec))));
    assert.ok(all(spec).some((s) => s.kind === 'filter'));
  });

  it('starts from the app the client uses when the event names an item it keeps', () => {
    const helpScout = readRequest(
      "My client is a meal-kit company using Help Scout. When a new conversation comes in, they'd like AI to judge the customer's sentiment, and anything angry flagged to the team lead in Twist.",
    );
    assert.equal(helpScout.trigger.kind === 'app' && helpScout.trigger.app, 'helpScout');
    assert.ok(!apps(all(helpScout)).some((a) => a.startsWith('microsoftTeams')), 'a team lead is a person');
    const shopify = readRequest(
      'My client sells candles on Shopify. When a new order comes in over $150 they want the customer added to Mailchimp.',
    );
    assert.equal(shopify.trigger.kind === 'app' && shopify.trigger.app, 'shopify');
  });
});

describe('short requests in second-language English', () => {
  it('reads "if not" followed by an action as the other outcome', () => {
    const spec = readRequest(
      'new order come in shopify -> if total bigger than 500 eur send me message in telegram, if not just put order in google sheet. danke',
    );
    const branch = branchOf(spec);
    assert.deepEqual(apps(branch.then), ['telegram:send']);
    assert.deepEqual(apps(branch.otherwise), ['googleSheets:create']);
    const late = readRequest('Every day check the invoices in QuickBooks; if not paid within 3 days email the client.');
    assert.ok(!all(late).some((s) => s.kind === 'if' && s.otherwise.length), 'a test of its own');
  });

  it('makes "API endpoint: GET …" a GET webhook that gives its answer back', async () => {
    const request =
      'Need small API endpoint: GET with customer id as query param, search in MongoDB collection customers and give back the customer json.';
    const spec = readRequest(request);
    assert.deepEqual(spec.trigger.kind === 'webhook' && spec.trigger.method, 'GET');
    assert.deepEqual(kinds(spec.steps), ['mongoDb:search', 'respond']);
    const workflow = await validBuild(pool, request);
    assert.equal(
      workflow.nodes.find((n) => n.type === 'n8n-nodes-base.webhook')?.parameters.responseMode,
      'responseNode',
    );
  });
});
