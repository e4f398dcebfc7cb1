// Requests as people first type them into a workflow builder, or post them on a forum, or write them as a full
// specification: "our chat" for the team's chat app, "if someone logs …" for an event, "X that get the bug label
// should turn into …" with no "when", "otherwise nothing" after the one outcome that does something, a level in "our
// database" watched on a schedule, "If found: … If not found: …", and a text splitter sized in the request.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, kinds, filters } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));

const built = (request: string) => validBuild(pool, request);

describe('the reader on first messages and forum posts', () => {
  it('reads "our chat" as the team chat app, beside the app the items come from', () => {
    const quote = readRequest('post a random motivational quote from our airtable to the team chat every weekday at 9');
    assert.deepEqual(apps(all(quote)), ['airtable:read', 'slack:send']);
    const heads = readRequest(
      'new eventbrite attendee -> add them to our mailchimp audience + post a heads up in our chat',
    );
    assert.deepEqual(heads.trigger, { kind: 'app', app: 'eventbrite', event: 'created' });
    assert.ok(apps(all(heads)).includes('slack:send'));
    assert.ok(heads.choices.some((c) => c.said === 'our chat' && c.chose === 'Slack'));
    // "in our chat" is where the message goes, not n8n's chat start.
    const logged = readRequest(
      'if someone logs a clockify time entry longer than 8 hours message them in our chat asking them to double check it',
    );
    assert.deepEqual(logged.trigger, { kind: 'app', app: 'clockify', event: 'created' });
    assert.deepEqual(filters(all(logged)), [{ field: 'duration', operator: 'gt', value: 8 }]);
  });

  it('reads "my calendar events" in a message as a read of the calendar', () => {
    const week = readRequest(
      'every sunday night send me a telegram message listing all my calendar events for the coming week',
    );
    assert.deepEqual(apps(all(week)), ['googleCalendar:read', 'telegram:send']);
  });

  it('starts from the app a person puts an item into', () => {
    for (const [request, app, item] of [
      ['when someone adds a row to our Google Sheet, post it in Slack', 'googleSheets', 'row'],
      ['when someone adds a card to our Trello board, post it in Slack', 'trello', 'card'],
      ['if someone adds a row to our google sheet, post it in our chat', 'googleSheets', 'row'],
    ] as const) {
      const spec = readRequest(request);
      assert.deepEqual(spec.trigger, { kind: 'app', app, event: 'created', item }, request);
      assert.deepEqual(apps(all(spec)), ['slack:send'], request);
    }
  });

  it('starts from the items a sentence says "should" be handled, with the label they get as a test', () => {
    const bugs = readRequest('github issues that get the bug label should turn into jira tickets automatically');
    assert.deepEqual(bugs.trigger, { kind: 'app', app: 'github', event: 'created', item: 'issue' });
    assert.deepEqual(filters(all(bugs)), [{ field: 'labels', operator: 'contains', value: 'bug' }]);
    const customer = readRequest(
      'new linear issues with the customer label should get copied into our notion feedback database',
    );
    assert.deepEqual(filters(all(customer)), [{ field: 'labels', operator: 'contains', value: 'customer' }]);
    // The database is Notion's, no Postgres step.
    assert.deepEqual(apps(all(customer)), ['notion:create']);
    const payments = readRequest('stripe payments over 100 dollars should be logged in google sheets');
    assert.deepEqual(payments.trigger, { kind: 'app', app: 'stripe', event: 'created', item: 'payment' });
    // "should get tagged 'intl'" is the change made, no test of the label; the change stays a step, for the orders of
    // the country said.
    const tagged = readRequest("shopify orders from canada should get tagged 'intl'");
    assert.deepEqual(filters(all(tagged)), [{ field: 'country', operator: 'equals', value: 'Canada' }]);
    assert.deepEqual(apps(all(tagged)), ['shopify:update']);
  });

  it('starts from the app a request watches or monitors', () => {
    const drive = readRequest("watch our Google Drive folder 'Invoices' and post new files to Slack");
    assert.deepEqual(drive.trigger, { kind: 'app', app: 'googleDrive', event: 'created' });
    assert.deepEqual([apps(all(drive)), drive.unmapped], [['slack:send'], []]);
    const trello = readRequest('monitor our Trello board and send new cards to Slack');
    assert.deepEqual([trello.trigger.kind, trello.unmapped], ['app', []]);
    const inbox = readRequest('Monitor my Gmail inbox and save attachments to Google Drive');
    assert.deepEqual(inbox.trigger, { kind: 'email', provider: 'gmail', attachments: true });
    assert.deepEqual([apps(all(inbox)), inbox.choices], [['googleDrive:create'], []]);
    // The inbox the trigger watches is read by the trigger, no step of its own.
    const support = readRequest(
      'I need an automation which watches our support Gmail inbox and creates a Zendesk ticket for each new email',
    );
    assert.deepEqual(apps(all(support)), ['zendesk:create']);
  });

  it('watches a level kept in "our database" on a schedule', () => {
    const stock = readRequest('when the stock of any product in our database falls below 10, email the supplier');
    assert.equal(stock.trigger.kind, 'schedule');
    assert.deepEqual(apps(all(stock)), ['postgres:read', 'emailSend:send']);
    assert.deepEqual(filters(all(stock)), [{ field: 'stock', operator: 'lt', value: 10 }]);
    const usage = readRequest(
      "when a customer's usage in our database drops to zero for 7 days create a task for their account manager and send the customer a check-in email",
    );
    assert.equal(usage.trigger.kind, 'schedule');
    assert.deepEqual(filters(all(usage)), [{ field: 'usage', operator: 'lte', value: 0 }]);
  });
});

