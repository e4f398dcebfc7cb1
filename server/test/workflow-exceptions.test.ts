// Rules said around the usual steps ("Disputes under $25 don't get a task - just log them", "No texts after 9pm",
// "below 7 create a ticket"), routes by mailbox or by values the request listed, and apps named as people say them
// aloud or in a team's shorthand ("hub spot", "on fleet", "SFDC", "QBO").
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, branchOf, filters, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));

describe('an exception said after the usual steps', () => {
  it('makes the usual steps and the exception two outcomes of one test', () => {
    const spec = readRequest(
      "When a PayPal dispute is opened, create a ClickUp task in the 'Disputes' list. Disputes under $25 don't get a task - just log them in a Google Sheet.",
    );
    const branch = branchOf(spec);
    assert.deepEqual(apps(branch.then), ['googleSheets:create']);
    assert.deepEqual(apps(branch.otherwise), ['clickUp:create']);
  });

  it('puts "below 7" in the other outcome of "7 or more"', () => {
    const spec = readRequest(
      'When a Typeform survey comes in, if the score is 7 or more send a thank-you email via Brevo, below 7 create a ticket in Freshdesk.',
    );
    const branch = branchOf(spec);
    assert.deepEqual(branch.condition, { field: 'score', operator: 'gte', value: 7 });
    assert.deepEqual(apps(branch.then), ['sendInBlue:send']);
    assert.deepEqual(apps(branch.otherwise), ['freshdesk:create']);
  });

  it('reads a bound alone before a comma as that other outcome too', () => {
    const spec = readRequest(
      'Typeform NPS: if the score is 9 or more, send a review request by email; below 9, create a Freshdesk ticket.',
    );
    assert.deepEqual(apps(branchOf(spec).otherwise), ['freshdesk:create']);
  });

  it('sends "anything smaller" to the other outcome of the test before', () => {
    const spec = readRequest(
      'When a Salesforce opportunity is created: if it is over 50k I want a Slack DM to our VP of sales, and anything smaller should just be appended to a Google Sheet.',
    );
    const branch = branchOf(spec);
    assert.deepEqual(apps(branch.then), ['slack:send']);
    assert.deepEqual(apps(branch.otherwise), ['googleSheets:create']);
  });

  it('tests the score a fallback names with its own range ("Anything 8+ should also DM …")', () => {
    const spec = readRequest(
      'Use AI to score each new HubSpot lead from 1 to 10 and write it into a HubSpot property. Anything 8+ should also DM the account exec in Slack.',
    );
    assert.deepEqual(filters(all(spec)), [{ field: 'score', operator: 'gte', value: 8 }]);
  });

  it('reads a limit ("No texts after 9pm") as no step of its own', () => {
    const spec = readRequest('When an Onfleet delivery fails, text the customer with MessageBird. No texts after 9pm.');
    assert.deepEqual(apps(all(spec)), ['messageBird:send']);
  });

  it('reads the item a test names after "anything" as the value, and never leaves a Switch with no route', () => {
    const spec = readRequest(
      "When a new conversation comes in Help Scout, AI judges the customer's sentiment, and anything angry flagged to the team lead in Twist.",
    );
    assert.ok(!all(spec).some((s) => s.kind === 'switch' && !s.routes.length), JSON.stringify(kinds(all(spec))));
    assert.equal(filters(all(spec)).length, 1, JSON.stringify(kinds(all(spec))));
  });
});

