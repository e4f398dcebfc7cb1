// What people write around the steps: a colleague a message goes to, an app ruled out, brand names typed in lower
// case, values of a field ("if column 'consent' is yes"), a request asked as a question, and how often "a few times a
// day" is. Each test pins what the reader makes of one way of saying it, and what it must not make.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Condition, WorkflowSpec } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';

const apps = (spec: WorkflowSpec) => all(spec).flatMap((s) => (s.kind === 'app' ? [`${s.app}:${s.verb}`] : []));
const tests = (spec: WorkflowSpec): Condition[] =>
  all(spec).flatMap((s) => (s.kind === 'filter' || s.kind === 'if' ? [s.condition] : []));

describe('the reader sends to a person by the request’s own channels', () => {
  it('routes "to Karen" and "to Tom" by the Gmail the request reads, not to a "Karen API"', () => {
    const spec = readRequest(
      'Our shared Gmail inbox gets everything: invoices go to Karen, bug reports go to the dev team in Slack, and everything else to Tom.',
    );
    assert.deepEqual(spec.trigger, { kind: 'email', provider: 'gmail' });
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'a person is no API');
    assert.equal(apps(spec).filter((a) => a === 'gmail:send').length, 2);
    assert.ok(apps(spec).includes('slack:send'));
  });

  it('texts a person by SMS and e-mails one when no mail app is named', () => {
    const texted = readRequest(
      'Staff report broken equipment on a form. If it is urgent text Bill the caretaker, otherwise add a card to Trello.',
    );
    assert.ok(apps(texted).includes('twilio:send'));
    const mailed = readRequest('When a Pipedrive deal closes, send a summary to Marco and log it in Google Sheets.');
    assert.deepEqual(apps(mailed), ['emailSend:send', 'googleSheets:create']);
  });

  it('adds nothing for a person the request only mentions', () => {
    const spec = readRequest(
      'When a new client fills out the onboarding Typeform, create their project in Asana and drop a note in #new-clients so Priya knows to start.',
    );
    assert.deepEqual(apps(spec), ['asana:create', 'slack:send']);
  });
});

describe('the reader leaves out an app the request rules out', () => {
  it('starts from IMAP for "(IMAP, not Gmail)" and names no Gmail step', () => {
    const spec = readRequest(
      'Our support mailbox runs on our own mail server (IMAP, not Gmail). Post every new email to #support on Slack.',
    );
    assert.deepEqual(spec.trigger, { kind: 'email', provider: 'imap' });
    assert.ok(!apps(spec).some((a) => a.startsWith('gmail')));
  });

  it('rules out every app of a list after "not" ("not gmail/outlook/yahoo")', () => {
    const spec = readRequest(
      'our app will POST new signups to a url. if it is a company email (not gmail/outlook/yahoo) enrich it with clearbit, then add the lead to zoho crm',
    );
    assert.equal(spec.trigger.kind, 'webhook');
    assert.ok(!apps(spec).some((a) => /^(?:gmail|microsoftOutlook|emailSend)/.test(a)), apps(spec).join());
  });
});

describe('the reader reads brand names typed in lower case', () => {
  it('reads a plain-word app ("copper", "teams") when the writer types other brands in lower case too', () => {
    const spec = readRequest(
      'new leads from our typeform should go straight into copper as a person and ping Marco in teams with the phone number',
    );
    assert.ok(apps(spec).some((a) => a.startsWith('copper:')));
    assert.ok(apps(spec).includes('microsoftTeams:send'));
  });

  it('reads monday.com only where an app stands, never "on Monday"', () => {
    const board = readRequest(
      'every 15 min check erpnext for new sales orders and create an item in monday for each one',
    );
    assert.ok(apps(board).some((a) => a.startsWith('mondayCom:')));
    const day = readRequest('Every Monday post the open Jira bugs on Slack, and on monday evening email me the list.');
    assert.ok(!apps(day).some((a) => a.startsWith('mondayCom')));
  });

  it('reads "a linear issue" with its noun, and an issue said later as that app’s, not Jira', () => {
    const spec = readRequest(
      "when a linear issue labelled 'customer-request' gets moved to Done, email the customer. their email is in the issue description",
    );
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'linear');
    assert.ok(!apps(spec).some((a) => a.startsWith('jira')));
  });

  it('does not take a folder path ("/Invoices") or a group’s name for an app', () => {
    const spec = readRequest('Save Gmail attachments to Dropbox: PDFs go in /Invoices and the rest in /Other.');
    assert.ok(!apps(spec).some((a) => a.startsWith('quickbooks')));
    assert.ok(!all(spec).some((s) => s.kind === 'http'));
  });
});