describe('the reader on outcomes said once, with the rest left alone', () => {
  it('tests the items named before the one outcome that does something', () => {
    const weather = readRequest(
      "5am daily: weather check (openweather) for each city on today's delivery routes (routes sheet). storm/snow/heavy rain -> whatsapp msg to the drivers on that route + flag route in sheet; otherwise nothing",
    );
    assert.deepEqual(filters(all(weather)), [{ field: 'storm_snow_heavy_rain', operator: 'isTrue', value: true }]);
    assert.deepEqual(kinds(weather.steps).slice(0, 3), ['openWeatherMap:read', 'filter', 'whatsApp:send']);
    const vip = readRequest(
      'Every 5 min, fetch Zammad tickets created since last run. Customer email domain in our VIP list (`bigbank.com`, `globex.com`) -> set priority `3 high` and DM the account manager in Slack. Others: leave alone.',
    );
    assert.deepEqual(filters(all(vip)), [
      { field: 'customer_email_domain_in_our_vip_list', operator: 'isTrue', value: true },
    ]);
    // "Orders without a gift product: nothing": the items left alone are named in words of their own.
    const gift = readRequest(
      "For orders in our Shopify store that include a 'gift' product, create a greeting card with Bannerbear and email the image to fulfilment@shop.example. Orders without a gift product: nothing.",
    );
    assert.deepEqual(filters(all(gift)), [{ field: 'orders_gift_product', operator: 'isTrue', value: true }]);
    const late = readRequest(
      "When a trial account opens its first Zendesk ticket, send an 'early_ticket' event to Customer.io. Tickets after day 7 shouldn't send anything.",
    );
    assert.deepEqual(filters(all(late)), [{ field: 'tickets_day_7', operator: 'isFalse', value: false }]);
  });

  it('reads "for any hit", "when one shows delivered" and "they reach 50 or more" as tests', () => {
    const hit = readRequest(
      'Monthly: pull all active Okta users, check each email against HIBP. For any hit, DM the user on Slack with the breach names.',
    );
    assert.deepEqual(filters(all(hit)), [{ field: 'hit', operator: 'isTrue', value: true }]);
    const shipped = readRequest(
      'We keep tracking numbers in a Google Sheet. Every 4 hours check each shipment with DHL; when one shows delivered, update the sheet row to Delivered and email the customer.',
    );
    assert.deepEqual(filters(all(shipped)), [{ field: 'status', operator: 'equals', value: 'delivered' }]);
    const points = readRequest(
      "When a contact's points change in Mautic and they reach 50 or more, create them as a lead in Zoho CRM and notify the sales rep in Slack #hot-leads.",
    );
    assert.deepEqual(filters(all(points)), [{ field: 'points', operator: 'gte', value: 50 }]);
  });

  it('tests a state said after the change ("updated to status \'completed\'") before the wait that follows', () => {
    const review = readRequest(
      "When a WooCommerce order is updated to status 'completed', wait 7 days and then send the customer a review-request email via Mailjet.",
    );
    assert.deepEqual(kinds(review.steps), ['filter', 'wait', 'mailjet:send']);
    assert.deepEqual(filters(review.steps), [{ field: 'status', operator: 'equals', value: 'completed' }]);
  });

  it('writes "with tag …" after an add as the step\'s value, and sends a "personal email"', () => {
    const spec = readRequest(
      'When someone registers on Eventbrite, add them to our Mailchimp audience with tag "conf-2025". If the ticket type is VIP, also send them a personal email about the speakers dinner.',
    );
    assert.deepEqual(filters(all(spec)), [{ field: 'ticket_type', operator: 'equals', value: 'vip' }]);
    assert.deepEqual(apps(all(spec)), ['mailchimp:create', 'emailSend:send']);
  });
});

describe('the reader on jobs said with no service', () => {
  it('verifies an e-mail address through a verification API the user points to', () => {
    const spec = readRequest(
      'new hubspot contact -> verify their email. if its invalid tag them as bad email in hubspot, otherwise add them to our activecampaign newsletter list',
    );
    const [call] = spec.steps;
    assert.deepEqual(call, {
      kind: 'http',
      url: null,
      method: 'GET',
      api: 'e-mail verification API',
      phrase: 'verify their email',
    });
    // "bad email" is what they are tagged as, no e-mail sent.
    assert.deepEqual(apps(all(spec)), ['hubspot:update', 'activeCampaign:create']);
    // A service named does it.
    assert.deepEqual(kinds(readRequest('verify the email with Hunter').steps), ['hunter:read']);
  });
});

