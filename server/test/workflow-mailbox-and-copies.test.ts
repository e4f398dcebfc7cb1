// Readings found by writing requests the way users do (fourth pass): a change made to the mail a trigger reported
// ("mark it as read"), tests said in passing (a country, a mail domain, "is high priority"), copies whose source is
// read ("back up our Airtable base to Dropbox"), a change on a schedule that lists the items first, an app n8n only
// has a trigger for used as a destination, and a report sent to a team.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { conditions } from '../src/workflows/coreNodes.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Condition, Step } from '../src/workflows/spec.ts';
import { all, kinds } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

/** Every test the spec makes: Filters and Ifs, with their joined tests. */
const tests = (request: string): Condition[] =>
  all(readRequest(request)).flatMap((s) =>
    s.kind === 'filter' || s.kind === 'if' ? [s.condition, ...(s.condition.more ?? [])] : [],
  );

const appSteps = (request: string) =>
  all(readRequest(request)).filter((s): s is Extract<Step, { kind: 'app' }> => s.kind === 'app');

describe('a change made to the mail the trigger reported', () => {
  it('marks a Gmail message as read after the steps that used it, by the trigger item’s id', async () => {
    const request =
      'When an email lands in our Gmail inbox, upload the attachment to Box and then mark the message as read.';
    const steps = appSteps(request);
    assert.deepEqual(
      steps.map((s) => `${s.app}:${s.verb}:${s.noun ?? ''}`),
      ['box:create:attachment', 'gmail:update:markAsRead'],
    );
    const workflow = await validBuild(pool, request);
    const marked = workflow.nodes.find((n) => n.parameters.operation === 'markAsRead');
    assert.ok(marked, JSON.stringify(workflow.nodes.map((n) => n.name)));
    assert.match(String(marked.parameters.messageId), /^=\{\{ \$\('Gmail Trigger'\)\.item\.json\.id \}\}$/);
    assert.ok(!workflow.nodes.some((n) => n.type.endsWith('.box') && n.parameters.operation !== 'upload'));
  });

  it('archives and labels in Gmail, and changes the message in Outlook', () => {
    assert.deepEqual(
      appSteps('When a new email arrives in Gmail, forward it to our #inbox Slack channel and archive it.').map(
        (s) => `${s.app}:${s.noun ?? s.verb}`,
      ),
      ['slack:send', 'gmail:removeLabels'],
    );
    assert.deepEqual(
      appSteps("When a new email arrives in Gmail, add the label 'Seen' to it.").map((s) => `${s.app}:${s.noun}`),
      ['gmail:addLabels'],
    );
    const outlook = appSteps('When a new email comes into Outlook, post it to Microsoft Teams and mark it as read.');
    assert.ok(
      outlook.some((s) => s.app === 'microsoftOutlook' && s.verb === 'update' && s.hints.triggerItem),
      JSON.stringify(outlook),
    );
  });

  it('leaves a change elsewhere to that place', () => {
    const steps = appSteps('When a new email arrives in Gmail, add the sender to HubSpot as a contact.');
    assert.ok(!steps.some((s) => s.app === 'gmail'), JSON.stringify(steps));
  });
});