describe('routes', () => {
  it('routes mail by the mailbox it was sent to ("sales@ creates a lead …")', async () => {
    const request =
      "Route incoming emails from our shared inbox (IMAP) by the address they were sent to: sales@ creates a lead in Pipedrive, billing@ creates a Freshdesk ticket, jobs@ is forwarded to #hr in Slack, and anything else gets an automatic email reply saying we'll respond soon.";
    const sw = switchOf(readRequest(request));
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.condition]),
      ['sales@', 'billing@', 'jobs@'].map((m) => [m, { field: 'to', operator: 'contains', value: m }]),
    );
    assert.ok(sw.fallback?.length);
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
  });

  it('takes the values a request listed as the routes of a model that sorts', () => {
    const spec = readRequest(
      'Zendesk new ticket come -> AI read it and decide category: billing, technical or other.\n- billing go to Slack #finance\n- technical make Jira issue in project SUP\n- other just send email to support@ourfirm.com',
    );
    const sorter = all(spec).find((s) => s.kind === 'ai' && s.routes?.length);
    assert.ok(sorter?.kind === 'ai', JSON.stringify(kinds(all(spec))));
    assert.deepEqual(
      sorter.routes!.map((r) => [r.name.toLowerCase(), apps(r.steps)]),
      [
        ['billing', ['slack:send']],
        ['technical', ['jira:create']],
        ['other', ['emailSend:send']],
      ],
    );
  });

  it('reads values before their colons as routes, even a value that names errors ("Fatal ones: … Errors/warnings: …")', async () => {
    const request =
      "Check Sentry every 10 minutes for new unresolved issues in the 'api' project. Fatal ones: create a Linear issue for the Platform team and alert on-call via SIGNL4. Errors/warnings: Linear issue only, no alert. If there's already a Linear issue with that Sentry ID in the title, don't make another.";
    const spec = readRequest(request);
    assert.deepEqual(spec.onError, []);
    const sw = switchOf(spec);
    assert.equal(sw.field, 'level');
    // An app named with no verb does what it did in the route before; a slashed value is either value.
    assert.deepEqual(
      sw.routes.map((r) => [r.name.toLowerCase(), apps(r.steps)]),
      [
        ['fatal', ['linear:create', 'signl4:send']],
        ['errors or warnings', ['linear:create']],
      ],
    );
    // "If there's already a Linear issue …, don't make another": Linear is searched first, and the routes run only
    // when it found none.
    assert.deepEqual(kinds(spec.steps), ['sentryIo:read', 'linear:search', 'filter', 'switch']);
    assert.deepEqual(filters(spec.steps), [{ field: 'id', operator: 'notExists', value: '' }]);
    const workflow = await validBuild(pool, request);
    assert.deepEqual(structuralProblems(workflow), []);
    // The second route takes an item whose level is "error" or "warning", as Sentry writes them, and no other.
    const rules = (
      workflow.nodes.find((n) => n.type === 'n8n-nodes-base.switch')!.parameters as {
        rules: { values: Array<{ conditions: { conditions: Array<{ rightValue: string }> } }> };
      }
    ).rules.values;
    const pattern = rules[1]!.conditions.conditions[0]!.rightValue;
    const re = new RegExp(/^\/(.*)\/i$/.exec(pattern)![1]!, 'i');
    assert.deepEqual(
      ['error', 'warning', 'Warnings', 'fatal', 'info'].map((v) => re.test(v)),
      [true, true, true, false, false],
    );
  });

  it('reads a value written with a slash before its arrow as either value ("errors/warnings → …")', () => {
    const sw = switchOf(
      readRequest(
        'Every 10 minutes get new Sentry issues and route them by level: fatal → create a Linear issue and alert on-call via SIGNL4, errors/warnings → Linear issue only, info → ignore.',
      ),
    );
    const route = sw.routes.find((r) => r.name === 'errors/warnings');
    assert.deepEqual(route?.condition, { field: 'level', operator: 'oneOf', value: 'errors, warnings' });
    assert.deepEqual(apps(route!.steps), ['linear:create']);
  });

  it('still reads a title before a colon as no route ("Download Attachments: …")', () => {
    const spec = readRequest(
      'Download Attachments: the workflow downloads every attachment of new Gmail messages and saves it to Google Drive.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'switch'), JSON.stringify(kinds(all(spec))));
    assert.ok(apps(all(spec)).includes('googleDrive:create'), JSON.stringify(kinds(all(spec))));
  });

  it('counts a Switch whose rules are empty as a flaw', () => {
    const workflow = {
      name: 'w',
      nodes: [
        { name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
        {
          name: 'Route',
          type: 'n8n-nodes-base.switch',
          typeVersion: 3.2,
          position: [200, 0],
          parameters: { rules: { values: [] }, options: { fallbackOutput: 'extra' } },
        },
      ],
      connections: { Start: { main: [[{ node: 'Route', type: 'main', index: 0 }]] } },
    } as unknown as N8nWorkflow;
    assert.ok(
      structuralProblems(workflow).includes('"Route" has no routes.'),
      structuralProblems(workflow).join(' | '),
    );
  });
});

