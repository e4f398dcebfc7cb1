// Readings found while re-measuring the outside-written development sets: who a message goes to ("to every supplier
// in our Airtable"), who does the event ("The head teacher posts a message … on Slack"), a request put to someone
// ("Can someone build a bot that summarizes …"), a persona's app ("We're an MSP using HaloPSA"), outcomes named in a
// "whether it's …" list, and a step n8n has no node for, left out without cutting the workflow in two.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool, teamReply } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { all, kinds } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const typesOf = (workflow: N8nWorkflow) => workflow.nodes.map((n) => n.type.split('.').pop()!);

describe('who a message goes to', () => {
  it('reads the people "in our Airtable" a message goes to, and sends each one an e-mail in paced batches', () => {
    const spec = readRequest(
      "Send our price request to every vendor in the Airtable 'Vendors' table except those marked Blacklisted. Our mail server throttles, so 10 at a time with a 5 minute pause between batches.",
    );
    assert.equal(spec.trigger.kind, 'manual');
    assert.deepEqual(kinds(spec.steps).slice(0, 2), ['airtable:read', 'filter']);
    const loop = spec.steps.find((s) => s.kind === 'loop');
    assert.ok(loop?.kind === 'loop');
    assert.equal(loop.size, 10);
    assert.deepEqual(kinds(loop.body), ['emailSend:send', 'wait']);
    // "marked Blacklisted" is the value tested, not a system called.
    assert.ok(!all(spec).some((s) => s.kind === 'http'));
  });

  it('keeps an RFQ, an NDA or an MSP a word of the trade, not an API', () => {
    for (const request of [
      'Send our RFQ to every supplier in the Airtable table.',
      'When a new NDA is added to our Google Drive folder, post it in Slack.',
      "We're an MSP using HaloPSA. When a client submits our n8n form, create a ticket in HaloPSA.",
    ])
      assert.ok(!all(readRequest(request)).some((s) => s.kind === 'http'), request);
  });

  it('sends "a personalised WhatsApp message" to each person in a sheet, one at a time, instead of starting from WhatsApp', () => {
    const spec = readRequest(
      "Could you send a personalised WhatsApp message to each guest in our Google Sheet 'Wedding Guests', one at a time with a 10-second pause between each?",
    );
    assert.equal(spec.trigger.kind, 'manual');
    assert.deepEqual(kinds(spec.steps).slice(0, 1), ['googleSheets:read']);
    const loop = spec.steps.find((s) => s.kind === 'loop');
    assert.ok(loop?.kind === 'loop');
    assert.deepEqual(kinds(loop.body), ['whatsApp:send', 'wait']);
  });
});

describe('who does the event', () => {
  it('starts from Slack when someone else posts a message there', () => {
    const spec = readRequest(
      "The office manager posts a message starting with 'OUTAGE' in #status on Slack. Take the text after 'OUTAGE' and text it to every customer in the Customers spreadsheet.",
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'slack');
  });

  it('does not start from Slack when the workflow itself posts there', () => {
    const spec = readRequest('The workflow posts a message in #general on Slack every morning with the weather.');
    assert.equal(spec.trigger.kind, 'schedule');
    assert.ok(kinds(all(spec)).includes('slack:send'));
  });

  it("starts from the n8n form a client submits, with the persona's app only where the ticket is made", () => {
    const spec = readRequest(
      "We're a small agency using HaloPSA. When a client submits our n8n form for a new monitor request, create a ticket in HaloPSA and send the client a confirmation email with the ticket number.",
    );
    assert.equal(spec.trigger.kind, 'form');
    assert.deepEqual(kinds(all(spec)), ['haloPSA:create', 'emailSend:send']);
  });
});

describe('a request put to someone', () => {
  it('reads the job of "a bot that summarizes …" asked of someone, and reads the channel it names', () => {
    for (const opening of ['Can someone build', 'Could you make', 'Build'])
      for (const request of [
        `${opening} a bot that summarizes our #team-wins Slack channel every Friday afternoon and saves the summary as a page in Notion?`,
      ]) {
        const spec = readRequest(request);
        assert.equal(spec.trigger.kind, 'schedule', request);
        assert.deepEqual(kinds(all(spec)), ['slack:read', 'ai', 'notion:create'], request);
        const ai = all(spec).find((s) => s.kind === 'ai');
        assert.equal(ai?.kind === 'ai' && ai.task, 'summarise', request);
      }
  });

  it('still reads a bot that answers questions as a chat that answers', () => {
    const spec = readRequest('Build a bot that answers customer questions on Telegram using our FAQ.');
    const ai = all(spec).find((s) => s.kind === 'ai');
    assert.equal(ai?.kind === 'ai' && ai.task, 'agent');
    assert.ok(kinds(all(spec)).includes('telegram:send'));
  });
});

