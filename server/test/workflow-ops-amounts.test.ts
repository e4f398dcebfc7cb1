// Requests as support leads, IT administrators, data people and writers whose first language is not English put them:
// amounts in euros and Swiss francs, what the items have ("with payment method 'Pay by invoice'", "for each order that
// has a customer comment"), pushes to a branch, jobs started, memberships changed, numbered routes ("1 -> …, 2 to 9 ->
// nothing, 10 or more -> …"), a test said after a summary, and the files of a folder downloaded one by one.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool, teamReply } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { all, kinds, switchOf, filters } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const built = (request: string) => validBuild(pool, request);

describe('the reader on amounts and on what the items have', () => {
  it('reads amounts with a currency code, a euro or pound sign, and European or Swiss thousands', () => {
    const said: Array<[string, number]> = [
      ['When a WooCommerce order total is over EUR 2,000, create a deal in Pipedrive.', 2000],
      ['When a Shopify order is over €500, post it to Slack #big-orders.', 500],
      ['When a Shopify order is over 1.500,00 €, post it to Slack #big-orders.', 1500],
      ['When a Shopify order is over £1,500, post it to Slack #big-orders.', 1500],
      ["When a Shopify order total exceeds CHF 2'000, post it to Slack #big-orders.", 2000],
    ];
    for (const [request, value] of said) {
      const [test] = filters(readRequest(request).steps);
      assert.ok(test, request);
      assert.deepEqual([test.operator, test.value], ['gt', value], request);
    }
    const has = filters(
      readRequest('When a new WooCommerce order has a total over 2000, create a deal in Pipedrive.').steps,
    );
    assert.deepEqual(has[0], { field: 'total', operator: 'gt', value: 2000 });
  });

  it('keeps the items that have a field, or that hold the value said in it', () => {
    const comment = readRequest(
      "Every morning at 9, pull yesterday's Magento orders and, for each order that has a customer comment, create an item in monday.com.",
    );
    assert.deepEqual(filters(all(comment)), [{ field: 'customer_comment', operator: 'exists', value: null }]);
    const severity = readRequest(
      'Every 10 minutes get Microsoft Graph Security alerts; for those with severity high, create a ServiceNow incident.',
    );
    assert.deepEqual(filters(all(severity)), [{ field: 'severity', operator: 'equals', value: 'high' }]);
    // "with an order ID" said of a message is what it carries, no test of the items.
    const message = readRequest(
      'Customers message our Telegram bot with an order ID; the bot fetches the order status from our MySQL DB and replies back.',
    );
    assert.deepEqual(filters(all(message)), []);
  });

  it('reads the event apart from what its items have ("comes in with payment method …")', () => {
    const spec = readRequest(
      "When a new WooCommerce order comes in with payment method 'Pay by invoice', create an invoice in Invoice Ninja.",
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'wooCommerce', event: 'created', item: 'order' });
    assert.deepEqual(filters(spec.steps), [{ field: 'payment_method', operator: 'equals', value: 'Pay by invoice' }]);
  });

  it('reads "If any P1 incidents were opened, also …" after a count per group as a branch beside the count', () => {
    const spec = readRequest(
      "Every day at 07:00, pull all ServiceNow incidents opened yesterday, count them per assignment_group and priority, and email the table to itsm-managers@corp.com. If any P1 incidents were opened, also post them to the Microsoft Teams channel 'Major Incidents'.",
    );
    const side = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(side?.kind === 'parallel', JSON.stringify(kinds(spec.steps)));
    assert.deepEqual(
      side.branches.map((b) => kinds(b)),
      [
        ['count', 'emailSend:send'],
        ['filter', 'microsoftTeams:send'],
      ],
    );
    assert.deepEqual(side.branches[0]![0], { kind: 'count', by: 'assignment_group,priority' });
    assert.deepEqual(filters(side.branches[1]!), [{ field: 'priority', operator: 'equals', value: 'P1' }]);
  });
});