describe('tests said in passing', () => {
  it('keeps the people of one country', () => {
    assert.deepEqual(tests('Add new Shopify customers based in Canada to our Mailchimp list.'), [
      { field: 'country', operator: 'equals', value: 'Canada' },
    ]);
    assert.deepEqual(tests('When a HubSpot contact is created, copy it to Pipedrive, but only the ones from the US.'), [
      { field: 'country', operator: 'equals', value: 'US' },
    ]);
    assert.ok(
      !tests('Every day, get the orders from the US store in Shopify and post them to Slack.').some(
        (c) => c.field === 'country',
      ),
    );
  });

  it('reads "with a yahoo address" as the mail domain, not as a step in a mail app', () => {
    const request =
      'When someone joins our Mailchimp list, add them to Salesforce, but only those with a yahoo address.';
    assert.deepEqual(tests(request), [{ field: 'email', operator: 'contains', value: '@yahoo.' }]);
    const gmail = 'When someone joins our Mailchimp list, add them to Salesforce, but only those with a Gmail address.';
    assert.ok(!appSteps(gmail).some((s) => s.app === 'gmail'), JSON.stringify(appSteps(gmail)));
  });

  it('reads the priority the event’s item has, and keeps both outcomes of an opening "If"', () => {
    const spec = readRequest(
      'If a Freshdesk ticket is urgent, reassign it to the on-call agent and ping #support on Slack; otherwise just tag it.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'freshdesk', event: 'created', item: 'ticket' });
    const branch = all(spec).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(kinds(all(spec))));
    assert.deepEqual(branch.condition, { field: 'priority', operator: 'equals', value: 'urgent' });
    assert.ok(branch.then.length && branch.otherwise.length);
    assert.deepEqual(tests('When a new Jira issue has critical severity, create a PagerDuty incident.'), [
      { field: 'severity', operator: 'equals', value: 'critical' },
    ]);
    // (A word in the subject is the subject's.)
    assert.deepEqual(tests('When I get an email with URGENT in the subject, send me a Pushover notification.'), [
      { field: 'subject', operator: 'contains', value: 'urgent' },
    ]);
  });

  it('keeps every word of a quoted label, and lists GitHub issues through the repository', async () => {
    assert.deepEqual(tests("Every morning, get the GitHub issues labelled 'needs triage' and post them to Slack."), [
      { field: 'labels', operator: 'contains', value: 'needs triage' },
    ]);
    const workflow = await validBuild(
      pool,
      "Every morning, get the GitHub issues labelled 'needs triage' and post them to Slack.",
    );
    const github = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.github');
    assert.deepEqual([github?.parameters.resource, github?.parameters.operation], ['repository', 'getIssues']);
  });

  it('reads a topic said after "mentioning" as a text test, not a model step, over any item’s words', () => {
    const spec = readRequest('Watch the RSS feed of Smashing Magazine and post every article mentioning AI to Slack.');
    assert.deepEqual(kinds(all(spec)), ['filter', 'slack:send']);
    const filter = conditions({ field: 'text', operator: 'contains', value: 'AI' }, 'seed');
    const left = String((filter.conditions as Array<{ leftValue: string }>)[0]!.leftValue);
    assert.match(left, /\$json\.title/);
    assert.match(left, /\$json\.content/);
  });

  it('reads a temperature test on a schedule from the weather, not from a sensor read before it', () => {
    const spec = readRequest(
      'Every morning, if it will be below 5 degrees in Oslo, message me on Telegram to take a coat.',
    );
    assert.deepEqual(kinds(all(spec)), ['openWeatherMap:read', 'filter', 'telegram:send']);
    assert.deepEqual(tests('Every morning, if it will be below 5 degrees in Oslo, message me on Telegram.'), [
      { field: 'main.temp', operator: 'lt', value: 5 },
    ]);
    const sensor = readRequest(
      'Every 10 minutes read the temperature from our Home Assistant sensor and if it is above 28 degrees, text me.',
    );
    assert.ok(!all(sensor).some((s) => s.kind === 'app' && s.app === 'openWeatherMap'));
  });
});

describe('where a copy comes from and goes to', () => {
  it('reads what is backed up, exported or archived, and writes it where it goes', () => {
    for (const [request, source, target] of [
      ['Back up our Airtable base to Dropbox every night.', 'airtable', 'dropbox'],
      ['Every Sunday, archive all Slack messages from #random into a Notion page.', 'slack', 'notion'],
      ['Each Monday, export all new Intercom conversations to a Google Sheet.', 'intercom', 'googleSheets'],
    ] as const) {
      const steps = appSteps(request);
      assert.deepEqual(
        steps.map((s) => `${s.app}:${s.verb}`),
        [`${source}:read`, `${target}:create`],
        request,
      );
    }
  });

  it('puts what another app’s event brought into the place it is collected in', () => {
    assert.deepEqual(
      appSteps('When a Jotform is submitted, collect the answers in Airtable.').map((s) => `${s.app}:${s.verb}`),
      ['airtable:create'],
    );
  });

  it('writes to an app n8n only has a trigger for through its API, and only when told to', () => {
    const spec = readRequest('When a Trello card is moved to Done, log the time to Toggl.');
    const call = all(spec).find((s) => s.kind === 'http');
    assert.ok(call?.kind === 'http' && call.method === 'POST' && call.api === 'Toggl API', JSON.stringify(spec.steps));
    const event = readRequest('When someone cancels a booking in Calendly, email me.');
    assert.ok(!all(event).some((s) => s.kind === 'http'), JSON.stringify(event.steps));
  });
});

