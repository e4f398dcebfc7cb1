// Readings found in four more outside-written sets (dev123–dev126): English as a second language ("Each end of month",
// "one time per week", "Depend on the reason …", "send 20, wait 1 minute, then next 20"), a manager's chat message with
// its context ("could you …", "we get … by email", "a form they fill for each new hire"), requirement notes, and the
// trades describing today's chores ("Our PTA sends the weekly newsletter …", "Operators fill out daily inspections in
// Jotform").
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { conditionOf } from '../src/workflows/intent/words.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { all, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

/** A test as read, without where its words end. */
const testOf = (text: string) => {
  const c = conditionOf(text);
  return c && Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'end'));
};

const byType = (workflow: N8nWorkflow, type: string) => workflow.nodes.filter((n) => n.type.endsWith(`.${type}`));

describe('English as a second language', () => {
  it('reads "each end of month" and "one time per week" as schedules', () => {
    const monthly = readRequest(
      'Each end of month take the paid invoices from Xero and email the total to our accountant.',
    );
    assert.equal(monthly.trigger.kind, 'schedule');
    assert.ok(
      all(monthly).some((s) => s.kind === 'filter'),
      'a Filter keeps the last day of the month',
    );
    const weekly = readRequest(
      'One time per week get the new rows from our Google Sheet and send them to me in Gmail.',
    );
    assert.deepEqual(weekly.trigger.kind === 'schedule' && weekly.trigger.rule.field, 'weeks');
  });

  it('reads "the last Friday of month" without its article', () => {
    const spec = readRequest(
      'Every last Friday of month email the survey link to all staff, the emails are in our Odoo.',
    );
    assert.deepEqual(spec.trigger.kind === 'schedule' && spec.trigger.rule, {
      field: 'weeks',
      weeksInterval: 1,
      triggerAtDay: [5],
      triggerAtHour: 9,
    });
    // "the emails are in our Odoo" says where the addresses are: one e-mail is sent.
    assert.deepEqual(kinds(all(spec)).filter((k) => k.endsWith(':send')).length, 1);
  });

  it('routes on the field a bracketed list names, one e-mail each, with "Depend on" for "Depending on"', () => {
    for (const opening of ['Depend on', 'Depending on']) {
      const spec = readRequest(
        `Leavers fill a Typeform. ${opening} the reason of leaving (salary, manager, career, other), send the answer by email to different person.`,
      );
      const sw = switchOf(spec);
      assert.equal(sw.field, 'reason');
      assert.deepEqual(
        sw.routes.map((r) => r.name),
        ['salary', 'manager', 'career'],
      );
      assert.ok(sw.fallback?.length, 'the "other" answers have their own route');
      for (const r of sw.routes) assert.deepEqual(kinds(r.steps), ['emailSend:send']);
    }
  });

  it('reads "send 20, wait 1 minute, then next 20" as batches of 20, and a provider\'s limit as no e-mail', () => {
    const spec = readRequest(
      'I want send a promo email to our customers from my MySQL, but my email provider have limit. So send 20, wait 1 minute, then next 20, until finish.',
    );
    const loop = all(spec).find((s) => s.kind === 'loop');
    assert.equal(loop?.kind === 'loop' && loop.size, 20);
    assert.equal(kinds(all(spec)).filter((k) => k === 'emailSend:send').length, 1);
  });

  it('sends the approval a manager must give by e-mail, to the manager', async () => {
    const workflow = await validBuild(
      pool,
      'When a Typeform expense claim comes in, if the amount is more than 200 euro, the manager must approve by email.',
    );
    const mail = byType(workflow, 'emailSend')[0];
    assert.equal(mail?.parameters.operation, 'sendAndWait');
    assert.equal(mail?.parameters.toEmail, '<__PLACEHOLDER_VALUE__Manager email address__>');
  });

  it('reads "send summary to director" as a message to someone only the user can name', () => {
    const spec = readRequest('When a Typeform is submitted, send summary to director by email.');
    const send = all(spec).find((s) => s.kind === 'app' && s.app === 'emailSend');
    assert.equal(send?.kind === 'app' && send.hints.email, '<__PLACEHOLDER_VALUE__Director email address__>');
  });

  it('merges two reports "put together in one", without a web page for "website visits"', () => {
    const spec = readRequest(
      'Every Monday: ad spend from Google Ads and website visits from Google Analytics, put together in one and send to client by email.',
    );
    const steps = all(spec);
    // The two reads run side by side and meet in a Merge.
    assert.ok(steps.some((s) => s.kind === 'parallel'));
    assert.ok(!steps.some((s) => s.kind === 'http'), 'no page is fetched');
  });

  it('starts from the webhook trucks send to on a schedule of their own', () => {
    const spec = readRequest(
      'Trucks send their GPS position to our webhook every 10 minutes. If a truck is stopped more than 2 hours, alert the dispatcher in Telegram.',
    );
    assert.equal(spec.trigger.kind, 'webhook');
    assert.deepEqual(testOf('the truck is stopped more than 2 hours'), {
      field: 'updated_at',
      operator: 'lt',
      value: '={{ $now.minus({ hours: 2 }).toISO() }}',
    });
  });
});