describe('the reader on code pushes, jobs, memberships and hooks', () => {
  it('starts from the git host on a push, keeps the branch named, and runs the job', () => {
    const push = readRequest(
      "every push on branch 'release' in Bitbucket repo should start Jenkins job 'deploy-staging'",
    );
    assert.deepEqual(push.trigger, { kind: 'app', app: 'bitbucket', event: 'push' });
    assert.deepEqual(filters(push.steps), [
      { field: 'push.changes[0].new.name', operator: 'contains', value: 'release' },
    ]);
    const job = push.steps.find((s) => s.kind === 'app');
    assert.ok(job?.kind === 'app' && job.app === 'jenkins' && job.hints.run === true);
    const github = readRequest('When someone pushes to our GitHub repo acme/api, post to Slack #dev.');
    assert.deepEqual(github.trigger, { kind: 'app', app: 'github', event: 'push' });
  });

  it('builds the Bitbucket push, the Jenkins run and the Entra ID group change n8n can run', async () => {
    const wf = await built(
      'On every push to the release branch of our Bitbucket repo, start the Jenkins job deploy-staging and remove the committer from all Entra ID groups.',
    );
    const trigger = wf.nodes.find((n) => n.type === 'n8n-nodes-base.bitbucketTrigger');
    assert.deepEqual([trigger?.parameters.resource, trigger?.parameters.events], ['repository', ['repo:push']]);
    const jenkins = wf.nodes.find((n) => n.type === 'n8n-nodes-base.jenkins');
    assert.deepEqual([jenkins?.parameters.resource, jenkins?.parameters.operation], ['job', 'trigger']);
    const entra = wf.nodes.find((n) => n.type === 'n8n-nodes-base.microsoftEntra');
    assert.deepEqual([entra?.parameters.resource, entra?.parameters.operation], ['user', 'removeGroup']);
  });

  it('starts from the webhook the app itself calls, and from n8n’s Error Trigger for failing workflows', () => {
    const okta = readRequest(
      'Text me through Twilio whenever someone is added to the Okta group "Super Admins". Okta sends group.user_membership.add event hooks to our webhook for all groups, so ignore other groups.',
    );
    assert.equal(okta.trigger.kind, 'webhook');
    assert.ok(!all(okta).some((s) => s.kind === 'app' && s.app === 'okta'), JSON.stringify(kinds(all(okta))));
    const failing = readRequest(
      "If any of our n8n workflows is failing, please to send me a Telegram message with the workflow name, and also open issue in our GitLab project 'automation'.",
    );
    assert.deepEqual(failing.trigger, { kind: 'error' });
    assert.deepEqual(kinds(failing.steps), ['telegram:send', 'gitlab:create']);
  });

  it('waits until a clock time said with a colon, and reads a webhook’s fields as fields', () => {
    const spec = readRequest(
      "HR posts offboarding events to a webhook with email and last_day. Wait until 18:00 on last_day, then disable the user's Entra ID account and post a confirmation to the Teams channel IT-Offboarding.",
    );
    assert.deepEqual(spec.steps[0], { kind: 'wait', amount: 1, unit: 'days', until: '18:00 on last_day' });
    assert.deepEqual(kinds(spec.steps.slice(1)), ['microsoftEntra:update', 'microsoftTeams:send']);
    assert.deepEqual(spec.unmapped, []);
  });
});

describe('the reader on numbered routes', () => {
  it('reads "1 -> …, 2 to 9 -> nothing, 10 or more -> …" on the field the request looks at', () => {
    const sw = switchOf(
      readRequest(
        "When a new Shopify order comes in, look at the customer's orders_count:\n1 -> send them a welcome email\n2 to 9 -> nothing\n10 or more -> post in #vip-orders on Slack",
      ),
    );
    assert.equal(sw.field, 'orders_count');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.operator, r.condition?.value, kinds(r.steps)]),
      [
        ['gte', 10, ['slack:send']],
        ['equals', 1, ['emailSend:send']],
      ],
    );
  });

  it('reads bounds and ranges said with their unit ("Fewer than 7 days: …, 7 to 30 days: …")', () => {
    const sw = switchOf(
      readRequest(
        'Weekly, call our cert-check API (GET https://certcheck.internal/api/check) which returns days_remaining. Fewer than 7 days: create a PagerDuty incident. 7 to 30 days: create a Jira ticket in OPS. More than 30: nothing.',
      ),
    );
    assert.equal(sw.field, 'days_remaining');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition?.operator, r.condition?.value, kinds(r.steps)]),
      [
        ['between', '7..30', ['jira:create']],
        ['lt', 7, ['pagerDuty:create']],
      ],
    );
  });

  it('gives way to the routes when the clause rules read the first of them as an If', () => {
    const sw = switchOf(
      readRequest(
        'When a Typeform response comes in, look at the score:\nunder 5 -> email sales@a.com\n5 to 9 -> nothing\n10 or more -> create a deal in HubSpot',
      ),
    );
    assert.deepEqual(
      sw.routes.map((r) => kinds(r.steps)),
      [['hubspot:create'], ['emailSend:send']],
    );
  });
});

