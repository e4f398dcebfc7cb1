// Requests as small-business owners, finance staff and engineers write them: outcomes said as the people they reach
// ("registrants who attended get …; those who didn't …"), a start said as a heading ("Zendesk ticket created where
// …:", "Manual run."), the app a scene sentence names ("Parents pay term fees through PayPal. When a payment comes in
// …"), routes said as "for Payroll, …" or "routed by department: IT to …", and files zipped, built or compared.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool, teamReply } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { parseValidation } from '../src/workflows/validation.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, branchOf, kinds } from './readerSteps.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]) => kinds(steps).filter((k) => k.includes(':'));

describe('the reader on outcomes said as the people they reach', () => {
  it('reads "X who did Y get A; those who didn\'t get B" as an If on what they did, a message on each side', () => {
    const spec = readRequest(
      "When a Zoom webinar ends, registrants who attended get a thank-you email and those who didn't attend get the recording link by email.",
    );
    const branch = branchOf(spec);
    assert.deepEqual([branch.condition.field, branch.condition.operator], ['attended', 'isTrue']);
    assert.deepEqual([apps(branch.then), apps(branch.otherwise)], [['emailSend:send'], ['emailSend:send']]);
  });

  it('sends each side by its own channel, and "everyone else" is the other side', () => {
    const spec = readRequest(
      'Customers who paid get a receipt by email, everyone else gets a payment reminder via SMS.',
    );
    const branch = branchOf(spec);
    assert.equal(branch.condition.field, 'paid');
    assert.deepEqual([apps(branch.then), apps(branch.otherwise)], [['emailSend:send'], ['twilio:send']]);
  });

  it('keeps a particle with its verb ("opted in") and gives the side that gets nothing no step', () => {
    const spec = readRequest(
      "When a Typeform is submitted, people who opted in get a welcome email; those who didn't get nothing.",
    );
    const filter = all(spec).find((s) => s.kind === 'filter');
    assert.ok(filter?.kind === 'filter');
    assert.equal(filter.condition.field, 'opted_in');
    assert.deepEqual(spec.unmapped, []);
  });

  it('reads "ask the customer for a review by email" as a mail that asks', () => {
    const spec = readRequest(
      'When a new order arrives in Shopify, wait 7 days and then ask the customer for a review by email.',
    );
    assert.deepEqual(kinds(spec.steps), ['wait', 'emailSend:send']);
    assert.deepEqual(spec.unmapped, []);
  });
});

describe('the reader on starts said as headings or scenes', () => {
  it('starts from a button for "Manual run." and keeps the API limit as the batches\' pace, not a call', () => {
    const spec = readRequest(
      'Manual run. Read all ~2k records from Airtable table `Leads` and POST each to https://api.crm.example.com/v2/contacts. API limit is 50 req/min so do batches of 50 and wait 60s between batches.',
    );
    assert.equal(spec.trigger.kind, 'manual');
    const loop = spec.steps.find((s) => s.kind === 'loop');
    assert.ok(loop?.kind === 'loop');
    assert.equal(loop.size, 50);
    assert.deepEqual(kinds(loop.body), ['http', 'wait']);
    const wait = loop.body[1];
    assert.deepEqual(wait?.kind === 'wait' && [wait.amount, wait.unit], [60, 'seconds']);
  });

  it('reads "App noun verbed …:" and "App: noun verbed … ->" as the app\'s event', () => {
    const zendesk = readRequest(
      "Zendesk ticket created where the requester `locale` isn't English: translate the ticket description to English with DeepL.",
    );
    assert.deepEqual(zendesk.trigger, { kind: 'app', app: 'zendesk', event: 'created', item: 'ticket' });
    const filter = zendesk.steps.find((s) => s.kind === 'filter');
    assert.ok(filter?.kind === 'filter');
    assert.equal(filter.condition.operator, 'notEquals');
    const box = readRequest('Box: new file uploaded to folder `signed-contracts` -> upload to S3 bucket `archive`.');
    assert.equal(box.trigger.kind === 'app' && box.trigger.app, 'box');
    assert.deepEqual(apps(box.steps), ['awsS3:create']);
  });

  it('starts from the app a scene sentence names, not the generic default or a billing period', () => {
    const paypal = readRequest(
      "Parents pay term fees through PayPal. When a payment comes in, look up the student in our Airtable 'Students' table.",
    );
    assert.equal(paypal.trigger.kind === 'app' && paypal.trigger.app, 'payPal');
    assert.deepEqual(paypal.unmapped, []);
    const chargebee = readRequest(
      "Our music school bills monthly subscriptions through Chargebee. When a subscription is cancelled, set the student's status to 'inactive' in our Notion 'Students' database.",
    );
    assert.equal(chargebee.trigger.kind === 'app' && chargebee.trigger.app, 'chargebee');
  });

  it('reads "our n8n application form (name, email, …)" as n8n\'s form with those fields', () => {
    const spec = readRequest(
      'When an applicant submits our n8n application form (name, email, role, CV upload), save the CV in Google Drive.',
    );
    assert.deepEqual(spec.trigger, {
      kind: 'form',
      title: 'Form',
      fields: ['Name', 'Email', 'Role', 'CV upload'],
    });
    assert.deepEqual(spec.unmapped, []);
  });
});