describe('a manager asking in chat', () => {
  it('reads "could you check Xero for …" as a read, not something made', () => {
    const spec = readRequest('Every morning at 7, could you check Xero for overdue invoices and email each client?');
    assert.deepEqual(kinds(all(spec)).slice(0, 1), ['xero:read']);
  });

  it('starts from the form "they fill for each new hire"', () => {
    for (const request of [
      'So HR wants a form they fill for each new hire (name, role, start date, manager). When it is submitted, create their Google Workspace account.',
      'HR wants a form for each new hire. When the form is submitted, create their Google Workspace account.',
    ]) {
      const spec = readRequest(request);
      assert.equal(spec.trigger.kind, 'form', request);
      assert.ok(!all(spec).some((s) => s.kind === 'filter'), 'no test of "submitted"');
    }
  });

  it('starts from mail "we get … by email"', () => {
    const spec = readRequest('We get filing notices from the court by email. Summarize each notice with AI.');
    assert.equal(spec.trigger.kind, 'email');
  });

  it('drops the times of today\'s habit when the items should "go straight" somewhere', () => {
    const spec = readRequest(
      'Leads from our Facebook lead ads should go straight into HubSpot. Right now the agency exports a CSV once a week, which is too slow.',
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'facebookLeadAds');
  });

  it('polls an app with no trigger for the items the request says it keeps', async () => {
    const workflow = await validBuild(pool, 'We use Freshdesk. When a new ticket comes in, post it to Slack.');
    assert.ok(byType(workflow, 'scheduleTrigger').length);
    assert.equal(byType(workflow, 'freshdesk')[0]?.parameters.operation, 'getAll');
  });

  it('lets another system call the n8n webhook, whatever time its job runs', () => {
    const spec = readRequest(
      'Our nightly Jenkins build fails silently. Could Jenkins hit a webhook in n8n when the job finishes and create a GitHub issue?',
    );
    assert.equal(spec.trigger.kind, 'webhook');
  });

  it('reads the items a message lists from their app first', () => {
    const spec = readRequest(
      'Each morning send me a Gmail with all Pipedrive deals that are open, including the owner.',
    );
    assert.deepEqual(kinds(all(spec)).slice(0, 1), ['pipedrive:read']);
  });

  it('updates the records the translations are written back into', () => {
    const spec = readRequest(
      'Our product descriptions are in English in an Airtable base. Translate them to German with AI and write the translations back into Airtable.',
    );
    const steps = kinds(all(spec));
    assert.equal(steps[0], 'airtable:read');
    assert.equal(steps.at(-1), 'airtable:update');
    assert.equal(steps.filter((k) => k === 'ai').length, 1);
  });

  it('reads "write a short summary" as one AI step', () => {
    const spec = readRequest(
      'When a new Zendesk ticket comes in, write a short summary with OpenAI and post it to Slack.',
    );
    assert.equal(all(spec).filter((s) => s.kind === 'ai').length, 1);
  });
});

describe('the trades and their chores', () => {
  it('listens for what the event clause names, for an app named in a sentence of its own', async () => {
    const workflow = await validBuild(
      pool,
      'Florist with a Shopify shop. When someone orders a same-day bouquet, text my driver the address with Twilio.',
    );
    assert.equal(byType(workflow, 'shopifyTrigger')[0]?.parameters.topic, 'orders/create');
  });

  it('reads a record "not resolved" as its status', () => {
    assert.deepEqual(testOf('the ticket is not resolved'), {
      field: 'status',
      operator: 'notEquals',
      value: 'resolved',
    });
    assert.deepEqual(testOf('the deal is worth more than 500'), {
      field: 'value',
      operator: 'gt',
      value: 500,
    });
  });

  it('starts from the named form app people fill in daily', () => {
    const spec = readRequest(
      'Operators fill out daily equipment inspections in Jotform. Every submission should be saved to a Google Sheet.',
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'jotForm');
  });

  it('starts from the form families register through, not the newsletter "we send weekly"', () => {
    const spec = readRequest(
      'Our PTA sends the weekly newsletter from Mailchimp. New families register through a Typeform and every week I copy them over to Mailchimp by hand. Just add them to the audience automatically.',
    );
    assert.deepEqual(spec.trigger.kind === 'app' && spec.trigger.app, 'typeform');
  });

  it('routes to "the leader of that group" one e-mail per group picked in brackets', () => {
    const spec = readRequest(
      "People join small groups through a Typeform. Depending on which group they pick (men's, women's, young adults or couples), the leader of that group should get an email.",
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'group');
    assert.equal(sw.routes.length, 4);
    assert.ok(!all(spec).some((s) => s.kind === 'aggregate'), 'people joining groups combine nothing');
  });

  it('makes a board item, not a board, on "the mechanic\'s Monday.com board"', async () => {
    const workflow = await validBuild(
      pool,
      "When a Jotform is submitted, create an urgent item on the mechanic's Monday.com board.",
    );
    assert.equal(byType(workflow, 'mondayCom')[0]?.parameters.resource, 'boardItem');
  });

  it('reads "when classes are" after "asking" as what is asked', () => {
    const spec = readRequest(
      "Members keep asking in DMs when classes are. Every Sunday night, get next week's classes from our Google Calendar and post them in Discord.",
    );
    assert.equal(spec.trigger.kind, 'schedule');
  });
});