describe('the reader reads values and states in passing', () => {
  it('reads "if column \'consent\' is yes …, if no …" as an If on the field, both outcomes in the same app', () => {
    const spec = readRequest(
      "new row in google sheets -> add the contact to mailerlite. if column 'consent' is yes put them in group Newsletter, if no in group Transactional",
    );
    const branch = all(spec).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'consent', operator: 'isTrue', value: true });
    assert.deepEqual(apps({ ...spec, steps: branch.then }), ['mailerLite:update']);
    assert.deepEqual(apps({ ...spec, steps: branch.otherwise }), ['mailerLite:update']);
    assert.ok(!apps(spec).includes('emailSend:send'), 'a group named Newsletter is no e-mail');
  });

  it('keeps the test of a request asked as a question ("can new orders over $500 get posted …?")', () => {
    const spec = readRequest('can new shopify orders over $500 get posted in #big-orders?');
    assert.deepEqual(tests(spec), [{ field: 'amount', operator: 'gt', value: 500 }]);
  });

  it('starts from the app’s update event when the items reach a state ("marked as won", "moves to Done")', () => {
    const won = readRequest('When a deal is marked as won in Pipedrive, create an invoice in Xero.');
    assert.deepEqual(won.trigger, { kind: 'app', app: 'pipedrive', event: 'updated' });
    assert.deepEqual(tests(won), [{ field: 'status', operator: 'equals', value: 'won' }]);
    const created = readRequest('When a new deal is created in Pipedrive, create an invoice in Xero.');
    assert.ok(created.trigger.kind === 'app' && created.trigger.event !== 'updated');
  });

  it('tests a count the item reaches ("reaches 50 points")', () => {
    const spec = readRequest('When a contact in Mautic reaches 50 points, create them as a lead in Zoho CRM.');
    assert.deepEqual(tests(spec), [{ field: 'points', operator: 'gte', value: 50 }]);
  });

  it('routes by values written as "IT requests should become …, facilities requests should be emailed to …"', () => {
    const spec = readRequest(
      'Staff send requests through a Jotform. IT requests should become a task in ClickUp, facilities requests should be emailed to facilities@example.com, and HR requests go to #hr on Slack.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'jotForm', event: 'created' });
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => r.name),
      ['IT', 'facilities', 'HR'],
    );
  });
});