describe('the reader on files, forms and monthly words', () => {
  it('lists a folder’s files, downloads each and reads it, then totals over the rows', async () => {
    const spec = readRequest(
      "Daily at 22:00, download every JSON file in the Google Drive folder 'pos-exports', combine them, sum the revenue per store, and insert store, date, revenue into the MySQL table store_daily_sales.",
    );
    assert.deepEqual(kinds(spec.steps), ['googleDrive:read', 'googleDrive:read', 'extract', 'sum', 'mySql:create']);
    const wf = await built(
      "Daily at 22:00, download every JSON file in the Google Drive folder 'pos-exports', combine them, sum the revenue per store, and insert store, date, revenue into the MySQL table store_daily_sales.",
    );
    const drive = wf.nodes.filter((n) => n.type === 'n8n-nodes-base.googleDrive');
    assert.deepEqual(
      drive.map((n) => n.parameters.operation),
      ['search', 'download'],
    );
    assert.deepEqual((drive[1]!.parameters.fileId as { value: string }).value, '={{ $json.id }}');
  });

  it('reads files from the n8n host’s disk and zips them, with nothing extracted between', () => {
    const spec = readRequest(
      'Every night at 03:00, read all files in /var/backups/n8n on the n8n server, zip them into one archive and upload it to the Google Cloud Storage bucket acme-it-backups.',
    );
    assert.deepEqual(kinds(spec.steps), ['node', 'node', 'googleCloudStorage:create']);
    assert.deepEqual(
      spec.steps.flatMap((s) => (s.kind === 'node' ? [s.node] : [])),
      ['readFiles', 'compression'],
    );
  });

  it('reads "Make a … form (fields)" as the form, and "monthly volume" as no schedule', () => {
    const spec = readRequest(
      'Make a wholesale enquiry form (company, name, email, expected monthly volume in units). Create every submission as a lead in Intercom.',
    );
    assert.deepEqual(spec.trigger, {
      kind: 'form',
      title: 'Form',
      fields: ['Company', 'Name', 'Email', 'Expected monthly volume in units'],
    });
    assert.deepEqual(
      readRequest(
        'First day of month get last month sessions from Google Analytics and put them into Google Sheet KPI as new row.',
      ).trigger,
      { kind: 'schedule', rule: { field: 'months', monthsInterval: 1, triggerAtDayOfMonth: 1, triggerAtHour: 9 } },
    );
  });
});