describe('names that are not steps', () => {
  it('calls each address "in a google sheet" it is asked to check', () => {
    const spec = readRequest(
      'i need to ping ~200 internal services (urls are in a google sheet) every 5 min and alert via SIGNL4 when something returns non-200',
    );
    assert.deepEqual(kinds(all(spec)).slice(0, 2), ['googleSheets:read', 'http']);
  });

  it('reads "whether it\'s an NDA, an MSA or an invoice" as outcomes, not an accounting app', () => {
    const spec = readRequest(
      "Have AI look at every new file in our 'Legal' Google Drive folder, decide whether it's an NDA, a lease or an invoice, and move it into the matching subfolder.",
    );
    const steps = kinds(all(spec));
    assert.ok(!steps.some((k) => k.startsWith('quickbooks')), steps.join(', '));
    const ai = all(spec).find((s) => s.kind === 'ai');
    assert.deepEqual(ai?.kind === 'ai' && ai.routes?.map((r) => r.name), ['NDA', 'Lease', 'Invoice']);
    for (const r of ai?.kind === 'ai' ? (ai.routes ?? []) : [])
      assert.deepEqual(kinds(r.steps), ['googleDrive:update']);
  });

  it('reads "the 2nd of each month" as the schedule, not a route per item', () => {
    const spec = readRequest(
      "On the 2nd of each month total last month's sales by region from our Postgres table sales (id, amount, region, sold_at), match them against the targets in the Google Sheet 'Targets' (region, target), and e-mail the board a summary.",
    );
    assert.equal(spec.trigger.kind, 'schedule');
    assert.ok(!all(spec).some((s) => s.kind === 'switch'));
    assert.ok(all(spec).some((s) => s.kind === 'parallel' && s.merge));
  });
});

describe('times and states said in passing', () => {
  it('runs at the clock time said with a part of the day, or asked for in another sentence', () => {
    for (const request of [
      'Every morning search Reddit for posts about our app at 9am and post the links to Slack.',
      'Every morning I search Reddit for posts about our app and paste the links into Slack. Can this run by itself at 9am?',
    ]) {
      const spec = readRequest(request);
      assert.deepEqual(spec.trigger.kind === 'schedule' && spec.trigger.rule, {
        field: 'days',
        daysInterval: 1,
        triggerAtHour: 9,
      });
    }
    const nightly = readRequest("Every night at 2am copy yesterday's orders from Postgres into BigQuery.");
    assert.equal(
      nightly.trigger.kind === 'schedule' &&
        'triggerAtHour' in nightly.trigger.rule &&
        nightly.trigger.rule.triggerAtHour,
      2,
    );
    // A part of the day alone keeps its own hour.
    const morning = readRequest('Every morning search Reddit for posts about our app.');
    assert.equal(
      morning.trigger.kind === 'schedule' &&
        'triggerAtHour' in morning.trigger.rule &&
        morning.trigger.rule.triggerAtHour,
      8,
    );
  });

  it('reads "hasn\'t been started" and "has been paid" as the state said', () => {
    const strip = (text: string) => {
      const c = conditionOf(text);
      return c && { field: c.field, operator: c.operator, value: c.value };
    };
    assert.deepEqual(strip("it hasn't been started yet"), { field: 'started', operator: 'isFalse', value: false });
    assert.deepEqual(strip('the order has not been shipped'), { field: 'shipped', operator: 'isFalse', value: false });
    assert.deepEqual(strip('the invoice has been paid'), { field: 'status', operator: 'equals', value: 'paid' });
  });

  it('does nothing for the paid invoices and writes to the unpaid ones', () => {
    const spec = readRequest(
      "When a Stripe payment fails, wait three days. If the invoice has been paid, do nothing. If it's still unpaid, send a second email.",
    );
    const filter = all(spec).find((s) => s.kind === 'filter');
    assert.deepEqual(filter?.kind === 'filter' && filter.condition, {
      field: 'status',
      operator: 'notEquals',
      value: 'paid',
    });
    assert.deepEqual(kinds(spec.steps).slice(-1), ['emailSend:send']);
  });

  it('starts from Onfleet when the request set the scene with it and a task is completed', () => {
    const spec = readRequest(
      "we're a delivery company on Onfleet. when a task is completed i'd like to text the customer a survey link via MessageBird",
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'onfleet');
    assert.ok(!all(spec).some((s) => s.kind === 'app' && s.app === 'onfleet'), 'no Onfleet step of the intro');
  });
});