describe('the reader reads how the workflow starts, said loosely', () => {
  it('reads "a few times a day", "every few hours" and "every couple of hours" as hourly schedules', () => {
    const rule = (text: string) => {
      const spec = readRequest(text);
      return spec.trigger.kind === 'schedule' ? spec.trigger.rule : null;
    };
    assert.deepEqual(rule('Sync new petition signers to Mailchimp a few times a day.'), {
      field: 'hours',
      hoursInterval: 6,
    });
    assert.deepEqual(rule('Search Reddit every few hours for our brand and post the hits to Slack.'), {
      field: 'hours',
      hoursInterval: 3,
    });
    assert.deepEqual(rule('Every couple of hours check the RSS feed and post new items to Discord.'), {
      field: 'hours',
      hoursInterval: 2,
    });
  });

  it('starts from a webhook when the request’s own system posts to a url, and calls no API for it', () => {
    const spec = readRequest(
      'Our ERP posts new purchase orders as JSON to a url. Turn each one into a PDF with APITemplate and email it to the supplier.',
    );
    assert.deepEqual(spec.trigger, { kind: 'webhook', path: 'purchase-orders', method: 'POST' });
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'the ERP calls the workflow');
  });

  it('ends the event at an arrow and reads an emoji as the message', () => {
    const spec = readRequest(
      "each new gumroad sale → add the buyer to convertkit with the 'course-buyer' tag and drop a 🎉 in #sales-wins",
    );
    assert.deepEqual(apps(spec), ['convertKit:create', 'slack:send']);
  });

  it('replies by e-mail to mail that starts the workflow', () => {
    const spec = readRequest(
      'When a new email arrives in our IMAP mailbox, add it to Google Sheets and reply to the sender with a thank-you note.',
    );
    assert.deepEqual(apps(spec), ['googleSheets:create', 'emailSend:send']);
  });
});

describe('the reader routes by values said in everyday words', () => {
  const switchOf = (spec: WorkflowSpec) => all(spec).find((s) => s.kind === 'switch');
  const routeApps = (spec: WorkflowSpec) => {
    const sw = switchOf(spec);
    assert.ok(sw?.kind === 'switch', 'a Switch');
    return Object.fromEntries(sw.routes.map((r) => [r.name, apps({ ...spec, steps: r.steps })]));
  };

  it('reads "Critical ones should page …, warnings just go to …" and drops the app that calls the webhook', () => {
    const spec = readRequest(
      'We get alerts from Datadog via webhook. Critical ones should page the on-call engineer in PagerDuty, warnings just go to a Slack channel.',
    );
    assert.equal(spec.trigger.kind, 'webhook');
    assert.deepEqual(routeApps(spec), { Critical: ['pagerDuty:create'], warnings: ['slack:send'] });
    assert.ok(!apps(spec).some((a) => a.startsWith('datadog')), 'Datadog calls the webhook');
  });

  it('reads the verb before the value ("put the positive ones in a sheet, send negative ones to Slack")', () => {
    const spec = readRequest(
      'Every morning search Reddit for our brand, use AI to tell if each post is positive, negative or neutral, then put the positive ones in a Google Sheet, send negative ones to a Slack channel, and ignore the neutral.',
    );
    assert.deepEqual(routeApps(spec), { positive: ['googleSheets:create'], negative: ['slack:send'] });
  });

  it('reads routes after "by environment:" that say what each value does', () => {
    const spec = readRequest(
      'Sentry sends us a webhook for every new issue. Route them by environment: production creates a Jira bug, staging only posts to #staging in Mattermost, and development errors are ignored.',
    );
    assert.deepEqual(routeApps(spec), { production: ['jira:create'], staging: ['mattermost:send'] });
    assert.ok(!apps(spec).some((a) => a.startsWith('sentryIo')));
  });

  it('routes the options a form lists when each should go "to a different" place', () => {
    const spec = readRequest(
      'Our Typeform has a question with 3 options: Sales, Support, Partnership. How would I send each answer to a different team by email? We use Outlook.',
    );
    assert.deepEqual(routeApps(spec), {
      Sales: ['microsoftOutlook:send'],
      Support: ['microsoftOutlook:send'],
      Partnership: ['microsoftOutlook:send'],
    });
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'an option is no system to call');
    assert.equal(apps(spec).length, 3, '"We use Outlook" is no step of its own');
  });
});