describe('a change on a schedule', () => {
  it('lists the items first when a test says which to change', async () => {
    const request = 'Every Sunday, delete Google Drive files older than 90 days.';
    assert.deepEqual(kinds(readRequest(request).steps), ['googleDrive:read', 'filter', 'googleDrive:delete']);
    const workflow = await validBuild(pool, request);
    const deleted = workflow.nodes.find((n) => n.parameters.operation === 'deleteFile');
    assert.ok(deleted, JSON.stringify(workflow.nodes.map((n) => n.name)));
    assert.deepEqual(deleted.parameters.fileId, { __rl: true, value: '={{ $json.id }}', mode: 'id' });
  });

  it('changes nothing it was not told to look at, and runs "each week" weekly', () => {
    assert.ok(
      !kinds(readRequest('Every Monday, update the Todoist tasks to high priority.').steps).includes('todoist:read'),
    );
    assert.equal(readRequest('Each week send me a Slack message with the Stripe balance.').trigger.kind, 'schedule');
    const rule = readRequest('Each week send me a Slack message with the Stripe balance.').trigger;
    assert.ok(rule.kind === 'schedule' && rule.rule.field === 'weeks', JSON.stringify(rule));
  });
});

describe('what people are sent and where events come from', () => {
  it('sends a report to a team the request names as its receiver', () => {
    const steps = appSteps("Every Friday send the support team a digest of this week's Zendesk tickets.");
    assert.deepEqual(
      steps.map((s) => `${s.app}:${s.verb}`),
      ['zendesk:read', 'emailSend:send'],
    );
  });

  it('DMs someone after a post in the same app', () => {
    const steps = appSteps('When a new Asana task is created, post it to #ops on Slack, then DM our Head of Support.');
    assert.deepEqual(
      steps.map((s) => `${s.app}:${s.verb}`),
      ['slack:send', 'slack:send'],
    );
  });

  it('starts from an emoji reaction said by its short code', () => {
    const spec = readRequest('Open a Linear issue when someone reacts with :rotating_light: to a Slack message.');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'slack');
  });

  it('does not start from the place things are saved to', () => {
    const spec = readRequest(
      'Watch Reddit for posts about our app and save the good ones to a Google Sheet for later.',
    );
    assert.equal(spec.trigger.kind, 'schedule');
    assert.ok(
      appSteps('Watch Reddit for posts about our app and save the good ones to a Google Sheet for later.').some(
        (s) => s.app === 'googleSheets' && s.verb === 'create',
      ),
    );
  });

  it('adds a buyer to ConvertKit as a tagged subscriber, with no test made of "a tag for"', async () => {
    const request = 'When someone buys on Gumroad, add them to ConvertKit with a tag for the product.';
    assert.deepEqual(tests(request), []);
    const workflow = await validBuild(pool, request);
    const kit = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.convertKit');
    assert.deepEqual([kit?.parameters.resource, kit?.parameters.operation], ['tagSubscriber', 'add']);
  });

  it('names a site whose name starts with an everyday noun, not a field', () => {
    const hunt = readRequest('Every morning, pull the top launches from Product Hunt into Airtable.');
    assert.ok(
      all(hunt).some((s) => s.kind === 'http' && s.api === 'Product Hunt API'),
      JSON.stringify(hunt.steps),
    );
    const field = readRequest(
      "When a new lead comes in through our webhook, check the Lead Source: if it's 'Webinar', email them the recording.",
    );
    assert.ok(!all(field).some((s) => s.kind === 'http'), JSON.stringify(field.steps));
  });
});

describe('more tests and messages said in passing', () => {
  it('reads one rating, a named category and a score that goes above a bound', () => {
    assert.deepEqual(
      tests('When a new review comes in on Trustpilot, post it to #reviews, and if it is 5 stars share it on X.'),
      [{ field: 'rating', operator: 'equals', value: 5 }],
    );
    assert.ok(!tests('If the review is 2 stars or lower, email me.').some((c) => c.operator === 'equals'));
    assert.deepEqual(
      tests("When a new Shopify order has a product from the 'Gift Cards' collection, email the gift team."),
      [{ field: 'collection', operator: 'equals', value: 'Gift Cards' }],
    );
    assert.deepEqual(tests("When a deal's amount in Pipedrive goes above 5000, alert #sales on Slack."), [
      { field: 'amount', operator: 'gt', value: 5000 },
    ]);
  });

  it('sends a survey, a confirmation or a link to the person the event brought', () => {
    for (const request of [
      'When a subscription is cancelled in Chargebee, send an exit survey.',
      'When someone books a call in Calendly, create a Google Meet event and send the link to them.',
    ]) {
      const steps = appSteps(request);
      assert.ok(
        steps.some((s) => s.verb === 'send'),
        `${request} ${JSON.stringify(steps.map((s) => `${s.app}:${s.verb}`))}`,
      );
    }
  });
});