describe('the reader on what a model writes and what the items have', () => {
  it('leaves a tweet a model writes to the model, and posts where the request says', () => {
    const tweet = readRequest(
      "Every Friday at 3pm, take the 5 links with the most clicks this week from our Airtable 'Links' table, have AI write a punchy weekly-roundup tweet, and post it to our X/Twitter account.",
    );
    // "our Airtable 'Links' table" is Airtable's table (its quoted name is no "link" of the app's).
    assert.deepEqual(kinds(tweet.steps), ['airtable:read', 'ai', 'twitter:send']);
    const ideas = readRequest(
      "Every weekday at 10am, get the top 10 hot posts from r/marketing, keep only the ones with more than 100 upvotes, have AI suggest one LinkedIn post idea for each, and save each idea with the Reddit link to the Notion database 'Content ideas'.",
    );
    // A subreddit is Reddit's; the count the items have is the field tested.
    assert.deepEqual(kinds(ideas.steps).slice(0, 2), ['reddit:read', 'filter']);
    assert.equal(kinds(ideas.steps).at(-1), 'notion:create');
    assert.deepEqual(filters(ideas.steps), [{ field: 'upvotes', operator: 'gt', value: 100 }]);
  });

  it('asks the model whether a message "sounds angry" and keeps the ones it says are', () => {
    const spec = readRequest(
      'when a customer replies to one of our support emails and sounds angry, flag it to me in our chat',
    );
    assert.equal(spec.trigger.kind, 'email');
    const [judge, test, post] = spec.steps;
    assert.ok(judge?.kind === 'ai' && judge.task === 'extract');
    assert.deepEqual(judge.attributes, ['angry']);
    assert.deepEqual(test, { kind: 'filter', condition: { field: 'output.angry', operator: 'isTrue', value: true } });
    assert.deepEqual(post && kinds([post]), ['slack:send']);
  });
});

describe('the reader on specifications', () => {
  it('reads "If found: … If not found: …" as both outcomes of one test, after a form with one field', () => {
    const spec = readRequest(
      "Create a form for GDPR deletion requests (email address). When submitted, look the email up in our MongoDB 'users' collection. If found: delete the user document, remove them from our Mailchimp list, and email them a confirmation. If not found: email them that we hold no data about them.",
    );
    assert.deepEqual(spec.trigger, { kind: 'form', title: 'Form', fields: ['Email address'] });
    const test = spec.steps.find((s) => s.kind === 'if');
    assert.ok(test?.kind === 'if');
    // The user document is MongoDB's, not a Google Doc.
    assert.deepEqual(apps(test.then), ['mongoDb:delete', 'mailchimp:delete', 'emailSend:send']);
    assert.deepEqual(apps(test.otherwise), ['emailSend:send']);
  });

  it('sends a report as a CSV attachment to the people named', () => {
    for (const request of [
      "Every Monday at 9am send a report of last week's signups from our Postgres db as a CSV attachment to the founders.",
      "Every Monday at 9am I need a report of last week's signups from our Postgres db as a CSV attachment emailed to the founders.",
    ]) {
      const spec = readRequest(request);
      assert.ok(kinds(all(spec)).includes('convert'), request);
      assert.equal(apps(all(spec)).at(-1), 'emailSend:send', request);
    }
    // "when an invoice is emailed to us" is the event, not a step.
    assert.deepEqual(apps(all(readRequest('When an invoice is emailed to us, save it to Drive'))), [
      'googleDrive:create',
    ]);
  });

  it('splits the text as the request sizes it, and stores it in the collection it names', async () => {
    const workflow = await built(
      "Build a RAG ingestion pipeline: when a new PDF is added to the Google Drive folder 'Knowledge Base', download it, split the text with a Recursive Character Text Splitter (chunk size 1000, overlap 100), create embeddings with OpenAI, and insert the chunks into the Qdrant collection 'kb'.",
    );
    const types = workflow.nodes.map((n) => n.type.split('.').pop());
    // An ingestion pipeline has no agent answering in it.
    assert.ok(!types.includes('agent'), types.join(', '));
    const splitter = workflow.nodes.find((n) => n.type.endsWith('.textSplitterRecursiveCharacterTextSplitter'));
    assert.deepEqual([splitter?.parameters.chunkSize, splitter?.parameters.chunkOverlap], [1000, 100]);
    const loader = workflow.nodes.find((n) => n.type.endsWith('.documentDefaultDataLoader'));
    assert.equal(loader?.parameters.textSplittingMode, 'custom');
    assert.deepEqual(workflow.connections[splitter!.name], {
      ai_textSplitter: [[{ node: loader!.name, type: 'ai_textSplitter', index: 0 }]],
    });
    const store = workflow.nodes.find((n) => n.type.endsWith('.vectorStoreQdrant'));
    assert.deepEqual(store?.parameters.qdrantCollection, { __rl: true, value: 'kb', mode: 'id' });
  });
});