describe('the reader reads what a clause sends and which items it means', () => {
  it('reads the app whose items are e-mailed ("email me the open HubSpot deals")', () => {
    const spec = readRequest('Every Friday email me the open HubSpot deals.');
    assert.deepEqual(apps(spec), ['hubspot:read', 'emailSend:send']);
  });

  it('keeps only a customer’s first order ("their first ever order")', () => {
    const spec = readRequest(
      'When someone places their first ever order in Shopify, add them to Customer.io. Repeat customers should not be touched.',
    );
    assert.deepEqual(tests(spec), [{ field: 'orders_count', operator: 'equals', value: 1 }]);
  });

  it('keeps the age test of a request that asks whether n8n can do it', () => {
    const spec = readRequest(
      "can n8n every monday find all hubspot deals sitting in the 'proposal' stage for more than 10 days and DM the owners in slack?",
    );
    assert.deepEqual(tests(spec), [
      { field: 'updated_at', operator: 'lt', value: '={{ $now.minus({ days: 10 }).toISO() }}' },
    ]);
  });
});

describe('the reader starts from where the items come from', () => {
  it('starts from the app named right after the items ("every new contact from HubSpot")', () => {
    const spec = readRequest('add every new contact from HubSpot to a Google Sheet');
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'hubspot', event: 'created', item: 'contact' });
    const slack = readRequest('post each new message in Slack to Discord');
    assert.equal(slack.trigger.kind === 'app' && slack.trigger.app, 'slack');
    assert.ok(!all(slack).some((s) => s.kind === 'ai'), 'forwarding a message is no AI agent');
  });

  it('reads a system that POSTs to us, our n8n form and a subreddit', () => {
    const posted = readRequest(
      'Legacy ERP POSTs XML order documents to us. Convert the XML to JSON and forward it to our REST API at POST /v2/orders.',
    );
    assert.equal(posted.trigger.kind, 'webhook');
    assert.ok(!apps(posted).some((a) => a.startsWith('googleDocs')), 'XML documents are no Google Docs');
    assert.ok(
      all(posted).some((s) => s.kind === 'http' && s.method === 'POST'),
      'the REST API is still called',
    );
    assert.equal(readRequest('Send a thank-you email when someone fills our n8n form.').trigger.kind, 'form');
    assert.ok(apps(readRequest('email me the top 5 posts from r/selfhosted every day')).includes('reddit:read'));
  });

  it('keeps a manual start for "When I run it" and makes no step of an app that only starts workflows', () => {
    const run = readRequest(
      "When I run it, take the companies from our 'Targets' Google Sheet, find each decision maker with Hunter and add them to lemlist. Go one company at a time with a 2 second pause between them.",
    );
    assert.equal(run.trigger.kind, 'manual');
    const loop = all(run).find((s) => s.kind === 'loop');
    assert.ok(loop?.kind === 'loop' && loop.size === 1);
    assert.ok(loop.body.some((s) => s.kind === 'wait'));
    const workable = readRequest(
      'Recruiting firm, we use Workable. Each new applicant should be posted to a Microsoft Teams channel.',
    );
    assert.equal(workable.trigger.kind === 'app' && workable.trigger.app, 'workable');
    assert.deepEqual(apps(workable), ['microsoftTeams:send']);
  });
});