describe('the reader on a step said once for each value, and on sheets and meetings named before', () => {
  it('reads "add each user to the group for their team: Sales -> grp-sales, …" as a route per team', () => {
    const spec = readRequest(
      'Daily at 06:00 read the Excel sheet "Team Roster" on OneDrive (columns email, team) and add each user to the Entra ID group for their team: Sales -> grp-sales, Support -> grp-support, Engineering -> grp-eng.',
    );
    // The "email" column is no e-mail to read or send.
    assert.deepEqual(kinds(spec.steps), ['microsoftExcel:read', 'switch']);
    const sw = switchOf(spec);
    assert.equal(sw.field, 'team');
    assert.deepEqual(
      sw.routes.map((r) => [
        r.name,
        r.steps.map((s) => (s.kind === 'app' ? [s.app, s.hints.member, s.phrase] : s.kind)),
      ]),
      [
        ['sales', [['microsoftEntra', 'add', 'add each user to the Entra ID group grp-sales']]],
        ['support', [['microsoftEntra', 'add', 'add each user to the Entra ID group grp-support']]],
        ['engineering', [['microsoftEntra', 'add', 'add each user to the Entra ID group grp-eng']]],
      ],
    );
  });

  it('writes to a sheet of the spreadsheet app the request already uses', () => {
    for (const request of [
      'Daily read the Excel sheet Roster. Failed rows should be written to the Errors sheet.',
      'Daily read the Excel sheet Roster and write failed rows to the Errors sheet in the same workbook.',
    ])
      assert.deepEqual(
        kinds(readRequest(request).steps),
        ['microsoftExcel:read', 'filter', 'microsoftExcel:create'],
        request,
      );
  });

  it('fetches a meeting’s transcript from the meeting app, and says nothing of who calls the webhook', () => {
    const spec = readRequest(
      "Zoom send us webhook when meeting recording is finished. Then get the transcript, make AI summary with action items, save the summary as page in Notion 'Meeting notes'.",
    );
    assert.deepEqual(kinds(spec.steps).slice(-3), ['http', 'ai', 'notion:create']);
    const call = spec.steps.at(-3);
    assert.ok(call?.kind === 'http' && call.api === 'Zoom API');
    assert.deepEqual(spec.unmapped, []);
  });

  it('says what a count per group does, and leaves a channel picked by name to the user', async () => {
    const { text, workflow } = await teamReply(
      [
        "Every day at 07:00, pull all ServiceNow incidents opened yesterday, count them per assignment_group and priority, and email the table to itsm-managers@corp.com. If any P1 incidents were opened, also post them to the Microsoft Teams channel 'Major Incidents'.",
      ],
      pool,
    );
    assert.ok(workflow, text.slice(0, 400));
    assert.match(text, /counts the items for each `assignment_group` and `priority`, one item per group/);
    assert.doesNotMatch(text.split('```')[0]!, /__PLACEHOLDER_VALUE__/);
    const teams = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.microsoftTeams');
    // A name is no channel id: the user picks it, and the placeholder says which.
    assert.equal(
      (teams?.parameters.channelId as { value: string }).value,
      '<__PLACEHOLDER_VALUE__Channel Major Incidents__>',
    );
  });
});

describe('the reader on items named, items not found and alerts a system sends', () => {
  it('keeps the items of a name said after them, and calls an API an app’s name qualifies once', () => {
    const spec = readRequest(
      'Every hour call the Google Workspace Admin SDK Reports API (applicationName=login) for the last hour and store every event in the MongoDB collection gws_login_audit. Events named login_failure should additionally be posted to Slack #sec-alerts.',
    );
    assert.deepEqual(kinds(spec.steps), ['http', 'mongoDb:create', 'filter', 'slack:send']);
    assert.deepEqual(filters(spec.steps), [{ field: 'name', operator: 'equals', value: 'login_failure' }]);
  });

  it('tests that a lookup found nothing ("Any SKU that isn’t found in Shopify …"), with no step in that app', () => {
    const spec = readRequest(
      "Every 2 hours, read stock on hand from Unleashed Software and update the matching Shopify product inventory by SKU. Any SKU that isn't found in Shopify should be logged to the 'Unmatched SKUs' Google Sheet.",
    );
    assert.deepEqual(kinds(spec.steps), ['unleashedSoftware:read', 'shopify:update', 'filter', 'googleSheets:create']);
    assert.deepEqual(filters(spec.steps), [{ field: 'id', operator: 'notExists', value: '' }]);
  });

  it('starts from a Webhook for alerts of a system with no trigger, and tests them before posting', () => {
    const spec = readRequest('Post Grafana alerts to our Webex room "NOC", but only the ones with status firing.');
    assert.deepEqual(spec.trigger, { kind: 'webhook', path: 'grafana-alerts', method: 'POST' });
    assert.deepEqual(kinds(spec.steps), ['filter', 'ciscoWebex:send']);
    assert.deepEqual(filters(spec.steps), [{ field: 'status', operator: 'equals', value: 'firing' }]);
  });
});