describe('the reader on routes, merges and files', () => {
  it('fills a classifier\'s routes from "for Payroll, …; for Other, …"', () => {
    const spec = readRequest(
      'When an email arrives in the hr-help@ourcompany.com Outlook mailbox, use AI to classify it as Payroll, Benefits, Leave, IT Access or Other, and create a Freshdesk ticket with the category as a tag. In addition, route by category: for Payroll, post the ticket link in the Payroll channel in Microsoft Teams; for Other, reply to the sender asking for more details; for the remaining categories, do nothing further.',
    );
    const classifier = all(spec).find((s) => s.kind === 'ai' && s.routes);
    assert.ok(classifier?.kind === 'ai');
    const routes = Object.fromEntries(classifier.routes!.map((r) => [r.name, apps(r.steps)]));
    assert.deepEqual(routes.Payroll, ['microsoftTeams:send']);
    assert.deepEqual(routes.Other, ['microsoftOutlook:send']);
    assert.deepEqual(routes['IT Access'], []);
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'a label is no system to call');
    assert.deepEqual(spec.unmapped, []);
  });

  it('reads "the weather from OpenWeatherMap and the headlines …, both combined into one Slack message" as a Merge', () => {
    const spec = readRequest(
      'Every morning at 8, get the weather from OpenWeatherMap and the top headlines from our RSS feed, both combined into one Slack message.',
    );
    const par = spec.steps[0];
    assert.ok(par?.kind === 'parallel' && par.merge);
    assert.deepEqual(
      par.branches.map((b) => apps(b)),
      [['openWeatherMap:read'], ['rssFeedRead:read']],
    );
    assert.deepEqual(apps(spec.steps.slice(1)), ['slack:send']);
  });

  it('compares an uploaded CSV with the rows of another app on the field said', () => {
    const spec = readRequest(
      "Finance will upload the monthly corporate card statement as a CSV through an n8n form. Parse the CSV and compare its transactions with the receipts logged in the 'Receipts' table in Airtable, matching on amount and transaction date. For every card transaction with no matching receipt, email the cardholder (Cardholder Email column in the CSV).",
    );
    assert.equal(spec.trigger.kind, 'form');
    const par = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(par?.kind === 'parallel');
    assert.deepEqual(par.compare, { key: 'amount', keep: 'a' });
    assert.deepEqual(par.branches.map(kinds), [['extract'], ['airtable:read']]);
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'a column is no system to call');
  });

  it('zips with the Compression node and makes the CSV a step asks to build', () => {
    const zip = readRequest(
      "Every Sunday at 23:00, export all rows of the 'general_ledger' table in Postgres to a CSV file, compress it into a zip archive named gl_<date>.zip, and upload it to the S3 bucket 'finance-backups'.",
    );
    assert.deepEqual(kinds(zip.steps), ['postgres:read', 'convert', 'node', 'awsS3:create']);
    const built = readRequest(
      "Every other Friday at 06:00: download the payroll CSV from our SFTP server, parse it and merge it with the employee bank details in the 'employee_bank' table in MySQL on employee_id. Build a bank payment CSV with columns sort_code, account_number, amount. Upload the file to /outbound on the same SFTP server.",
    );
    const par = built.steps[0];
    assert.ok(par?.kind === 'parallel' && par.merge);
    assert.deepEqual(par.branches.map(kinds), [['ftp:read', 'extract'], ['mySql:read']]);
    assert.deepEqual(kinds(built.steps.slice(1)), ['convert', 'ftp:create']);
  });
});

describe('the builder on routes said with addresses', () => {
  it('sends each department its own mail from one Switch, and n8n’s validator accepts it', async () => {
    const { workflow, text } = await teamReply(
      [
        'When a purchase request is submitted through our Typeform (fields: requester, department, item, amount, justification), send an approval request email via Outlook routed by department: IT requests to it-lead@ourcompany.com, Marketing to cmo@ourcompany.com, Facilities to facilities@ourcompany.com, and any other department to coo@ourcompany.com.',
      ],
      pool,
    );
    assert.ok(workflow, text.slice(0, 400));
    const wf: N8nWorkflow = workflow;
    const validation = await pool.callTool('n8n', null, 'validate_workflow', { workflow: wf });
    assert.deepEqual(parseValidation(validation.text, validation.isError).errors, []);
    const sw = wf.nodes.find((n) => n.type === 'n8n-nodes-base.switch');
    assert.ok(sw);
    const outlook = wf.nodes.filter((n) => n.type === 'n8n-nodes-base.microsoftOutlook');
    assert.deepEqual(outlook.map((n) => n.parameters.toRecipients).sort(), [
      'cmo@ourcompany.com',
      'coo@ourcompany.com',
      'facilities@ourcompany.com',
      'it-lead@ourcompany.com',
    ]);
    // Only the Switch leads to the mails: the step the routes share out is not sent once more before it.
    const trigger = wf.nodes.find((n) => n.type === 'n8n-nodes-base.typeformTrigger')!;
    assert.deepEqual(
      wf.connections[trigger.name]?.main?.[0]?.map((c) => c.node),
      [sw.name],
    );
  });
});