describe('apps as people say and abbreviate them', () => {
  it('hears names speech-to-text split or misheard, in a dictation typed all in lower case', () => {
    const read = (request: string) => apps(all(readRequest(request)));
    assert.ok(
      read('so when a shopify order comes in create a task in on fleet with the address').includes('onfleet:create'),
    );
    assert.ok(
      read('every night um copy any new files from our next cloud folder into box like just a backup').includes(
        'box:create',
      ),
    );
    assert.ok(
      read('every evening take my tasks due tomorrow in to doist and put them in google calendar').some((a) =>
        a.startsWith('todoist:'),
      ),
    );
    assert.ok(
      read('when a sale comes in add the buyer to my mailer light list').some((a) => a.startsWith('mailerLite:')),
    );
    assert.ok(read('insert all the rows into our my sequel database').some((a) => a.startsWith('mySql:')));
    assert.ok(read('create a matching ticket in jeera for each new git hub issue').includes('jira:create'));
    assert.ok(read('pull out the amount with AI and create a bill in X E R O').includes('xero:create'));
    assert.ok(read('have chat GPT write a short linked in post about it').some((a) => a.startsWith('linkedIn:')));
  });

  it("knows a team's abbreviations in capitals (SFDC, QBO, HS, GH), not the same letters in lower case", () => {
    const spec = readRequest('any new SFDC opp over $50k gets posted in #big-deals on Slack');
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'salesforce');
    assert.ok(
      apps(all(readRequest('every 1st of the month pull Stripe payouts into QBO'))).includes('quickbooks:create'),
    );
    assert.ok(apps(all(readRequest('if the pipeline failed 3+ times open a GH issue'))).includes('github:create'));
    assert.ok(!apps(all(readRequest('send the gh summary to Slack'))).some((a) => a.startsWith('github:')));
  });

  it('takes an app\'s other name said beside it as one app ("Brevo (old name sendinblue)")', () => {
    assert.deepEqual(
      apps(all(readRequest('When a Typeform comes in, email the person via Brevo (old name sendinblue).'))),
      ['sendInBlue:send'],
    );
    // Two names of one node, listed, stay two steps.
    const listed = apps(all(readRequest('Post each new blog article to Instagram, Facebook and LinkedIn.')));
    assert.equal(listed.filter((a) => a.startsWith('facebookGraphApi:')).length, 2, JSON.stringify(listed));
  });

  it('reads mail domains in brackets as values, not mail steps', () => {
    const spec = readRequest("Free email domains (gmail, outlook etc.) go in as 'Low priority' in Copper.");
    assert.ok(!apps(all(spec)).some((a) => /^(?:gmail|microsoftOutlook):/.test(a)), JSON.stringify(apps(all(spec))));
  });

  it('reads mail providers listed after "like" or "such as" as values, each of them', () => {
    for (const request of [
      'Skip signups from personal addresses like yahoo or gmail, and add the rest to HubSpot.',
      'Ignore leads from free providers such as Gmail and Outlook; create the others in Pipedrive.',
    ]) {
      const found = apps(all(readRequest(request)));
      assert.ok(!found.some((a) => /^(?:gmail|microsoftOutlook):/.test(a)), `${request} ${JSON.stringify(found)}`);
    }
    // A mail app named for a step of its own still is one.
    assert.ok(
      apps(
        all(
          readRequest(
            'Ignore leads from free providers such as Gmail and Outlook, create the others in Pipedrive and send me a Gmail message.',
          ),
        ),
      ).includes('gmail:send'),
    );
  });

  it('reads a capitalised everyday word or field as no system to call', () => {
    const spec = readRequest(
      "When a Salesforce Opportunity is updated to StageName = 'Closed Won', create an Asana project with tasks Kickoff and Training. Put the Opportunity Id and Amount in the project notes.",
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http'), JSON.stringify(kinds(all(spec))));
    assert.ok(all(readRequest('Sync new NetSuite customers to Salesforce every hour')).some((s) => s.kind === 'http'));
  });
});

describe('how the workflow starts', () => {
  it('starts from mail a sender sends to an address of ours, written in full', () => {
    const spec = readRequest(
      'The vendor emails a daily XLSX (sales_daily_YYYYMMDD.xlsx) to reports@acme.com. Parse it and insert the rows into SQL Server.',
    );
    assert.equal(spec.trigger.kind, 'email');
  });

  it('starts by hand when the user says they will run it ("I\'ll run this at month end:")', () => {
    const spec = readRequest(
      "I'll run this at month end: compare Okta users against BambooHR employees and post the list to Slack.",
    );
    assert.equal(spec.trigger.kind, 'manual');
    assert.equal(
      readRequest('We run this every Monday at 9: pull HubSpot deals into a sheet.').trigger.kind,
      'schedule',
    );
  });

  it('ends the event at what the items should do ("every new lead to go into a google sheet and also …")', () => {
    const spec = readRequest(
      'We run Facebook Lead Ads. I want every new lead to go into a google sheet and also send a text message from twilio',
    );
    assert.deepEqual(apps(all(spec)), ['googleSheets:create', 'twilio:send']);
  });
});