describe('the reader reads sources, batches, failures and states said in passing', () => {
  it('compares two sources side by side ("compare them with the active users in Okta", "another sheet")', () => {
    const okta = readRequest(
      'Nightly: pull all users from our LDAP directory and compare them with the active users in Okta. Email IT the accounts that are gone from LDAP.',
    );
    const joined = all(okta).find((s) => s.kind === 'parallel');
    assert.ok(joined?.kind === 'parallel' && joined.merge);
    assert.deepEqual(
      joined.branches.map((b) => apps({ ...okta, steps: b })),
      [['ldap:read'], ['okta:read']],
    );
    const sheets = readRequest(
      'Every evening compare the answers sheet with my class list (it is in another sheet) and email every student who has not submitted.',
    );
    const two = all(sheets).find((s) => s.kind === 'parallel');
    assert.ok(two?.kind === 'parallel' && two.branches.length === 2);
  });

  it('reads "20 at a time with a 10 min gap between batches" as batches of 20 with a wait', () => {
    const spec = readRequest(
      "We've got 800 donors in the 'Lapsed' Google Sheet. Email each one a note, 20 at a time with a 10 min gap between batches.",
    );
    const loop = all(spec).find((s) => s.kind === 'loop');
    assert.ok(loop?.kind === 'loop' && loop.size === 20);
    assert.deepEqual(
      loop.body.find((s) => s.kind === 'wait'),
      { kind: 'wait', amount: 10, unit: 'minutes' },
    );
  });

  it('sends "If the Salesforce query fails, …" down the error path', () => {
    const spec = readRequest(
      'Every Monday pull the open opportunities from Salesforce and email the totals to sales@example.com. If the Salesforce query fails, send me a Telegram message instead.',
    );
    assert.deepEqual(
      spec.onError.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['telegram:send'],
    );
  });

  it('reads ages, labels and a site coming back up', () => {
    const age = readRequest(
      'Every 15 minutes check our Discord #help channel, and forward any message that has had no reply for more than an hour to Slack.',
    );
    assert.deepEqual(tests(age), [
      { field: 'updated_at', operator: 'lt', value: '={{ $now.minus({ hours: 1 }).toISO() }}' },
    ]);
    const label = readRequest('when someone adds the `bug` label to an issue in our GitHub repo, create a Jira ticket');
    assert.deepEqual(tests(label), [{ field: 'labels', operator: 'contains', value: 'bug' }]);
    const up = readRequest(
      'UptimeRobot can call a webhook when a site changes status. When one goes down post in #ops, and when it comes back up post a ✅ in #ops.',
    );
    assert.ok(!all(up).some((s) => s.kind === 'app' && s.app === 'uptimeRobot'), 'UptimeRobot calls the webhook');
    assert.deepEqual(tests(up), [{ field: 'status', operator: 'equals', value: 'up' }]);
  });

  it('reads where items are kept as a lookup, and a find or mark said without an app in that app', () => {
    const logged = readRequest(
      "Send a follow-up email 3 days after someone fills our form. All bookings are logged in a Google Sheet called 'Bookings'.",
    );
    assert.ok(apps(logged).includes('googleSheets:read'));
    assert.ok(!apps(logged).includes('googleSheets:create'));
    const paid = readRequest(
      'When a Stripe payment comes in: our invoices are stored in Airtable, find the invoice and mark it paid.',
    );
    assert.deepEqual(apps(paid), ['airtable:search', 'airtable:update']);
  });
});

describe('the reader reads a message that waits for an answer', () => {
  it('sends for approval and branches on the answer ("If she approves …; if she rejects …")', () => {
    const spec = readRequest(
      'When a new expense is submitted in our form, send it to my manager on Slack for approval. If she approves, create the expense in QuickBooks; if she rejects, email the employee.',
    );
    const sent = spec.steps[0];
    assert.ok(sent?.kind === 'app' && sent.app === 'slack' && sent.hints.approval);
    const branch = spec.steps[1];
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'data.approved', operator: 'isTrue', value: true });
    assert.deepEqual(apps({ ...spec, steps: branch.then }), ['quickbooks:create']);
    assert.deepEqual(apps({ ...spec, steps: branch.otherwise }), ['emailSend:send']);
  });

  it('does not wait for an answer when a state is only reported ("when the invoice is approved, email …")', () => {
    const spec = readRequest('When an invoice is approved in Xero, email the client a copy.');
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.hints.approval));
  });
});

