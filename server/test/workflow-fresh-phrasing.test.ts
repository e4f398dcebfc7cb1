// Readings found by writing requests the way users do (fifth pass): an item archived where the app has no archive of
// its own, tags put on a subscriber, a Google Form's responses watched in their sheet, mail forwarded by who sent it,
// an address's shape tested (and a verifier's answer kept apart from it), a file dropped into a bucket, a summary of
// the items read, a state said of the people a step is for, two records made of one person, and new items polled.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Condition, Step } from '../src/workflows/spec.ts';
import { all, kinds } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const appSteps = (request: string) =>
  all(readRequest(request)).filter((s): s is Extract<Step, { kind: 'app' }> => s.kind === 'app');

/** Every test the spec makes: Filters and Ifs. */
const tests = (request: string): Condition[] =>
  all(readRequest(request)).flatMap((s) => (s.kind === 'filter' || s.kind === 'if' ? [s.condition] : []));

const EMAIL_SHAPE = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

describe('an item archived where the app has no archive of its own', () => {
  it('closes the Trello card (an update), never deletes it', async () => {
    const request =
      'When a deal is marked lost in Pipedrive, post a note in Slack and then archive the Trello card for that client.';
    assert.deepEqual(
      appSteps(request).map((s) => `${s.app}:${s.verb}`),
      ['slack:send', 'trello:update'],
    );
    const workflow = await validBuild(pool, request);
    const trello = workflow.nodes.find((n) => n.type.endsWith('.trello'));
    assert.equal(trello?.parameters.operation, 'update');
    assert.deepEqual((trello?.parameters.updateFields as Record<string, unknown>).closed, true);
    assert.ok(!workflow.nodes.some((n) => n.parameters.operation === 'delete'));
  });
});

describe('tags put on the person a mailing app keeps', () => {
  it('adds the buyer to ConvertKit by tagging them there, from the Gumroad sale', async () => {
    const request = "When someone buys my ebook on Gumroad, add them to ConvertKit and tag them 'ebook-buyer'.";
    // ConvertKit's "tagSubscriber: add" subscribes an address it does not have yet: one step does both.
    assert.deepEqual(
      appSteps(request).map((s) => `${s.app}:${s.verb}:${s.noun}`),
      ['convertKit:create:tagSubscriber'],
    );
    const workflow = await validBuild(pool, request);
    assert.deepEqual(
      workflow.nodes.map((n) => [n.type.split('.').pop(), n.parameters.resource]),
      [
        ['gumroadTrigger', 'sale'],
        ['convertKit', 'tagSubscriber'],
      ],
    );
  });

  it('tags an ActiveCampaign contact with its own tagging step', () => {
    const request = "When a Typeform is submitted, create the contact in ActiveCampaign and add the tag 'webinar'.";
    assert.deepEqual(
      appSteps(request).map((s) => `${s.app}:${s.verb}:${s.noun}`),
      ['activeCampaign:create:contact', 'activeCampaign:create:contactTag'],
    );
  });
});

describe('a Google Form’s responses', () => {
  it('are watched as the rows of their sheet, and the reply says so', () => {
    const spec = readRequest(
      'Whenever a parent submits our Google Form for the summer camp, email them a confirmation.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'googleSheets', event: 'created', item: 'row' });
    assert.deepEqual(kinds(all(spec)), ['emailSend:send']);
    assert.ok(spec.choices.some((c) => c.said === 'Google Form' && /Google Sheets trigger/.test(c.chose)));
  });

  it('makes no second sheet step of the responses sheet said in passing', () => {
    for (const request of [
      'Leads come in through a Google Form (the answers go to a sheet). For each new lead send a WhatsApp message.',
      'new hire form (google form → sheet) → create their google workspace account and send a welcome email',
    ]) {
      const spec = readRequest(request);
      assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'googleSheets', request);
      assert.ok(!kinds(all(spec)).some((k) => k.startsWith('googleSheets:')), `${request}: ${kinds(all(spec))}`);
    }
  });

  it('leaves a form the workflow sends alone', () => {
    const spec = readRequest('When a new row is added to our sheet, send them a Google Form link by email.');
    assert.ok(!spec.choices.some((c) => c.said === 'Google Form'));
  });
});

describe('mail forwarded by who sent it or what it carries', () => {
  it('tests the sender and mails the role named, not the sender', () => {
    const spec = readRequest(
      'When an email arrives in Gmail, forward any email from billing@acme.com to our bookkeeper.',
    );
    assert.deepEqual(
      tests('When an email arrives in Gmail, forward any email from billing@acme.com to our bookkeeper.'),
      [{ field: 'from', operator: 'contains', value: 'billing@acme.com' }],
    );
    const send = all(spec).find((s) => s.kind === 'app' && s.verb === 'send');
    assert.equal(send?.kind === 'app' && send.hints.email, "<__PLACEHOLDER_VALUE__Your bookkeeper's email address__>");
  });

  it('reads an invoice the mail carries as its content, not an invoicing app', () => {
    const request = 'Forward every email with an invoice attached to my accountant.';
    assert.deepEqual(kinds(all(readRequest(request))), ['filter', 'emailSend:send']);
    assert.deepEqual(tests(request), [{ field: 'text', operator: 'contains', value: 'invoice' }]);
  });
});