describe('wishes, habits and notes', () => {
  it('reads the change wished for after "I want" or "I need"', () => {
    const sent = readRequest('When a Shopify order comes in, I want a thank-you email sent from Gmail.');
    assert.deepEqual(kinds(all(sent)), ['gmail:send']);
    const saved = readRequest('I need the leads from Facebook saved in HubSpot.');
    assert.ok(kinds(all(saved)).includes('hubspot:create'), kinds(all(saved)).join(', '));
    // Two changes, each in its own app: the chat app gets a message, not a record.
    const two = readRequest(
      "When that happens I want a Jira ticket opened and the client's account manager DM'd on Slack.",
    );
    assert.deepEqual(kinds(all(two)).slice(-2), ['jira:create', 'slack:send']);
    // "I want to know …" wishes for nothing to be written.
    assert.ok(
      !kinds(all(readRequest('I want to know which contracts are stored in Dropbox.'))).includes('dropbox:create'),
    );
  });

  it('reads what people already do in an app as where the items are', () => {
    const spec = readRequest(
      'Our account managers log calls in Salesforce. Each evening, send every manager a summary of their calls that day by email.',
    );
    assert.equal(spec.trigger.kind, 'schedule');
    assert.deepEqual(kinds(all(spec)).slice(0, 1), ['salesforce:read']);
    // A chore told with "manually" is no manual start.
    const chore = readRequest(
      'every time we close a deal in pipedrive i manually create an invoice in quickbooks and then slack the finance team.',
    );
    assert.deepEqual(chore.trigger.kind === 'app' && chore.trigger.app, 'pipedrive');
  });

  it('posts "as a comment" on the item the trigger reported, and skips draft pull requests first', () => {
    const spec = readRequest(
      'When a pull request is opened in GitHub, have AI review it and post the review as a comment on the PR. Skip draft PRs.',
    );
    assert.deepEqual(kinds(spec.steps), ['filter', 'ai', 'github:create']);
    const comment = spec.steps.at(-1);
    assert.equal(comment?.kind === 'app' && comment.noun, 'comment');
  });

  it('starts from the app an opening "If a … is …" names', () => {
    const spec = readRequest(
      "If a GitHub issue is labelled 'urgent', create a PagerDuty incident; otherwise add it to our Trello backlog.",
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'github');
    assert.ok(all(spec).some((s) => s.kind === 'if'));
  });

  it('writes "a LinkedIn post" with a model and keeps it where the request says', () => {
    const kept = readRequest(
      'When a new row is added to our Google Sheet, generate a LinkedIn post with GPT-4 and save it as a draft in Notion.',
    );
    assert.ok(!kinds(all(kept)).some((k) => k.startsWith('linkedIn')), kinds(all(kept)).join(', '));
    const posted = readRequest('Every morning write a LinkedIn post about our product with OpenAI.');
    assert.ok(kinds(all(posted)).includes('linkedIn:create'));
  });
});

describe('the end of the day, a priority said first, and people a chat app brought', () => {
  it('runs "at the end of each day" when the working day ends', () => {
    for (const request of [
      'At the end of each day, email me the new Trello cards.',
      'At the end of the day, email me the new Trello cards.',
    ]) {
      const spec = readRequest(request);
      assert.deepEqual(spec.trigger.kind === 'schedule' && spec.trigger.rule, {
        field: 'days',
        daysInterval: 1,
        triggerAtHour: 17,
      });
    }
  });

  it('tests the priority said before the item ("a high-priority incident")', () => {
    for (const request of [
      'Whenever a high-priority incident is opened in PagerDuty, create a Zoom meeting.',
      'When a new high priority Jira issue is created, post it to Slack.',
    ]) {
      const filter = all(readRequest(request)).find((s) => s.kind === 'filter');
      assert.deepEqual(filter?.kind === 'filter' && filter.condition, {
        field: 'priority',
        operator: 'equals',
        value: 'high',
      });
    }
  });

  it('answers the people a chat app brought in that app, and e-mails the others', () => {
    const discord = readRequest(
      'When a new member joins our Discord server, send them a welcome DM and add them to our Airtable members table.',
    );
    assert.deepEqual(kinds(all(discord)), ['discord:send', 'airtable:create']);
    const telegram = readRequest('When someone messages our Telegram bot, send them a welcome message.');
    assert.deepEqual(kinds(all(telegram)), ['telegram:send']);
    const stripe = readRequest('When a new Stripe customer signs up, send them a welcome message.');
    assert.deepEqual(kinds(all(stripe)), ['emailSend:send']);
  });
});

describe('a step n8n has no node for', () => {
  it('is left out with a note, and the steps around it stay connected', async () => {
    const { workflow, text } = await teamReply(
      [
        'When a Paddle webhook hits n8n, wait 24 hours and email them our feedback survey. The survey is in SurveyMonkey.',
      ],
      pool,
    );
    assert.ok(workflow, text.slice(0, 400));
    const types = typesOf(workflow);
    assert.deepEqual(types, ['webhook', 'wait', 'emailSend']);
    // Each node leads on to the next one.
    for (const [k, node] of workflow.nodes.slice(0, -1).entries())
      assert.equal(workflow.connections[node.name]?.main?.[0]?.[0]?.node, workflow.nodes[k + 1]!.name);
    assert.match(text, /n8n has no node that can do "[^"]*SurveyMonkey[^"]*", so that step was left out/);
    assert.doesNotMatch(text.split('```json')[0]!, /Webhook → SurveyMonkey/);
    await validBuild(
      pool,
      'When a Paddle webhook hits n8n, wait 24 hours and email them our feedback survey. The survey is in SurveyMonkey.',
    );
  });
});