describe('the reader reads the n8n building blocks a builder prompt names in plain words', () => {
  it('starts a sub-workflow from the Execute Workflow Trigger, and calls one with Execute Workflow', () => {
    const sub = readRequest(
      'Make a sub-workflow that other workflows can call with a phone number. It looks the number up in MySQL.',
    );
    assert.deepEqual(sub.trigger, { kind: 'called' });
    assert.ok(!all(sub).some((s) => s.kind === 'node'), 'the sub-workflow is the trigger, not a call');
    const main = readRequest(
      "Every hour fetch new rows from the 'requests' table in Supabase and call our separate 'Process Request' workflow for each row.",
    );
    assert.ok(all(main).some((s) => s.kind === 'node' && s.node === 'subworkflow'));
    const plain = readRequest('When the webhook is called, it triggers the workflow and posts to Slack');
    assert.ok(!all(plain).some((s) => s.kind === 'node'), '"triggers the workflow" is no sub-workflow');
  });

  it('hashes with the Crypto node ("hash their emails with SHA-256")', () => {
    const spec = readRequest(
      'Nightly, take the customers created in Shopify that day, hash their emails with SHA-256 and post them to our API.',
    );
    assert.ok(all(spec).some((s) => s.kind === 'node' && s.node === 'crypto'));
  });

  it('routes "for payment.succeeded …, for payment.refunded …" and "Temperature readings should be written to …"', () => {
    const names = (text: string) => {
      const sw = all(readRequest(text)).find((s) => s.kind === 'switch');
      return sw?.kind === 'switch' ? sw.routes.map((r) => r.name) : [];
    };
    assert.deepEqual(
      names(
        'Our payment provider posts events to a webhook. For payment.succeeded set the order status to paid in Postgres, for payment.refunded post a note in #finance on Slack, and for payment.disputed open a ticket in Zammad.',
      ),
      ['payment.succeeded', 'payment.refunded', 'payment.disputed'],
    );
    assert.deepEqual(
      names(
        "A webhook receives sensor readings with a 'type' field. Temperature readings should be written to Postgres, humidity readings appended to a Google Sheet, and motion events should call Home Assistant.",
      ),
      ['Temperature', 'humidity', 'motion'],
    );
  });
});

describe('the reader reads systems named in lower case', () => {
  it('calls a system no dictionary knows where an app stands ("notified on ntfy")', () => {
    const spec = readRequest('how do I get notified on ntfy whenever any of my n8n workflows errors?');
    assert.deepEqual(spec.trigger, { kind: 'error' });
    assert.ok(all(spec).some((s) => s.kind === 'http' && s.system === 'ntfy'));
    const listed = readRequest('ping me on pushbullet and ntfy');
    assert.ok(apps(listed).includes('pushbullet:send'));
    assert.ok(all(listed).some((s) => s.kind === 'http' && s.system === 'ntfy'));
  });

  it('takes no English word or n8n itself for a system', () => {
    const spec = readRequest('Every morning post the weather to Slack with the overview and send it to everyone');
    assert.ok(!all(spec).some((s) => s.kind === 'http' && s.system));
  });
});

describe('the reader reads routes by ranges and messages with no channel named', () => {
  it('routes "promoters (9-10) get …, passives (7-8) are added …, detractors (0-6) create …"', () => {
    const spec = readRequest(
      "When a SurveyMonkey NPS response comes in, route it by score: promoters (9-10) get an email asking for a review, passives (7-8) are added to the 'Passives' table in Airtable, and detractors (0-6) create a HubSpot ticket.",
    );
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, apps({ ...spec, steps: r.steps })]),
      [
        ['promoters', ['emailSend:send']],
        ['passives', ['airtable:create']],
        ['detractors', ['hubspot:create']],
      ],
    );
  });

  it('e-mails "each customer a polite payment reminder written by AI", written first', () => {
    const spec = readRequest(
      'On the 1st of each month, pull unpaid QuickBooks invoices and send each customer a polite, personalised payment reminder written by AI.',
    );
    const kinds = spec.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind));
    assert.ok(!kinds.some((k) => k.startsWith('stripe')), 'a payment reminder is no Stripe step');
    assert.ok(kinds.indexOf('ai') >= 0 && kinds.indexOf('ai') < kinds.indexOf('emailSend:send'), kinds.join());
  });
});