describe('an address’s shape tested', () => {
  it('is a regular-expression test with both outcomes', async () => {
    const request =
      'When a new row is added to our Google Sheet of signups, check if the email is valid. If valid, add them to Mailchimp; if not, post the row in Slack.';
    const spec = readRequest(request);
    const branch = all(spec).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'email', operator: 'matches', value: EMAIL_SHAPE });
    assert.deepEqual(kinds(branch.then), ['mailchimp:create']);
    assert.deepEqual(kinds(branch.otherwise), ['slack:send']);
    const workflow = await validBuild(pool, request);
    const test = JSON.stringify(workflow.nodes.find((n) => n.type.endsWith('.if'))?.parameters);
    assert.match(test, /"operation":"regex"/);
  });

  it('keeps a verifier’s answer as the test after a verification service', () => {
    assert.deepEqual(
      tests(
        'When a lead comes in from Typeform, verify the email with Hunter. If the email is valid, add them to HubSpot.',
      ),
      [{ field: 'valid', operator: 'isTrue', value: true }],
    );
    assert.deepEqual(
      tests(
        'When a row is added to our signups sheet, validate the email address with Mailcheck. If the email is valid, add the person to Baserow.',
      ),
      [{ field: 'valid', operator: 'isTrue', value: true }],
    );
  });

  it('does not take "check the email isn’t already there" or "check it with a service" for a shape test', () => {
    for (const request of [
      'when someone fills the contact form can it check the email isn’t already in the leads sheet before adding?',
      'check every url posted in #security on Slack with urlscan and reply with the verdict',
    ])
      assert.ok(!tests(request).some((c) => c.operator === 'matches'), request);
  });
});

describe('a file put in a store that has no trigger', () => {
  it('polls the bucket for new files, downloads each and reads its rows', async () => {
    const request = 'When a CSV file is uploaded to our S3 bucket, import each row into Postgres.';
    const workflow = await validBuild(pool, request);
    const types = workflow.nodes.map((n) => n.type.split('.').pop());
    assert.deepEqual(types, ['scheduleTrigger', 'awsS3', 'removeDuplicates', 'awsS3', 'extractFromFile', 'postgres']);
    const download = workflow.nodes.find((n) => n.parameters.operation === 'download');
    assert.match(String(download?.parameters.fileKey), /\$json\.Key/);
  });
});

describe('a summary of the items read', () => {
  it('reads the mail, keeps the unread, makes one message and mails it to the user', async () => {
    const request = 'Every morning at 8, send me a summary of my unread emails in Gmail.';
    assert.deepEqual(kinds(all(readRequest(request))), ['gmail:read', 'filter', 'aggregate', 'gmail:send']);
    const workflow = await validBuild(pool, request);
    const send = workflow.nodes.find((n) => n.parameters.operation === 'send');
    assert.equal(send?.parameters.sendTo, '<__PLACEHOLDER_VALUE__Your email address__>');
  });

  it('tests a state before the digest is made of the items', () => {
    assert.deepEqual(kinds(all(readRequest('Every Friday, send a Slack digest of overdue Jira issues.'))), [
      'jira:read',
      'filter',
      'aggregate',
      'slack:send',
    ]);
  });

  it('makes no digest of a list the user keeps, nor of a summary that is a total', () => {
    const kept = readRequest(
      'We keep a list of our domains in a Google Sheet. Every day at 6am read the list and post each domain to Slack.',
    );
    assert.ok(!kinds(all(kept)).includes('aggregate'), kinds(all(kept)).join());
  });
});

describe('a state said of the people a step is for', () => {
  it('reads them where they are kept and keeps those in that state, before the step', () => {
    assert.deepEqual(
      kinds(
        all(
          readRequest(
            'On the first of every month, create an invoice in Xero for every active client in our Airtable base.',
          ),
        ),
      ),
      ['airtable:read', 'filter', 'xero:create'],
    );
    const members = readRequest('Email all inactive members in our Google Sheet a reminder every Monday.');
    assert.deepEqual(kinds(all(members)), ['googleSheets:read', 'filter', 'emailSend:send']);
    assert.deepEqual(tests('Email all inactive members in our Google Sheet a reminder every Monday.'), [
      { field: 'status', operator: 'equals', value: 'inactive' },
    ]);
  });
});

describe('two records made of one person', () => {
  it('creates the person and the deal', async () => {
    const request = 'When someone books a call through Calendly, add them to Pipedrive as a new person and deal.';
    assert.deepEqual(
      appSteps(request).map((s) => `${s.app}:${s.noun}`),
      ['pipedrive:person', 'pipedrive:deal'],
    );
    const workflow = await validBuild(pool, request);
    assert.deepEqual(
      workflow.nodes.filter((n) => n.type.endsWith('.pipedrive')).map((n) => n.parameters.resource),
      ['person', 'deal'],
    );
  });
});

describe('new items asked for without a start', () => {
  it('polls for them on a schedule and lets only the unseen through', () => {
    assert.deepEqual(kinds(all(readRequest('Get new tweets mentioning our brand and post them in Slack.'))), [
      'twitter:read',
      'dedupe',
      'slack:send',
    ]);
    assert.equal(readRequest('Get new tweets mentioning our brand and post them in Slack.').trigger.kind, 'schedule');
  });

  it('starts from the app’s own trigger on the items, not on the folder they land in', () => {
    const spec = readRequest(
      'Take new images uploaded to a Google Drive folder, resize them to 1200px wide and upload them to another folder.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'googleDrive', event: 'created', item: 'image' });
  });

  it('reads the app a sheet is kept in sync with', () => {
    assert.deepEqual(kinds(all(readRequest('Keep a Google Sheet in sync with our Airtable base every hour.'))), [
      'airtable:read',
      'googleSheets:create',
    ]);
  });
});
