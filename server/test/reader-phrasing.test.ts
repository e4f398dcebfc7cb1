// The reader on phrasings people use that the golden set did not hold: each test names the behaviour a user sees
// in the workflow, so a rule change that loses it fails here with the reason.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { Step, WorkflowSpec } from '../src/workflows/spec.ts';
import { all } from './readerSteps.ts';

const apps = (spec: WorkflowSpec) => all(spec).flatMap((s) => (s.kind === 'app' ? [`${s.app}:${s.verb}`] : []));

describe('the reader on how people phrase requests', () => {
  it('sends the summary it made instead of summarising twice ("post the summary to Slack")', () => {
    const spec = readRequest(
      "Every Monday morning, pull last week's sales from Stripe, summarize them with AI and post the summary to Slack.",
    );
    const ai = all(spec).filter((s) => s.kind === 'ai');
    assert.equal(ai.length, 1);
    assert.equal(ai[0]!.kind === 'ai' && ai[0]!.task, 'summarise');
    assert.deepEqual(apps(spec), ['stripe:read', 'slack:send']);
  });

  it('gives an agent the apps it should have access to as tools, not as steps after it', () => {
    const spec = readRequest(
      'Build an AI agent that can answer customer questions via Telegram. It should have access to our product catalog in Google Sheets and be able to look up order status in Shopify.',
    );
    const agent = all(spec).find((s) => s.kind === 'ai' && s.task === 'agent');
    assert.ok(agent && agent.kind === 'ai');
    assert.deepEqual(agent.tools.map((t) => (t.kind === 'app' ? t.app : t.kind)).sort(), ['googleSheets', 'shopify']);
    // The bot still answers where it was asked.
    assert.deepEqual(apps(spec), ['telegram:send']);
  });

  it('does not add a reply to a bot that was only the source (a transcript saved to Notion)', () => {
    const spec = readRequest(
      'Take voice notes sent to my Telegram bot, transcribe them with Whisper, and save the text as a new page in Notion.',
    );
    assert.deepEqual(apps(spec), ['notion:create']);
  });

  it('waits until a time the user sets ("wait until one day before the meeting")', () => {
    const spec = readRequest(
      'When someone books a meeting on Calendly, add them to our CRM, wait until one day before the meeting, then send them a reminder email.',
    );
    const kinds = all(spec).map((s) => (s.kind === 'app' ? s.app : s.kind));
    assert.deepEqual(kinds, ['hubspot', 'wait', 'emailSend']);
    const wait = all(spec).find((s) => s.kind === 'wait');
    assert.ok(wait?.kind === 'wait');
    assert.equal(wait.until, 'one day before the meeting');
  });

  it('reads routes whose items are named by more than one word ("low priority ones are archived")', () => {
    const spec = readRequest(
      'When a Jira ticket is created, urgent tickets escalate to PagerDuty, low priority ones are archived in Google Sheets, and unknown go to #triage on Slack.',
    );
    const sw = spec.steps.find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))]),
      [
        ['urgent', ['pagerDuty:send']],
        ['low', ['googleSheets:create']],
      ],
    );
    assert.deepEqual(
      sw.fallback?.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['slack'],
    );
  });

  it('routes quoted values followed by their items ("\'create\' events go to Airtable")', () => {
    const spec = readRequest(
      "When a webhook receives an event, 'create' events go to Airtable, 'update' events go to Google Sheets, and anything else is logged to Slack.",
    );
    const sw = spec.steps.find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => r.name),
      ['create', 'update'],
    );
    assert.equal(sw.fallback?.length, 1);
  });

  it('reads whether a record exists, and gives the other outcome the same app ("otherwise create a new one")', () => {
    const spec = readRequest(
      'Sync new HubSpot contacts into a Baserow table. If the contact already exists in Baserow update the row, otherwise create a new one.',
    );
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.equal(branch.condition.operator, 'exists');
    assert.deepEqual(
      branch.otherwise.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['baserow:create'],
    );
  });

  it('reads a number with its unit and keeps the words after it ("above 3kW", "over 1000 email …")', () => {
    const kw = readRequest(
      'Every hour read the energy sensor in Home Assistant and if consumption is above 3kW send me a Gotify notification.',
    );
    assert.deepEqual(
      kw.steps.find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'consumption', operator: 'gt', value: 3 } },
    );
    const mail = readRequest('When a Stripe payment succeeds, if the amount is over 1000 email finance@example.com');
    assert.ok(apps(mail).includes('emailSend:send'));
  });

  it('takes an everyday word for a community node only where a capital makes it a name', () => {
    const lower = readRequest(
      'Read invoices from our accounting inbox over IMAP, pull out the total with AI and insert it into our postgres db.',
    );
    assert.ok(!apps(lower).some((a) => a.startsWith('accounting')), apps(lower).join(', '));
  });

  it('starts from the app the request set the scene with when the event names none ("I sell on Gumroad. When a sale happens …")', () => {
    const spec = readRequest(
      "im selling digital downloads on Gumroad. when a sale happens i want the buyer added to my MailerLite group 'customers' and a little celebration message posted in our discord",
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'gumroad');
    assert.ok(apps(spec).some((a) => a.startsWith('mailerLite:')));
    assert.ok(apps(spec).some((a) => a.startsWith('discord:')));
  });

  it('takes "a webhook that receives …" for the trigger, whatever it receives', () => {
    const spec = readRequest(
      'Build a webhook that receives an email address, verifies it with Hunter and responds to the caller with whether the address is deliverable.',
    );
    assert.equal(spec.trigger.kind, 'webhook');
  });

  it('does not take n8n doing the work for its own node ("can n8n watch …", "I\'d like n8n to read …")', () => {
    for (const request of [
      'Quick q: can n8n watch a Dropbox folder and when a new image is uploaded, put it in an S3 bucket?',
      "I'm using Home Assistant. I'd like n8n to read my energy sensor every 30 min and if consumption is above 3kW send me a notification through Gotify.",
    ])
      assert.ok(!apps(readRequest(request)).some((a) => a.startsWith('n8n:')), request);
    assert.ok(
      apps(readRequest('Every night back up all our n8n workflows to GitHub')).some((a) => a.startsWith('n8n:')),
    );
  });

  it('reads "every 30 min" as a schedule', () => {
    const spec = readRequest('Every 30 min read the energy sensor in Home Assistant and send it to Gotify');
    assert.deepEqual(spec.trigger, { kind: 'schedule', rule: { field: 'minutes', minutesInterval: 30 } });
  });

  it('answers a chat: a chat trigger with no AI step gets an agent, with the named vector store as its knowledge', () => {
    const spec = readRequest(
      'i want to build an internal Q&A bot for our team: load our Notion pages into a vector DB (thinking Qdrant) and let people ask questions through a chat trigger. any example workflows?',
    );
    assert.equal(spec.trigger.kind, 'chat');
    const agent = all(spec).find((s) => s.kind === 'ai' && s.task === 'agent');
    assert.ok(agent?.kind === 'ai');
    assert.deepEqual(agent.tools, [{ kind: 'vectorStore', app: 'vectorStoreQdrant' }]);
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'Q&A and DB are no systems of their own');
  });

  it("takes n8n's AI nodes named in the request for AI steps, not apps or systems", () => {
    const classify = readRequest('Label new Gmail emails automatically with an AI text classifier');
    assert.ok(all(classify).some((s) => s.kind === 'ai' && s.task === 'classify'));
    assert.ok(!apps(classify).some((a) => a.startsWith('textClassifier')));
    const extract = readRequest(
      'Extract the sender and the order number from each email with an Information Extractor and save them to Airtable',
    );
    assert.ok(all(extract).some((s) => s.kind === 'ai' && s.task === 'extract'));
    assert.ok(!all(extract).some((s) => s.kind === 'http'));
  });

  it('gives a mailing list its default app as a member ("add the buyer to our email list")', () => {
    const spec = readRequest('When a WooCommerce order is placed, add the buyer to our email list');
    const step = all(spec).find((s) => s.kind === 'app');
    assert.deepEqual(step?.kind === 'app' && [step.app, step.verb, step.noun], ['mailchimp', 'create', 'member']);
    assert.ok(spec.choices.some((c) => c.said === 'email list'));
  });

  it('reads a label or a new status in the event as its condition, and "all other …" as the other outcome', () => {
    const gitlab = readRequest(
      "When a GitLab issue is labelled 'security', create an incident in ServiceNow; all other new issues just get posted to the dev channel in Microsoft Teams.",
    );
    const branch = gitlab.steps[0];
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'labels', operator: 'contains', value: 'security' });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? s.app : s.kind))),
      [['serviceNow'], ['microsoftTeams']],
    );
    const clickup = readRequest(
      "we use clickup for project mgmt and want a telegram notification when a task's status changes to 'done'. tried the clickup trigger but cant figure out how to only let the done ones through",
    );
    assert.deepEqual(clickup.trigger.kind === 'app' && clickup.trigger.app, 'clickUp');
    assert.deepEqual(clickup.steps[0], {
      kind: 'filter',
      condition: { field: 'status', operator: 'equals', value: 'done' },
    });
    assert.deepEqual(apps(clickup), ['telegram:send']);
  });

  it('does not take what a question is about for a place to write ("questions about our docs")', () => {
    const spec = readRequest(
      'Create a chatbot that answers questions about our docs using an AI agent with a Wikipedia tool',
    );
    assert.deepEqual(apps(spec), []);
  });

  it('reads comparison signs and subjects that pick items ("if score > 70", "anyone scoring above 7 … the others …")', () => {
    const sign = readRequest(
      'candidates apply via Workable. if score > 70 send them my calendly link by email, else do nothing.',
    );
    assert.deepEqual(
      sign.steps.find((s) => s.kind === 'filter'),
      {
        kind: 'filter',
        condition: { field: 'score', operator: 'gt', value: 70 },
      },
    );
    const subject = readRequest(
      'Let applicants upload their CV through a form, use AI to score them. Anyone scoring above 7 gets an interview invite by email, the others get a polite rejection.',
    );
    const branch = subject.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition, { field: 'output.score', operator: 'gt', value: 7 });
    assert.deepEqual(
      [branch.then, branch.otherwise].map((l) => l.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))),
      [['emailSend:send'], ['emailSend:send']],
    );
  });

  it('routes items named by any word when the rest are named too ("Hot leads …; everyone else …")', () => {
    const spec = readRequest(
      'Hot leads should be created in HubSpot and the sales team should get a ping; everyone else just goes into our nurture spreadsheet.',
    );
    const sw = spec.steps.find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))]),
      [['hot', ['hubspot', 'slack']]],
    );
    assert.deepEqual(
      sw.fallback?.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['googleSheets'],
    );
    // Creating a record is no writing job for a model.
    assert.ok(!all(spec).some((s) => s.kind === 'ai'));
  });

  it('creates the item in the request\'s app that keeps it ("create a deal" in a HubSpot workflow)', () => {
    const spec = readRequest(
      'For each new lead in HubSpot, use AI to qualify the lead. If the score is above 70 create a deal, otherwise add them to a nurture list in Mailchimp.',
    );
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.then, [
      { kind: 'app', app: 'hubspot', verb: 'create', noun: 'deal', hints: {}, phrase: 'create a deal' },
    ]);
  });

  it('filters on what the user keeps ("only send the negative ones", "only the articles that mention …", "non-200")', () => {
    const negative = readRequest(
      'Anytime someone mentions our brand on Reddit, run sentiment analysis on the post and only send the negative ones to the community team in Discord.',
    );
    assert.deepEqual(
      negative.steps.find((s) => s.kind === 'filter'),
      {
        kind: 'filter',
        condition: { field: 'sentiment', operator: 'equals', value: 'negative' },
      },
    );
    const mention = readRequest(
      'Check a handful of tech news RSS feeds every hour, keep only the articles that mention AI regulation, summarize each one with Mistral and post the summaries to our Discord server.',
    );
    assert.deepEqual(
      mention.steps.find((s) => s.kind === 'filter'),
      {
        kind: 'filter',
        condition: { field: 'text', operator: 'contains', value: 'ai regulation' },
      },
    );
    assert.ok(!mention.steps.some((s) => s.kind === 'set'));
    const status = readRequest(
      "Check our website's status endpoint every hour; if it's not returning OK, post an alert in Microsoft Teams and open a Jira ticket for the on-call dev.",
    );
    assert.deepEqual(
      status.steps.find((s) => s.kind === 'filter'),
      {
        kind: 'filter',
        condition: { field: 'statusCode', operator: 'notEquals', value: 200 },
      },
    );
  });

  it('reads a pause however it is said ("a 20 s pause between requests", "add a delay", "pausing between messages")', () => {
    const waits = (r: string) => all(readRequest(r)).flatMap((s) => (s.kind === 'wait' ? [[s.amount, s.unit]] : []));
    assert.deepEqual(
      waits(
        'Every day read the rows from Google Sheets, loop over each row one at a time with a 20 s pause between HTTP requests, and save the price to Airtable',
      ),
      [[20, 'seconds']],
    );
    assert.deepEqual(waits('When a form is submitted, add a delay, then send a Slack message'), [[1, 'minutes']]);
    assert.deepEqual(
      waits('Get all contacts from HubSpot and send each one an email with Gmail, pausing between messages'),
      [[1, 'seconds']],
    );
  });

  it("names n8n's own nodes and brands as people write them (Error Trigger, LINE, NASA's, Rocket.Chat, SFTP)", () => {
    assert.equal(
      readRequest('i want an Error Trigger workflow that sends the failed workflow name to a Telegram chat').trigger
        .kind,
      'error',
    );
    assert.deepEqual(apps(readRequest('LINE notification for new WooCommerce orders')), ['line:send']);
    assert.ok(
      apps(readRequest("Post NASA's picture of the day to Telegram every morning")).some((a) => a.startsWith('nasa:')),
    );
    assert.deepEqual(apps(readRequest('Forward Telegram messages to Rocket.Chat')), ['rocketchat:send']);
    assert.ok(apps(readRequest('upload the CSV to our vendor SFTP server')).some((a) => a.startsWith('ftp:')));
    assert.deepEqual(readRequest('Morning digest of Linear issues to Discord').trigger.kind, 'schedule');
  });

  it('waits first when the request starts from a delay ("Two days after a new Shopify order comes in, …")', () => {
    const spec = readRequest(
      'Two days after a new Shopify order comes in, email the customer and ask them to leave a review.',
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'shopify');
    assert.deepEqual(spec.steps[0], { kind: 'wait', amount: 2, unit: 'days' });
    assert.deepEqual(spec.unmapped, []);
  });

  it('takes a capital X beside other apps for X (Twitter), and no other x', () => {
    assert.ok(apps(readRequest('When we publish a blog post, post it to X and LinkedIn')).includes('twitter:send'));
    assert.ok(
      !apps(readRequest('Every day multiply the value x by two and save it to Airtable')).some((a) =>
        a.startsWith('twitter'),
      ),
    );
  });

  it("answers a webhook's caller when asked to respond, and takes an API endpoint for a webhook", () => {
    const hunter = readRequest(
      'Build a webhook that receives an email address, verifies it with Hunter and responds to the caller with whether the address is deliverable.',
    );
    assert.deepEqual(hunter.trigger, { kind: 'webhook', path: 'email-address', method: 'POST', respond: true });
    assert.deepEqual(hunter.steps.at(-1), { kind: 'respond', status: 200, body: 'json' });
    const endpoint = readRequest(
      "I need an API endpoint that takes a customer's email, looks them up in our database and responds with their current plan and renewal date.",
    );
    assert.equal(endpoint.trigger.kind, 'webhook');
    assert.deepEqual(apps(endpoint), ['postgres:read']);
    assert.deepEqual(endpoint.steps.at(-1), { kind: 'respond', status: 200, body: 'json' });
    // "reply on Telegram" goes to Telegram, not to the caller.
    const telegram = readRequest(
      'When a webhook receives a question, answer it with an AI agent that can search Wikipedia and calculate, then reply on Telegram',
    );
    assert.ok(!telegram.steps.some((s) => s.kind === 'respond'));
    assert.deepEqual(apps(telegram), ['telegram:send']);
  });

  it('reads loops, labels and "there are no …" in how-it-works prose', () => {
    const loop = readRequest(
      'HubSpot search pulls a focused list of contacts. Batch loop processes contacts one by one. Gmail fetch grabs up to 20 recent threads from each contact.',
    );
    const body = loop.steps.find((s) => s.kind === 'loop');
    assert.ok(body?.kind === 'loop');
    assert.deepEqual(
      body.body.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['gmail'],
    );
    const none = readRequest(
      'A Telegram user sends /orders to the bot. The workflow fetches open orders from Shopify. If there are no open orders, the bot replies with a message in Telegram.',
    );
    assert.deepEqual(
      none.steps.find((s) => s.kind === 'filter'),
      {
        kind: 'filter',
        condition: { field: 'open_orders', operator: 'notExists', value: '' },
      },
    );
    const label = readRequest(
      'Loop with delay: Iterates over each row one at a time, with a short pause between requests.',
    );
    // The title is no step of its own: the one pause is the loop's.
    assert.deepEqual(
      label.steps.map((s) => (s.kind === 'loop' ? s.body.map((b) => b.kind) : s.kind)),
      [['wait']],
    );
  });

  it('routes ranges of a score or rating, highest first, the rest to the fallback ("9 or 10 …, 7 or 8 …, anything 6 or below …")', () => {
    const nps = readRequest(
      "Route our Typeform NPS responses by score: 9 or 10 go into the 'promoters' table in Airtable, 7 or 8 into 'passives', and anything 6 or below creates a follow-up task for me in Todoist.",
    );
    const sw = nps.steps.find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.condition, r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))]),
      [
        ['9 or 10', { field: 'score', operator: 'between', value: '9..10' }, ['airtable']],
        ['7 or 8', { field: 'score', operator: 'between', value: '7..8' }, ['airtable']],
      ],
    );
    assert.deepEqual(
      sw.fallback?.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['todoist'],
    );
    assert.ok(!nps.steps.some((s) => s.kind === 'http'), 'NPS is no system of its own');
    const stars = readRequest(
      'When a new review arrives in Google Business Profile, 1 to 3 stars get an email to support, 4 and 5 star reviews get posted to #wins on Slack.',
    );
    const byRating = stars.steps.find((s) => s.kind === 'switch');
    assert.ok(byRating?.kind === 'switch');
    assert.equal(byRating.field, 'rating');
    assert.deepEqual(
      byRating.routes.map((r) => [r.name, r.condition?.value]),
      [
        ['4 and 5', '4..5'],
        ['1 to 3', '1..3'],
      ],
    );
  });
  it('builds the core node a forum post names ("with the Set node", "an Execute Workflow node", "the HTML node")', () => {
    const set = readRequest(
      'Every night read the orders CSV from S3, rename the columns with the Set node and upsert them into MySQL.',
    );
    assert.deepEqual(
      all(set).map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['awsS3', 'extract', 'set', 'mySql'],
    );
    const sub = readRequest(
      'When our booking system calls a webhook, use an Execute Workflow node to run the sub-workflow that texts the guest via Twilio.',
    );
    assert.ok(all(sub).some((s) => s.kind === 'node' && s.node === 'subworkflow'));
    const html = readRequest(
      'Once a day fetch a few shop pages with HTTP Request and the HTML node, then store the prices in Baserow.',
    );
    const kinds = all(html).map((s) => (s.kind === 'node' ? s.node : s.kind === 'app' ? s.app : s.kind));
    assert.deepEqual(kinds.filter((k) => k === 'http').length, 1, 'HTTP Request named beside the fetch is that fetch');
    assert.ok(kinds.includes('html'));
  });

  it('keeps only the items a test after "keep only the ones …" passes (tags, mentions)', () => {
    const tagged = readRequest(
      'Every hour pull new contacts from HubSpot, keep only the ones tagged "vip" and add them to a Mailchimp audience.',
    );
    assert.deepEqual(
      all(tagged).find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'labels', operator: 'contains', value: 'vip' } },
    );
    const mention = readRequest(
      'Each morning grab the newest posts from r/selfhosted on Reddit, keep only the ones that mention backups, have Claude summarise them and post the list to Slack.',
    );
    assert.deepEqual(apps(mention), ['reddit:read', 'slack:send'], 'r/… names a subreddit, not an app');
    const kinds = all(mention).map((s) => (s.kind === 'ai' ? s.task : s.kind));
    assert.deepEqual(kinds, ['app', 'filter', 'summarise', 'app']);
  });

  it('reads a numeric test inside an action ("to anyone scoring 8 or higher", "with 7+", "with stock under 10")', () => {
    const higher = readRequest('Have GPT score each applicant, then email an invite to anyone scoring 8 or higher.');
    assert.deepEqual(
      all(higher).find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'output.score', operator: 'gte', value: 8 } },
    );
    const plus = readRequest('Let GPT give every review a score from 1 to 10 and post reviews with 9+ to #wins.');
    assert.deepEqual(
      all(plus).find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'output.score', operator: 'gte', value: 9 } },
    );
    const stock = readRequest(
      'Every day call our stock API and for every product with stock under 5 send a Telegram message.',
    );
    const loop = stock.steps.find((s) => s.kind === 'loop');
    assert.ok(loop?.kind === 'loop');
    assert.deepEqual(loop.body[0], { kind: 'filter', condition: { field: 'stock', operator: 'lt', value: 5 } });
    assert.ok(!all(stock).some((s) => s.kind === 'filter' && s.condition.field === 'every'), '"every day" is no test');
  });

  it('compares a value with another field ("drops below my target price") and names it in words', () => {
    const spec = readRequest(
      'Every hour check the price on the shop page and if the price drops below my target price send me an email.',
    );
    assert.deepEqual(
      all(spec).find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'price', operator: 'lt', value: '={{ $json.target_price }}' } },
    );
  });

  it('starts from the app where "new … in <app>" appear, and reads "new" as no route value', () => {
    const rss = readRequest(
      "New article in our company blog's RSS feed, shorten the link with Bitly and post it to LinkedIn.",
    );
    assert.deepEqual(rss.trigger, { kind: 'app', app: 'rssFeedRead', event: 'created' });
    assert.ok(!all(rss).some((s) => s.kind === 'filter' || s.kind === 'switch'), 'no test on a "new" status');
    assert.deepEqual(apps(rss), ['bitly:create', 'linkedIn:send']);
  });

  it('lets a translation app do the translating ("translate … with DeepL") and names APIs apart', () => {
    const deepl = readRequest(
      'When a Slack message is posted in #intl, translate it with DeepL and post it to #general.',
    );
    assert.ok(!all(deepl).some((s) => s.kind === 'ai'), 'DeepL translates, no model does');
    const apis = readRequest(
      'Every hour call the orders API and the refunds API in parallel, merge both and email me the totals.',
    );
    const parallel = apis.steps.find((s) => s.kind === 'parallel');
    assert.ok(parallel?.kind === 'parallel' && parallel.merge);
    assert.deepEqual(
      parallel.branches.map((b) => (b[0]?.kind === 'http' ? b[0].api : b[0]?.kind)),
      ['orders API', 'refunds API'],
    );
  });
  it('reads tests people state as outcomes: a change, something not done, nothing found, an age, a status gained', () => {
    const changed = readRequest('Each hour fetch our status page and text me on Twilio if anything changed.');
    assert.deepEqual(
      all(changed).find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'changed', operator: 'isTrue', value: true } },
    );
    const notDone = readRequest(
      "When someone signs up in Mailchimp, email them a guide via Gmail, wait two more days and, if they haven't opened it, send a reminder.",
    );
    const test = all(notDone).find((s) => s.kind === 'filter' || s.kind === 'if');
    assert.ok(test && (test.kind === 'filter' || test.kind === 'if'));
    assert.deepEqual(test.condition, { field: 'opened', operator: 'isFalse', value: false });
    assert.deepEqual(apps(notDone).filter((a) => a === 'gmail:send').length, 2, 'the reminder goes out the same way');
    const aged = readRequest(
      'Every morning get all open Freshdesk tickets older than 3 days and post them to #support.',
    );
    const age = all(aged).find((s) => s.kind === 'filter');
    assert.ok(age?.kind === 'filter');
    assert.equal(age.condition.operator, 'lt');
    assert.match(String(age.condition.value), /\$now\.minus\(\{ days: 3 \}\)/);
    const kinds = all(aged).map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind));
    assert.deepEqual(kinds.slice(0, 2), ['freshdesk:read', 'filter'], 'read first, then keep the old ones');
  });

  it('answers the webhook caller when asked ("send back the result", "reject with a 401 otherwise")', () => {
    const back = readRequest(
      'A webhook receives an order, call our tax API for it and send back the total in the response.',
    );
    assert.equal(back.steps.at(-1)?.kind, 'respond');
    const reject = readRequest(
      'Build a webhook that checks the token is valid; reject with a 403 otherwise, and if valid save the payload to Postgres.',
    );
    const check = reject.steps.find((s) => s.kind === 'if');
    assert.ok(check?.kind === 'if');
    assert.deepEqual(check.otherwise, [{ kind: 'respond', status: 403, body: 'error' }]);
  });

  it('reads an Error Trigger from "if any of my workflows errors out" and "workflow failures", with n8n not an app', () => {
    for (const request of [
      'If any of my workflows errors out, post the error message to #alerts on Slack.',
      'Send n8n workflow failures to Discord',
    ]) {
      const spec = readRequest(request);
      assert.equal(spec.trigger.kind, 'error', request);
      assert.ok(!apps(spec).some((a) => a.startsWith('n8n:')), request);
      assert.deepEqual(spec.onError, [], request);
    }
  });

  it('batches "in batches" / "in chunks of 25", and scrapes pages with HTTP Request and the HTML node', () => {
    const chunks = readRequest(
      'Read every row of the Leads sheet in Google Sheets and send each lead an email via Gmail in chunks of 25.',
    );
    const loop = all(chunks).find((s) => s.kind === 'loop');
    assert.ok(loop?.kind === 'loop');
    assert.equal(loop.size, 25);
    const scrape = readRequest(
      'Once a day scrape the job boards of five companies and store new openings in Airtable.',
    );
    const kinds = all(scrape).map((s) => (s.kind === 'node' ? s.node : s.kind === 'app' ? s.app : s.kind));
    assert.deepEqual(kinds.slice(0, 2), ['http', 'html']);
  });
  it('sorts into named outcomes and puts "… for bugs" into that outcome', () => {
    const spec = readRequest(
      'Use AI to tag each new Help Scout conversation as billing, bug report or praise and open a Linear issue for bug reports.',
    );
    const classifier = all(spec).find((s) => s.kind === 'ai');
    assert.ok(classifier?.kind === 'ai');
    assert.equal(classifier.task, 'classify');
    assert.deepEqual(
      classifier.routes?.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))]),
      [
        ['Billing', []],
        ['Bug report', ['linear']],
        ['Praise', []],
      ],
    );
  });

  it('keeps an action whole across the trigger\'s words ("Email me the weekly report from …")', () => {
    const spec = readRequest('Email me the weekly report from Google Analytics');
    assert.equal(spec.trigger.kind, 'schedule');
    assert.deepEqual(apps(spec), ['googleAnalytics:read', 'emailSend:send']);
    assert.deepEqual(spec.unmapped, []);
    const translate = readRequest('Translate incoming Intercom conversations to German with DeepL');
    assert.ok(!all(translate).some((s) => s.kind === 'ai'), 'DeepL translates');
  });

  it('reads the other side of a comparison ("Claims under 100 EUR …; bigger ones are emailed …")', () => {
    const spec = readRequest(
      'Expenses under 50 USD are approved and added to Airtable; bigger ones are emailed to the manager.',
    );
    const branch = spec.steps.find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(branch.condition.operator, 'lt');
    assert.deepEqual(
      branch.then.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['airtable'],
    );
    assert.deepEqual(
      branch.otherwise.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['emailSend:send'],
    );
  });

  it('starts from an app n8n has no trigger for (the planner polls it for new items)', () => {
    const spec = readRequest('When a new employee is added in BambooHR, create their account in Okta.');
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'bambooHr');
    assert.deepEqual(apps(spec), ['okta:create']);
  });
  it('tests a value named as an adjective or a branch ("urgent … tickets", "invalid emails", "pushes to main")', () => {
    const urgent = readRequest('Forward urgent Zendesk tickets to PagerDuty');
    assert.deepEqual(
      all(urgent).find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'priority', operator: 'equals', value: 'urgent' } },
    );
    const kinds = all(urgent).map((s) => (s.kind === 'app' ? s.app : s.kind));
    assert.ok(kinds.indexOf('filter') < kinds.indexOf('pagerDuty'), 'tested before it is escalated');
    const main = readRequest('Deploy to Netlify on GitHub pushes to main');
    assert.deepEqual(
      all(main).find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'ref', operator: 'contains', value: 'main' } },
    );
    const large = readRequest('Copy Stripe payments to Google Sheets and flag large payments in Slack');
    const limit = all(large).find((s) => s.kind === 'filter');
    assert.ok(limit?.kind === 'filter');
    assert.match(String(limit.condition.value), /PLACEHOLDER_VALUE/, "how large is the user's to say, never guessed");
  });

  it('skips what the request says to skip ("skip the invalid ones", "anything that isn\'t a PDF is skipped")', () => {
    const invalid = readRequest(
      'Read the leads from Airtable, check each email with an API, skip the invalid ones and add the rest to Lemlist.',
    );
    const test = all(invalid).find((s) => s.kind === 'filter');
    assert.ok(test?.kind === 'filter');
    assert.deepEqual(test.condition, { field: 'valid', operator: 'isTrue', value: true });
    const pdf = readRequest("Save new Gmail attachments to Dropbox. Anything that isn't a PDF is skipped.");
    assert.equal(pdf.trigger.kind, 'email');
    const order = all(pdf).map((s) => (s.kind === 'app' ? s.app : s.kind));
    assert.deepEqual(order, ['filter', 'dropbox']);
  });

  it('starts from new e-mail for "email attachments" and gives a chat agent its database memory', () => {
    const attachments = readRequest('Extract invoice data from email attachments with AI and save it to QuickBooks');
    assert.equal(attachments.trigger.kind, 'email');
    const agent = readRequest(
      'Build an AI agent people can chat with about our docs. Use Claude and keep the chat history in Redis.',
    );
    const step = all(agent).find((s) => s.kind === 'ai' && s.task === 'agent');
    assert.ok(step?.kind === 'ai');
    assert.equal(step.memoryStore, 'redis');
    assert.equal(step.model.provider, 'anthropic');
    assert.ok(!apps(agent).some((a) => a.startsWith('redis:')), 'the history store is memory, not a step');
  });
  it('merges the reads a title names ("Merge Stripe and PayPal transactions …") and never answers with questions only', () => {
    const spec = readRequest('Merge Shopify and WooCommerce orders into a weekly sales sheet');
    const parallel = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(parallel?.kind === 'parallel' && parallel.merge);
    assert.deepEqual(
      parallel.branches.map((b) => (b[0]?.kind === 'app' ? `${b[0].app}:${b[0].verb}` : b[0]?.kind)),
      ['shopify:read', 'wooCommerce:read'],
    );
  });

  it('checks a site is up before alerting, and keeps the items in the state a request names ("monitors that are down")', () => {
    const uptime = readRequest('Website uptime monitor with Discord alerts');
    assert.deepEqual(
      uptime.steps.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['http', 'filter', 'discord'],
    );
    const state = readRequest('Every hour get the invoices from Xero that are overdue and email them to me');
    assert.deepEqual(
      all(state).find((s) => s.kind === 'filter'),
      { kind: 'filter', condition: { field: 'status', operator: 'equals', value: 'overdue' } },
    );
  });
  it('reads a named Schedule Trigger and never makes an AI sub-node (a text splitter) a step of the flow', () => {
    const spec = readRequest(
      'A Schedule Trigger kicks off the workflow. It reads the new files from Dropbox, splits them with a Token Splitter and stores them in Pinecone.',
    );
    assert.equal(spec.trigger.kind, 'schedule');
    assert.ok(!all(spec).some((s) => s.kind === 'http'), '"Trigger" is no system of its own');
    assert.ok(!apps(spec).some((a) => a.startsWith('textSplitter')), 'a text splitter hangs under its vector store');
  });
  it('routes a value list written with arrows ("based on team (Design → #design, Dev → #dev, anything else → #general)")', () => {
    const spec = readRequest(
      'When a new issue is opened in GitHub, notify the right channel based on team (Design → #design, Backend → #backend, anything else → #general) and add it to Notion.',
    );
    const sw = spec.steps.find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.equal(sw.field, 'team');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? s.hints.channel : s.kind))]),
      [
        ['design', ['#design']],
        ['backend', ['#backend']],
      ],
    );
    assert.deepEqual(
      sw.fallback?.map((s) => (s.kind === 'app' ? s.hints.channel : s.kind)),
      ['#general'],
    );
    assert.ok(
      spec.steps.at(-1)?.kind === 'app' && (spec.steps.at(-1) as { app: string }).app === 'notion',
      'the parenthesis ends the routes',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'Design and Backend are values, not systems');
  });
  it('routes top-level arrow lists of event values ("order_paid → …, order_refunded → …")', () => {
    const spec = readRequest(
      'We receive webhooks from our shop. order_paid → add the buyer to Mailchimp, order_refunded → create a ticket in Zendesk, order_disputed → message #risk on Slack. everything else ignore.',
    );
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))]),
      [
        ['order_paid', ['mailchimp']],
        ['order_refunded', ['zendesk']],
        ['order_disputed', ['slack']],
      ],
    );
    // A chain of steps written with arrows stays a chain.
    const chain = readRequest('Schedule Trigger → get the posts from Reddit → summarize with OpenAI → post to Slack');
    assert.ok(!all(chain).some((s) => s.kind === 'switch'));
  });
  it('reads tests said as outcomes: "if any failed", "if they didn\'t reply", "if it\'s a refund", "if it\'s their first order"', () => {
    const cond = (text: string) => {
      const f = all(readRequest(text)).find((s) => s.kind === 'if' || s.kind === 'filter');
      return f && (f.kind === 'if' || f.kind === 'filter') ? f.condition : null;
    };
    assert.deepEqual(
      cond('Every morning get the latest builds from CircleCI and if any failed send a Pushover alert'),
      {
        field: 'status',
        operator: 'equals',
        value: 'failed',
      },
    );
    assert.deepEqual(
      cond("When a Typeform survey is submitted, wait 3 days and if they didn't reply send a reminder with Gmail"),
      { field: 'replied', operator: 'isFalse', value: false },
    );
    assert.deepEqual(cond('new Stripe charge → log it in Airtable, then if its a refund notify #finance on slack'), {
      field: 'category',
      operator: 'equals',
      value: 'refund',
    });
    assert.deepEqual(
      cond(
        'When a Shopify order comes in, add it to Airtable and if its their first order send a welcome SMS with Twilio',
      ),
      {
        field: 'first_order',
        operator: 'isTrue',
        value: true,
      },
    );
  });
  it('filters on labels, prefixes and missing fields ("gets the \'bug\' label", "names start with", "have no address")', () => {
    const filters = (text: string) => all(readRequest(text)).filter((s) => s.kind === 'filter');
    assert.deepEqual(filters("When a GitLab issue gets the 'urgent' label, page the on-call person in PagerDuty."), [
      { kind: 'filter', condition: { field: 'labels', operator: 'contains', value: 'urgent' } },
    ]);
    const prefix = readRequest(
      "When any workflow fails, send a Pushover message and add a row to Airtable. But only for client workflows (names start with 'CLIENT').",
    );
    assert.equal(prefix.steps[0]?.kind, 'filter', 'a rule said after the steps holds for all of them');
    assert.deepEqual((prefix.steps[0] as { condition: unknown }).condition, {
      field: 'names',
      operator: 'startsWith',
      value: 'client',
    });
    assert.deepEqual(
      filters(
        'Every day get new signups from our API and add them to Mailchimp. Some signups have no email, those should be skipped.',
      ).map((f) => f.kind === 'filter' && f.condition),
      [{ field: 'email', operator: 'exists', value: '' }],
    );
  });
  it('does not take a team or a person for a system ("Linear for the Platform team", "a task for the CSM")', () => {
    const spec = readRequest(
      'When a deal closes in Pipedrive, create an issue in Linear for the Growth team and a task in Asana for the CSM.',
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http'), JSON.stringify(all(spec)));
    assert.deepEqual(apps(spec), ['linear:create', 'asana:create']);
  });
  it('makes a wish for an alert the message the request sends elsewhere ("I want an alert … send it to Gotify")', () => {
    const spec = readRequest(
      'I want an alert whenever one of my workflows fails. Send a message to Gotify and write a row to Postgres.',
    );
    assert.deepEqual(apps(spec), ['gotify:send', 'postgres:create']);
  });
  it('starts from an event written as the head of an arrow chain ("new Stripe charge → …", "Calendar event created → …")', () => {
    const trig = (text: string) => readRequest(text).trigger;
    assert.deepEqual(trig('new Stripe charge → save it in Airtable'), {
      kind: 'app',
      app: 'stripe',
      event: 'payment',
      item: 'charge',
    });
    assert.equal(
      (trig('Google Calendar event created → create a Zoom meeting') as { app?: string }).app,
      'googleCalendar',
    );
    assert.equal(
      (trig('Postgres Trigger on new row in orders → Code node → HTTP Request') as { app?: string }).app,
      'postgres',
    );
    const tagged = readRequest("Keap contact gets tag 'vip' → add them to Mailchimp");
    assert.equal((tagged.trigger as { app?: string }).app, 'keap');
    assert.deepEqual(tagged.steps[0], {
      kind: 'filter',
      condition: { field: 'tags', operator: 'contains', value: 'vip' },
    });
    // A chain that starts with a step is no event.
    assert.equal(trig('Schedule Trigger → get the Reddit posts → post to Slack').kind, 'schedule');
  });
  it('reads an everyday-word app name in a request typed without capitals ("post in teams", "a linear issue")', () => {
    assert.deepEqual(apps(readRequest('when a deal is won in pipedrive make a card in trello and post in teams')), [
      'trello:create',
      'microsoftTeams:send',
    ]);
    assert.ok(apps(readRequest('when a form is submitted create a linear issue')).includes('linear:create'));
    // Plain words stay plain.
    assert.deepEqual(apps(readRequest('every day put each line in a google sheet')), ['googleSheets:create']);
  });
  it('names the item an app step acts on from the words before the app ("a task in Asana", "my n8n workflows to GitHub")', () => {
    const spec = readRequest('When a HubSpot deal is won, create a project in Asana and get the lead from Pipedrive.');
    assert.deepEqual(
      all(spec).flatMap((s) => (s.kind === 'app' ? [[s.app, s.verb, s.noun]] : [])),
      [
        ['asana', 'create', 'project'],
        ['pipedrive', 'read', 'lead'],
      ],
    );
    const backup = readRequest('Back up my n8n workflows to GitHub every night');
    assert.deepEqual(
      all(backup).flatMap((s) => (s.kind === 'app' ? [[s.app, s.verb, s.noun]] : [])),
      [
        ['n8n', 'read', 'workflow'],
        ['github', 'create', 'file'],
      ],
    );
  });
  it("makes embeddings the vector store's job: no writing step, no second store, the provider named for its embeddings", () => {
    const spec = readRequest(
      'Every night load our Notion pages, chunk them, embed them with Cohere and upsert them into Qdrant.',
    );
    assert.deepEqual(
      all(spec).map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['notion', 'vectorStoreQdrant'],
    );
    const store = all(spec).find((s) => s.kind === 'app' && s.app === 'vectorStoreQdrant');
    assert.equal(store?.kind === 'app' && store.embeddings, 'cohere');
    assert.deepEqual(spec.unmapped, []);
  });
  it('reads more outcome tests: answers, lookups, matches, changes, states and a check answered no', () => {
    const cond = (text: string) => {
      const f = all(readRequest(text)).find((s) => s.kind === 'if' || s.kind === 'filter');
      return f && (f.kind === 'if' || f.kind === 'filter') ? f.condition : null;
    };
    assert.deepEqual(
      cond("When a Tally form is submitted, add it to Notion only if they answered 'yes' to the newsletter question"),
      { field: 'newsletter', operator: 'equals', value: 'yes' },
    );
    assert.deepEqual(
      cond("Every day look up each contact in Pipedrive and if it doesn't exist create it in Pipedrive"),
      {
        field: 'id',
        operator: 'notExists',
        value: '',
      },
    );
    assert.deepEqual(cond("Every night compare Stripe and QuickBooks totals and if the amounts don't match email me"), {
      field: 'amounts_match',
      operator: 'isFalse',
      value: false,
    });
    assert.deepEqual(
      cond("When a Discourse post comes in, classify it with OpenAI and if it's flagged notify #mods on Slack"),
      {
        field: 'output.flagged',
        operator: 'isTrue',
        value: true,
      },
    );
    const spec = readRequest(
      "When someone joins our Mailchimp list, wait 2 days, check through the Mailchimp API whether they opened the welcome email, and if they didn't, send a nudge with Gmail.",
    );
    assert.deepEqual(
      all(spec).map((s) =>
        s.kind === 'app'
          ? `${s.app}:${s.verb}`
          : s.kind === 'filter'
            ? `filter:${s.condition.field}:${s.condition.operator}`
            : s.kind,
      ),
      ['wait', 'mailchimp:read', 'filter:opened:isFalse', 'gmail:send'],
    );
  });
  it('routes by a field to the apps named after it, the values left for the user ("by priority to Slack and Teams")', () => {
    const spec = readRequest('Every hour get new Jira issues and route them by team to Slack or Discord');
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.equal(sw.field, 'team');
    assert.deepEqual(
      sw.routes.map((r) => [r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind)), String(r.condition?.value)]),
      [
        [['slack'], '<__PLACEHOLDER_VALUE__Team that goes to Slack__>'],
        [['discord'], '<__PLACEHOLDER_VALUE__Team that goes to Discord__>'],
      ],
    );
  });
  it('starts from n8n trigger nodes named outright, failed-workflow alerts, comparisons in the event, and time words in titles', () => {
    const jira = readRequest(
      "I'm using the Jira Trigger on issue created and want every new bug posted to #bugs on Slack.",
    );
    assert.equal((jira.trigger as { app?: string }).app, 'jira');
    assert.ok(!all(jira).some((s) => s.kind === 'http'), 'the word "Trigger" is no system');
    assert.equal(readRequest('Failed workflow alerts to Mattermost').trigger.kind, 'error');
    assert.equal(readRequest('on any error in my billing workflow I want a Pushover push').trigger.kind, 'error');
    const nps = readRequest('Post to #cx on Slack when a Typeform NPS score < 7');
    assert.deepEqual(nps.steps[0], { kind: 'filter', condition: { field: 'nps_score', operator: 'lt', value: 7 } });
    const paid = readRequest('When a Stripe payment over $500 comes in, post to #sales');
    assert.deepEqual(paid.steps[0], { kind: 'filter', condition: { field: 'amount', operator: 'gt', value: 500 } });
    assert.deepEqual(readRequest('first of the month email the open invoices from Xero to me@example.com').trigger, {
      kind: 'schedule',
      rule: { field: 'months', monthsInterval: 1, triggerAtDayOfMonth: 1, triggerAtHour: 9 },
    });
    assert.equal(readRequest('Morning routine with Home Assistant and Philips Hue').trigger.kind, 'schedule');
    assert.equal(readRequest('Auto-archive stale Trello cards').trigger.kind, 'schedule');
  });
  it('reads the items a step is done for from the app they are in ("for every active client in our Airtable base")', () => {
    const spec = readRequest(
      'first of the month create invoices in Invoice Ninja for every active client in our Airtable base',
    );
    assert.deepEqual(apps(spec), ['airtable:read', 'invoiceNinja:create']);
  });
  it('starts from the app an event happens in when a quoted name or the event verb stands between ("… the \'To Do\' list on our Trello board")', () => {
    const trello = readRequest(
      "When a card is added to the 'Doing' list on our Trello board, create a task in Todoist",
    );
    assert.equal((trello.trigger as { app?: string }).app, 'trello');
    const sheet = readRequest(
      "Steps:\n- trigger: new row added to the 'Orders' tab in Google Sheets\n- post it to #orders on Slack",
    );
    assert.equal((sheet.trigger as { app?: string }).app, 'googleSheets');
  });
  it('routes to apps named before the field ("Route Typeform leads to Salesforce or Pipedrive by region")', () => {
    const spec = readRequest('Route Typeform leads to Salesforce or Pipedrive by region');
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.equal(sw.field, 'region');
    assert.deepEqual(
      sw.routes.map((r) => r.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.noun}` : s.kind))),
      [['salesforce:lead'], ['pipedrive:lead']],
    );
    // "send it to me by SMS" is no route.
    assert.ok(
      !all(readRequest('Every morning get the weather for Oslo and send it to me by SMS')).some(
        (s) => s.kind === 'switch',
      ),
    );
  });
  it('routes values said before their items ("US and Canada orders go to Airtable, EU orders go to a Google Sheet")', () => {
    const spec = readRequest(
      'Watch our Shopify store for new orders. US and Canada orders go to the fulfilment table in Airtable, EU orders go to a Google Sheet.',
    );
    assert.equal((spec.trigger as { app?: string }).app, 'shopify', 'watching a store for new orders is its trigger');
    const sw = all(spec).find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch');
    assert.deepEqual(
      sw.routes.map((r) => r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))),
      [['airtable'], ['googleSheets']],
    );
    assert.ok(!all(spec).some((s) => s.kind === 'http'), 'Canada is a value, not a system');
  });
  it('reads a milestone crossed and Wufoo form entries', () => {
    const f = all(
      readRequest('Every day get our YouTube channel stats and if subscribers crossed a milestone post on X'),
    ).find((s) => s.kind === 'filter' || s.kind === 'if');
    assert.deepEqual(f && (f.kind === 'filter' || f.kind === 'if') && f.condition, {
      field: 'subscribers',
      operator: 'gte',
      value: '<__PLACEHOLDER_VALUE__Milestone__>',
    });
    assert.equal(
      (readRequest('Create Zoho CRM leads from Wufoo form entries').trigger as { app?: string }).app,
      'wufoo',
    );
  });
  it('reads more event tests: a high-value adjective, "tagged as", a threshold, a status the user sets, a keyword reply', () => {
    const first = (text: string) => all(readRequest(text)).find((s) => s.kind === 'filter');
    assert.deepEqual(first('Slack alert for new high-value Pipedrive deals'), {
      kind: 'filter',
      condition: { field: 'amount', operator: 'gt', value: '<__PLACEHOLDER_VALUE__Amount that counts as large__>' },
    });
    assert.deepEqual(first('Create Jira issues from Zendesk tickets tagged as bugs'), {
      kind: 'filter',
      condition: { field: 'labels', operator: 'contains', value: 'bug' },
    });
    assert.deepEqual(first('Alert Mattermost when a Redis queue backlog exceeds a threshold'), {
      kind: 'filter',
      condition: { field: 'queue_backlog', operator: 'gte', value: '<__PLACEHOLDER_VALUE__Threshold__>' },
    });
    const notion = readRequest(
      "When I add a page to my Notion 'Ideas' database and set its status to Ready, post it to #ideas on Slack.",
    );
    assert.deepEqual(notion.steps[0], {
      kind: 'filter',
      condition: { field: 'status', operator: 'equals', value: 'ready' },
    });
    assert.ok(!all(notion).some((s) => s.kind === 'http'), 'Ready is a value, not a system');
    assert.deepEqual(first('When a customer replies STOP to our Twilio number, remove them from our Mailchimp list'), {
      kind: 'filter',
      condition: { field: 'text', operator: 'contains', value: 'stop' },
    });
  });
  it('stores the text a model wrote instead of writing it twice ("write a post, then create the post in Ghost")', () => {
    const spec = readRequest(
      'When a Notion page is added, have Claude write a blog post and create the post as a draft in Ghost.',
    );
    assert.equal(all(spec).filter((s) => s.kind === 'ai').length, 1);
    assert.deepEqual(apps(spec), ['ghost:create']);
  });
  it('starts from the app whose webhooks the request receives, and runs a weekly digest on the day it names', () => {
    assert.deepEqual(
      readRequest('We get Stripe webhooks for failed payments. Email the customer a reminder.').trigger,
      {
        kind: 'app',
        app: 'stripe',
        event: 'failed',
      },
    );
    assert.equal(readRequest('A Slack slash command to look up a customer in Chargebee').trigger.kind, 'webhook');
    const digest = readRequest(
      'We want a weekly digest: Schedule Trigger every Friday -> get the closed Jira issues -> post them to Microsoft Teams',
    );
    assert.deepEqual(digest.trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [5], triggerAtHour: 9 },
    });
  });
  it('builds a RAG request as two entry points: documents loaded into the store, questions answered from it', () => {
    const spec = readRequest(
      'Every night index our Confluence space into Qdrant, and let people ask questions about it in a chat',
    );
    assert.equal(spec.trigger.kind, 'chat');
    const agent = all(spec).find((s) => s.kind === 'ai' && s.task === 'agent');
    assert.ok(agent?.kind === 'ai');
    assert.deepEqual(agent.tools, [{ kind: 'vectorStore', app: 'vectorStoreQdrant', embeddings: 'openai' }]);
    assert.equal(spec.ingest?.trigger.kind, 'schedule');
    assert.deepEqual(
      spec.ingest?.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['confluence:read', 'vectorStoreQdrant:create'],
    );
    // A bot answers where it was asked; loading without an event or a schedule is a click.
    const bot = readRequest(
      'load our Notion wiki into a vector store and give me a slack bot that answers questions about it',
    );
    assert.equal((bot.trigger as { app?: string }).app, 'slack');
    assert.equal(bot.ingest?.trigger.kind, 'manual');
    // The store is searched with the embeddings it was filled with.
    const local = readRequest('Local RAG chatbot with Ollama and Qdrant, with documents uploaded through an n8n form');
    assert.equal(local.ingest?.trigger.kind, 'form');
    const stored = local.ingest?.steps[0];
    assert.equal(stored?.kind === 'app' && stored.embeddings, 'ollama');
    assert.equal(stored?.kind === 'app' && stored.files, true, 'uploaded documents are files the loader reads');
    // "… so our chatbot can answer": the chat exists already; only the loading is built.
    const only = readRequest(
      'When a PDF is uploaded to Google Drive, store it in Pinecone so our chatbot can answer questions about it',
    );
    assert.equal(only.ingest, undefined);
  });
  it('reads a mailbox from where mail is sent, app news from titles, and a named app for a generic noun of its kind', () => {
    const mail = readRequest(
      'Extract total and vendor from the invoices sent to bills@example.com and add them to QuickBooks as bills',
    );
    assert.equal(mail.trigger.kind, 'email');
    assert.deepEqual(apps(mail), ['quickbooks:create'], 'the mailbox is no address to write to');
    assert.equal(
      all(mail).find((s) => s.kind === 'app')?.kind === 'app' &&
        (all(mail).find((s) => s.kind === 'app') as { noun?: string }).noun,
      'bill',
    );
    const byMail = readRequest(
      'Supplier invoices come by email as PDFs and need to end up in our accounting (we use Xero)',
    );
    assert.equal(byMail.trigger.kind, 'email');
    assert.deepEqual(apps(byMail), ['xero:create'], 'the invoices go to the app the request names, not a default');
    assert.equal((readRequest('Netlify deploy notifications in Discord').trigger as { app?: string }).app, 'netlify');
    assert.equal(
      (readRequest('Pushover alerts for high-value Shopify orders').trigger as { app?: string }).app,
      'shopify',
    );
  });
  it('passes only unseen items when the request asks how to avoid duplicates, and leaves out the system calling a webhook', () => {
    const polled = readRequest(
      'Every 5 minutes get new incidents from ServiceNow and post them to Slack. How do I avoid sending the same incident twice?',
    );
    assert.deepEqual(
      all(polled).map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['serviceNow', 'dedupe', 'slack'],
    );
    const called = readRequest(
      'When Sentry sends us a new error via webhook, check Redis to see if we already alerted on it. If not, post it to our Mattermost channel.',
    );
    assert.ok(!apps(called).some((a) => a.startsWith('sentryIo')), JSON.stringify(apps(called)));
    const f = all(called).find((s) => s.kind === 'filter' || s.kind === 'if');
    assert.deepEqual(f && (f.kind === 'filter' || f.kind === 'if') && f.condition, {
      field: 'alerted',
      operator: 'isFalse',
      value: false,
    });
  });
  it('knows a one-word app name typed as its parts, and the item a new-item trigger reports before the app', () => {
    const parts = readRequest(
      'When a new subscriber joins in mailer lite, add them to hub spot and check uptime robot',
    );
    assert.equal((parts.trigger as { app?: string }).app, 'mailerLite');
    assert.deepEqual(
      apps(parts).map((a) => a.split(':')[0]),
      ['hubspot', 'uptimeRobot'],
    );
    // "linked in" stays an everyday phrase.
    assert.deepEqual(apps(readRequest('email me the file linked in the message')), ['emailSend:send']);
    const polled = readRequest('When a new invoice is created in QuickBooks, post it to Slack');
    assert.deepEqual(polled.trigger, { kind: 'app', app: 'quickbooks', event: 'created', item: 'invoice' });
    const arrow = readRequest('new invoice in QuickBooks -> post in slack');
    assert.equal((arrow.trigger as { item?: string }).item, 'invoice', 'the item stops at the arrow');
  });
  it('keeps a test it cannot compare as a yes/no branch, with the action inside it', () => {
    const person = readRequest(
      'when someone books a meeting thru calendly look them up in pipedrive. if theyre an existing person add an activity, otherwise create the person',
    );
    const branch = all(person).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(person.steps));
    assert.deepEqual(branch.condition, { field: 'existing_person', operator: 'isTrue', value: true });
    assert.ok(branch.then.length && branch.otherwise.length, 'both outcomes have their step');
    const english = readRequest(
      'helpscout new conversation -> if its not in english translate it with deepl -> post to slack',
    );
    // The language is no field of the conversation: a model names it, and the test reads its answer.
    const test = all(english).find((s) => s.kind === 'filter' || s.kind === 'if');
    assert.deepEqual(test && 'condition' in test && test.condition, {
      field: 'output.language',
      operator: 'notEquals',
      value: 'English',
    });
    // "if so" refers to the test before it; the trigger's own words are no test.
    const so = readRequest(
      'when a stripe payment fails wait 3 days, then check if its still unpaid and if so email the customer a friendly reminder',
    );
    assert.ok(apps(so).includes('emailSend:send'), JSON.stringify(so.steps));
    const failed = readRequest('If any of my workflows errors out, open a PagerDuty incident');
    assert.ok(!all(failed).some((s) => s.kind === 'filter' || s.kind === 'if'));
  });
  it('starts from the form app the request names, keeps "If not." for the other outcome, and makes each item named for one app', () => {
    const typeform = readRequest(
      'Lead form is Typeform. If the score is over 5, create a person and a deal in Pipedrive. If not, add a row to a Google Sheet.',
    );
    assert.equal((typeform.trigger as { app?: string }).app, 'typeform');
    const branch = all(typeform).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if');
    assert.deepEqual(
      branch.then.map((s) => (s.kind === 'app' ? `${s.app}:${s.noun}` : s.kind)),
      ['pipedrive:person', 'pipedrive:deal'],
    );
    assert.deepEqual(
      branch.otherwise.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['googleSheets'],
      'the other outcome does not repeat the first',
    );
    const plus = readRequest('When a Typeform is submitted, create person + org + deal in Pipedrive');
    assert.deepEqual(
      all(plus).map((s) => (s.kind === 'app' ? s.noun : s.kind)),
      ['person', 'organization', 'deal'],
    );
  });
  it('downloads a file from the store it arrived in before reading it, and parsing it is that reading', () => {
    const drive = readRequest(
      'When a CSV file is added to a specific Google Drive folder, read it and insert all rows into our Supabase table imports.',
    );
    assert.deepEqual(
      all(drive).map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}:${s.hints.download ? 'download' : ''}` : s.kind)),
      ['googleDrive:read:download', 'extract', 'supabase:create:'],
    );
    const ftp = readRequest('every night download the csv from our FTP server, parse it and add the rows to Airtable');
    assert.deepEqual(
      all(ftp).map((s) => (s.kind === 'app' ? `${s.app}:${s.hints.download ? 'download' : s.verb}` : s.kind)),
      ['ftp:download', 'extract', 'airtable:create'],
    );
    const pinecone = readRequest('When a PDF is uploaded to our Google Drive folder, add it to our Pinecone index');
    const store = all(pinecone).find((s) => s.kind === 'app' && s.app === 'vectorStorePinecone');
    assert.ok(store?.kind === 'app' && store.files, 'the vector store loads the downloaded file');
  });
  it('reads the attachments of mail that arrives, as documents rather than an accounting app', () => {
    const pdf = readRequest(
      'Use AI to pull the vendor name, invoice number, total and due date out of PDF invoices that arrive in our accounts inbox, then add a row to a spreadsheet.',
    );
    assert.deepEqual(pdf.trigger, { kind: 'email', provider: 'imap', attachments: true });
    assert.deepEqual(all(pdf)[0], { kind: 'extract', format: 'pdf', binary: 'attachment_0' });
    assert.ok(!apps(pdf).some((a) => a.startsWith('quickbooks')), 'PDF invoices are documents');
    assert.ok(!apps(pdf).some((a) => a.startsWith('emailSend')), 'the inbox is read, not written to');
    const saved = readRequest('Save Gmail attachments to Google Drive');
    const drive = all(saved).find((s) => s.kind === 'app' && s.app === 'googleDrive');
    assert.equal(drive?.kind === 'app' && drive.hints.binary, 'attachment_0');
    const photos = readRequest(
      'Contractors email photos of receipts to receipts@ourco.com. For each attachment, use Gemini to read merchant, date, amount and currency from the image.',
    );
    assert.equal(photos.trigger.kind, 'email', 'others write to the mailbox the workflow reads');
    const look = all(photos).find((s) => s.kind === 'ai');
    assert.ok(look?.kind === 'ai');
    assert.equal(look.task, 'ocr', 'the picture is read, not made');
    assert.equal(look.binary, 'attachment_0');
  });
  it('reads "both" places named before side by side into a merge, instead of writing to them', () => {
    const shops = readRequest(
      "We sell on both Shopify and WooCommerce. Every day at 23:00 pull the day's orders from both, combine them into one list and append to a Google Sheet.",
    );
    const par = all(shops).find((s) => s.kind === 'parallel');
    assert.ok(par?.kind === 'parallel' && par.merge, JSON.stringify(shops.steps));
    assert.deepEqual(
      par.branches.map((b) => b.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}:${s.noun}` : s.kind))),
      [['shopify:read:order'], ['wooCommerce:read:order']],
    );
    assert.ok(!apps(shops).some((a) => /^(?:shopify|wooCommerce):create/.test(a)), 'the scene is no step');
    const lists = readRequest(
      'We have contacts in HubSpot and another list in a Google Sheet from an old event. I want to combine both, remove duplicates by email and write the clean list to a new sheet tab.',
    );
    assert.deepEqual(
      all(lists).map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['parallel', 'hubspot:read', 'googleSheets:read', 'dedupe', 'googleSheets:create'],
    );
  });
  it('waits the time said after or later, sends from the mail app it names, and forwards mail without sending it back', () => {
    const later = readRequest(
      'Please when new contact is added in our Airtable CRM base, send him welcome email from Gmail after 2 days.',
    );
    assert.deepEqual(
      all(later).map((s) =>
        s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind === 'wait' ? `wait ${s.amount} ${s.unit}` : s.kind,
      ),
      ['wait 2 days', 'gmail:send'],
    );
    const week = readRequest(
      "When a project is set to Done in Asana, send the client a feedback email. 7 days later, if they haven't answered, send one reminder.",
    );
    assert.ok(all(week).some((s) => s.kind === 'wait' && s.amount === 7 && s.unit === 'days'));
    assert.deepEqual(apps(readRequest('forward emails from gmail to slack')), ['slack:send']);
  });
  it('keeps the items a relative clause describes ("that are overdue", "whose birthday is today", "who logged fewer")', () => {
    const tested = (text: string) =>
      all(readRequest(text)).flatMap((s) => (s.kind === 'filter' || s.kind === 'if' ? [s.condition] : []));
    assert.deepEqual(
      tested('daily 9am: slack DM to employees whose birthday is today (the data is in google sheets)'),
      [{ field: 'birthday', operator: 'equals', value: '={{ $today.toISODate() }}' }],
    );
    assert.deepEqual(
      tested('Every 15 minutes pick rows from Airtable whose status is not posted and publish them to Instagram'),
      [{ field: 'status', operator: 'notEquals', value: 'posted' }],
    );
    assert.deepEqual(
      tested(
        "Every Friday at 5pm get this week's Harvest time entries. Anyone who logged fewer than 35 hours gets a reminder email.",
      ),
      [{ field: 'logged', operator: 'lt', value: 35 }],
    );
    assert.equal(
      tested('Every Monday get all invoices from Xero that are more than 14 days overdue and email each customer')
        .length,
      1,
    );
  });
  it('starts from the app items are said to arrive through, and fills each classified route after its arrow', () => {
    const typeform = readRequest(
      'I have newsletter signups coming from Typeform. I want each new one to go into our Brevo contact list.',
    );
    assert.deepEqual(typeform.trigger, { kind: 'app', app: 'typeform', event: 'created', item: 'signup' });
    const whatsapp = readRequest(
      "Customers message our WhatsApp Business number. If they write 'menu' reply with today's menu from a Google Sheet.",
    );
    assert.equal((whatsapp.trigger as { app?: string }).app, 'whatsApp');
    assert.equal(
      (readRequest('Connect our Typeform NPS survey to Intercom: promoters get tagged').trigger as { app?: string })
        .app,
      'typeform',
    );
    const triage = readRequest(
      "Support emails come into Gmail. I'd like AI to classify each one as billing, technical, sales or other. billing → forward to finance@ourco.com, technical → create Zendesk ticket, sales → create contact in HubSpot, other → just label it in Gmail.",
    );
    assert.deepEqual(triage.trigger, { kind: 'email', provider: 'gmail' });
    const classifier = all(triage).find((s) => s.kind === 'ai');
    assert.ok(classifier?.kind === 'ai' && classifier.routes);
    assert.deepEqual(
      classifier.routes.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))]),
      [
        ['Billing', ['gmail:send']],
        ['Technical', ['zendesk:create']],
        ['Sales', ['hubspot:create']],
        ['Other', ['gmail:update']],
      ],
    );
    assert.ok(!all(triage).some((s) => s.kind === 'filter' || s.kind === 'switch'), 'no test made of the words');
  });
  it('builds a bot or assistant that answers questions as an agent, with the apps it answers from as its tools', () => {
    const slack = readRequest(
      'can I build a slack bot that you @mention and it answers questions using our Notion wiki? should keep context of the thread if possible',
    );
    const agent = all(slack).find((s) => s.kind === 'ai');
    assert.ok(agent?.kind === 'ai' && agent.task === 'agent', JSON.stringify(slack.steps));
    assert.deepEqual(agent.tools, [{ kind: 'app', app: 'notion' }]);
    assert.ok(agent.memory);
    const clinic = readRequest(
      'We want a WhatsApp assistant that answers basic questions and can book appointments into our Google Calendar. It has to remember the conversation.',
    );
    const booking = all(clinic).find((s) => s.kind === 'ai');
    assert.ok(booking?.kind === 'ai' && booking.task === 'agent');
    assert.deepEqual(booking.tools, [{ kind: 'app', app: 'googleCalendar' }]);
    // A bot that only replies with a lookup needs no model; SQL words are no system to call.
    assert.ok(
      !all(
        readRequest('can I make a telegram bot that replies with the current weather when you send it a city name'),
      ).some((s) => s.kind === 'ai'),
    );
    assert.ok(
      !all(
        readRequest('an agent which can query our postgres database for the team in slack. Only SELECT queries.'),
      ).some((s) => s.kind === 'http'),
    );
  });
  it('holds an agent to the JSON shape the request asks for', () => {
    const shaped = readRequest(
      'A chat agent researches the company. It returns JSON with three fields: industry, employee_count and a one-line summary. Save it to Airtable.',
    );
    const agent = all(shaped).find((s) => s.kind === 'ai');
    assert.ok(agent?.kind === 'ai');
    assert.deepEqual(agent.structured, ['industry', 'employee_count', 'summary']);
    const parser = all(
      readRequest(
        'AI agent w/ structured output parser that turns meeting notes into action items, triggered by a webhook',
      ),
    ).find((s) => s.kind === 'ai');
    assert.deepEqual(parser?.kind === 'ai' && parser.structured, []);
  });
  it('branches on a later state of the item the trigger reported ("when it resolves", "when it becomes false")', () => {
    const alert = readRequest(
      'when a Jira issue is created post to Teams. when it resolves, close the Opsgenie ticket in Jira',
    );
    const branch = all(alert).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(alert.steps));
    assert.deepEqual(branch.condition, { field: 'status', operator: 'equals', value: 'resolved' });
    assert.deepEqual(
      branch.otherwise.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['microsoftTeams'],
      'the steps said first are for the other states',
    );
    const optIn = readRequest(
      "when a contact in Salesforce gets the field 'Newsletter opt-in' = true, he is subscribed in our Mailchimp audience, and when it becomes false he is unsubscribed.",
    );
    const flag = all(optIn).find((s) => s.kind === 'if');
    assert.ok(flag?.kind === 'if');
    assert.deepEqual(flag.condition, { field: 'newsletter_opt_in', operator: 'isFalse', value: false });
    assert.deepEqual(
      [...flag.then, ...flag.otherwise].map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['mailchimp:update', 'mailchimp:create'],
    );
  });
  it('ends an event said without a comma at the action after it', () => {
    assert.deepEqual(apps(readRequest('when a new order comes in add it to google sheets')), ['googleSheets:create']);
    const fired = readRequest('when Grafana fires an alert create a Jira issue and post to Teams');
    assert.deepEqual(apps(fired), ['jira:create', 'microsoftTeams:send']);
    const shop = readRequest('when a customer checks out on shopify add a row to airtable');
    assert.equal((shop.trigger as { item?: string }).item, undefined, 'the row is the action’s, not the event’s');
    const pr = readRequest('When a GitHub pull request is opened, post it to Slack');
    assert.equal((pr.trigger as { item?: string }).item, 'pull request', '"pull" of a pull request is no verb');
  });
  it('routes the keywords a chat message holds, and answers through the chat app it came from', () => {
    const spec = readRequest(
      "Customers message our WhatsApp Business number. If they write 'menu' reply with today's menu from a Google Sheet, if they write 'book' reply with our booking link, anything else forward the message to the staff Telegram group.",
    );
    const sw = spec.steps.find((s) => s.kind === 'switch');
    assert.ok(sw?.kind === 'switch', JSON.stringify(spec.steps));
    assert.equal(sw.match, 'contains');
    assert.deepEqual(
      sw.routes.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind))]),
      [
        ['menu', ['googleSheets:read', 'whatsApp:send']],
        ['book', ['whatsApp:send']],
      ],
    );
    assert.deepEqual(
      sw.fallback?.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['telegram'],
    );
  });
  it('reads an app’s items said with their state, and a sheet they go into', () => {
    const spec = readRequest("every fri 4pm dump the week's pipedrive won deals into the finance sheet");
    assert.deepEqual(apps(spec), ['pipedrive:read', 'googleSheets:create']);
    assert.deepEqual(spec.trigger, {
      kind: 'schedule',
      rule: { field: 'weeks', weeksInterval: 1, triggerAtDay: [5], triggerAtHour: 16 },
    });
    const monday = readRequest('As an account manager I want a Monday 9:00 email listing my HubSpot deals');
    assert.deepEqual((monday.trigger as { rule?: unknown }).rule, {
      field: 'weeks',
      weeksInterval: 1,
      triggerAtDay: [1],
      triggerAtHour: 9,
    });
  });
  it('runs the steps said before in batches when a later sentence asks for them', () => {
    const spec = readRequest(
      'Copy the customers from MySQL into Postgres every night. There are around 40k records so it should process in chunks of 200 to stay within API limits.',
    );
    assert.deepEqual(
      spec.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['mySql:read', 'loop'],
    );
    const loop = spec.steps[1];
    assert.ok(loop?.kind === 'loop');
    assert.equal(loop.size, 200);
    assert.deepEqual(
      loop.body.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['postgres:create', 'wait'],
    );
    const paced = readRequest(
      'Have a Google Sheet with 500 prospects. Send each a cold email from my Gmail, one at a time with 2 minutes between sends.',
    );
    const body = all(paced).find((s) => s.kind === 'loop');
    assert.ok(body?.kind === 'loop', JSON.stringify(paced.steps));
    assert.equal(paced.steps[0]?.kind === 'app' && paced.steps[0].verb, 'read', 'the sheet lists the prospects');
    assert.deepEqual(body.body.at(-1), { kind: 'wait', amount: 2, unit: 'minutes' });
  });
  it('reads the rows a loop goes over before the loop', () => {
    const spec = readRequest(
      "I'd like to loop over all rows in a Postgres table and for each row call an external API, but the API only allows 1 request per second.",
    );
    assert.deepEqual(
      spec.steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['postgres:read', 'loop'],
    );
  });
  it('reads chat shorthand tests: "w" for with, a yes/no field, the branch an event is on, "6 or lower" in the event', () => {
    const optIn = readRequest(
      'need the new signups from our postgres users table pushed to mailchimp every hour. only ones w marketing_opt_in = true obvs',
    );
    assert.deepEqual(
      optIn.steps.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['postgres', 'filter', 'mailchimp'],
    );
    assert.deepEqual(optIn.steps[1]?.kind === 'filter' && optIn.steps[1].condition, {
      field: 'marketing_opt_in',
      operator: 'isTrue',
      value: true,
    });
    const main = readRequest('want telegram alert when a gitlab pipeline fails but ONLY on main branch');
    // GitLab's trigger reports every pipeline: one Filter keeps the failed ones, one the main branch.
    assert.deepEqual(
      main.steps.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['filter', 'filter', 'telegram'],
      'the tests come before the alert they hold back',
    );
    assert.deepEqual(main.steps[0]?.kind === 'filter' && main.steps[0].condition, {
      field: 'status',
      operator: 'equals',
      value: 'failed',
    });
    assert.deepEqual(main.steps[1]?.kind === 'filter' && main.steps[1].condition, {
      field: 'branch',
      operator: 'equals',
      value: 'main',
    });
    const nps = readRequest(
      'I want a Slack alert whenever an NPS response from our Typeform survey is 6 or lower. Scores 7+ should just be ignored.',
    );
    assert.equal(nps.trigger.kind, 'app');
    assert.deepEqual(
      nps.steps.map((s) => (s.kind === 'filter' ? `${s.condition.operator} ${String(s.condition.value)}` : s.kind)),
      ['lte 6', 'app'],
    );
    assert.deepEqual(nps.unmapped, [], 'the scores the filter drops are the ones to ignore');
  });
  it('reads routes listed one per line, with arrows or colons', () => {
    const arrows = readRequest(
      'Every incoming WhatsApp message should be classified by AI as appointment, billing or emergency:\n- appointment -> reply with our booking link\n- billing -> create a ticket in Freshdesk\n- emergency -> SMS the dentist on call via Twilio',
    );
    const routes = (spec: WorkflowSpec) =>
      all(spec).flatMap((s) =>
        s.kind === 'switch' || (s.kind === 'ai' && s.routes)
          ? (s.kind === 'switch' ? s.routes : s.routes!).map(
              (r) => `${r.name}: ${r.steps.map((x) => (x.kind === 'app' ? x.app : x.kind)).join(' ')}`,
            )
          : [],
      );
    // "should be classified by AI as …": the model sorts the messages into the listed outcomes.
    assert.ok(all(arrows).some((s) => s.kind === 'ai' && s.task === 'classify'));
    assert.deepEqual(routes(arrows), ['Appointment: whatsApp', 'Billing: freshdesk', 'Emergency: twilio']);
    assert.deepEqual(arrows.unmapped, []);
    const colons = readRequest(
      'We bill with Stripe. Two things we want automated from Stripe events:\n- new subscription: add the customer to our Mailchimp audience and create a page in Notion\n- subscription cancelled: remove the Mailchimp tag and email them a short feedback survey',
    );
    assert.deepEqual(routes(colons), [
      'new subscription: mailchimp notion',
      'subscription cancelled: mailchimp emailSend',
    ]);
    const labels = readRequest('Budget: $300\nNote: we use Gmail\nSend me a Slack message every morning');
    assert.deepEqual(routes(labels), [], 'a label opening a line is no route');
  });
  it('reads a time said around an event as a Wait, and a user story’s role as no step', () => {
    const before = readRequest(
      'People book via Calendly. Add the person in ActiveCampaign and send them a text message reminder via Twilio 24 hours before the call.',
    );
    assert.deepEqual(
      before.steps.map((s) => (s.kind === 'app' ? s.app : s.kind)),
      ['activeCampaign', 'wait', 'twilio'],
    );
    assert.deepEqual(before.steps[1], {
      kind: 'wait',
      amount: 24,
      unit: 'hours',
      until: '24 hours before the call',
    });
    const after = readRequest(
      'As a founder I want every new Stripe customer to get a personal-sounding welcome email from my Gmail two hours after signup.',
    );
    assert.deepEqual(
      after.steps.map((s) => (s.kind === 'app' ? s.app : s.kind === 'wait' ? `wait ${s.amount} ${s.unit}` : s.kind)),
      ['wait 2 hours', 'gmail'],
    );
    assert.deepEqual(after.unmapped, [], '"As a founder I want" is the story’s role');
  });
  it('reads a test before an arrow as a condition, and the other side of its bound as the other outcome', () => {
    const spec = readRequest(
      'Hiring: candidates upload a CV via a form. Have the AI score it 1-10. Score ≥7 → add to Airtable and email the candidate to book; below → wait 2 days then send a polite rejection.',
    );
    const branch = all(spec).find((s) => s.kind === 'if');
    assert.ok(branch?.kind === 'if', JSON.stringify(spec.steps));
    assert.deepEqual(branch.condition, { field: 'output.score', operator: 'gte', value: 7 });
    const names = (list: Step[]) => list.map((s) => (s.kind === 'app' ? s.app : s.kind));
    assert.deepEqual(names(branch.then), ['airtable', 'emailSend']);
    assert.deepEqual(names(branch.otherwise), ['wait', 'emailSend'], 'the rejection goes out the way mail went');
    const leads = readRequest(
      'New Typeform leads get a score from GPT. Score above 70 -> create lead in Salesforce. Below 70 -> add to Mailchimp nurture audience.',
    );
    const split = all(leads).find((s) => s.kind === 'if');
    assert.ok(split?.kind === 'if');
    assert.deepEqual([names(split.then), names(split.otherwise)], [['salesforce'], ['mailchimp']]);
  });
  it('reads categories split by slashes, the routes "the sales ones" name, an image resized, a message dropped', () => {
    const sorted = readRequest(
      'how can i use the Text Classifier node to sort incoming outlook emails into sales / support / spam, and then send the sales ones to salesforce as leads and support ones to freshdesk as tickets?',
    );
    const classifier = all(sorted).find((s) => s.kind === 'ai' && s.routes);
    assert.ok(classifier?.kind === 'ai', JSON.stringify(sorted.steps));
    assert.deepEqual(
      classifier.routes!.map((r) => [r.name, r.steps.map((s) => (s.kind === 'app' ? s.app : s.kind))]),
      [
        ['Sales', ['salesforce']],
        ['Support', ['freshdesk']],
        ['Spam', []],
      ],
    );
    const resized = readRequest(
      'watch a Dropbox folder and when a new image is uploaded, resize it and put the resized version in an S3 bucket',
    );
    assert.ok(
      all(resized).some((s) => s.kind === 'node' && s.node === 'editImage'),
      JSON.stringify(resized.steps),
    );
    const dropped = readRequest(
      'When a deal is marked won in Pipedrive, create an onboarding project in Asana and drop a message in the team chat.',
    );
    assert.deepEqual(apps(dropped), ['asana:create', 'slack:send']);
  });
  it('reads one feed per feed said, side by side into a Merge', () => {
    const spec = readRequest('AI news digest from several RSS feeds merged into one email');
    const parallel = spec.steps.find((s) => s.kind === 'parallel');
    assert.ok(parallel?.kind === 'parallel', JSON.stringify(spec.steps));
    assert.equal(parallel.merge, true);
    assert.deepEqual(
      parallel.branches.map((b) => b.map((s) => (s.kind === 'app' ? s.app : s.kind))),
      [['rssFeedRead'], ['rssFeedRead'], ['rssFeedRead']],
    );
    const two = readRequest('combine two RSS feeds (our blog and our changelog) and email me a digest every Monday');
    assert.equal(
      two.steps.find((s) => s.kind === 'parallel')?.kind === 'parallel' &&
        (two.steps.find((s) => s.kind === 'parallel') as { branches: unknown[] }).branches.length,
      2,
    );
    const one = readRequest('post every new item of our blog feed to Slack');
    assert.ok(!one.steps.some((s) => s.kind === 'parallel'), 'one feed stays one read');
  });
  it('reads one-word app names a dictation splits in two, and leaves everyday pairs alone', () => {
    const spec = readRequest(
      'um when a new ticket comes into zen desk I want to add a row to our air table and create a lead in sales force',
    );
    assert.equal(spec.trigger.kind === 'app' && spec.trigger.app, 'zendesk');
    assert.deepEqual(apps(spec), ['airtable:create', 'salesforce:create']);
    assert.deepEqual(apps(readRequest('email me the file linked in the message')), ['emailSend:send']);
    const form = readRequest(
      'hey can you make it so whenever somebody fills out the contact form on our website it goes into hub spot as a contact',
    );
    assert.equal(form.trigger.kind, 'form', 'the app the form’s entries go into is no trigger');
    assert.deepEqual(apps(form), ['hubspot:create']);
    const api = readRequest(
      'check each address with an email validation api and save the valid ones to a Google Sheet',
    );
    assert.ok(!JSON.stringify(api).includes('EmailValidation'), JSON.stringify(api.steps));
  });
  it('reads numbers a dictated request says in words', () => {
    const spec = readRequest('every monday at nine a m pull the open tickets from Zendesk and post them to Slack');
    assert.deepEqual((spec.trigger as { rule?: unknown }).rule, {
      field: 'weeks',
      weeksInterval: 1,
      triggerAtDay: [1],
      triggerAtHour: 9,
    });
    const every = readRequest('every thirty minutes check the Google Sheet and post new rows to Slack');
    assert.deepEqual((every.trigger as { rule?: unknown }).rule, { field: 'minutes', minutesInterval: 30 });
    const paid = readRequest(
      'when a customer pays with stripe and the amount is over five hundred dollars send a message in slack',
    );
    const test = all(paid).find((s) => s.kind === 'filter' || s.kind === 'if');
    assert.deepEqual(test && 'condition' in test ? test.condition : null, {
      field: 'amount',
      operator: 'gt',
      value: 500,
    });
    const kept = readRequest('urgency is one of high, medium or low; handle one at a time');
    assert.ok(!JSON.stringify(kept).includes('"1 of'), 'a number word that measures nothing stays a word');
  });
  it('reads a message sent from a system without a node as a call to its API', () => {
    const spec = readRequest('Post a message from Acme Portal to the team');
    assert.deepEqual(
      spec.steps.map((s) => (s.kind === 'http' ? `http:${s.system}` : s.kind === 'app' ? s.app : s.kind)),
      ['http:Acme Portal', 'slack'],
    );
  });
});
