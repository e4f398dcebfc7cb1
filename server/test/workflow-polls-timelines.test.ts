// Checking again until a job is done ("check its status every 5 minutes until it's finished"), one item's timeline
// by days ("DM them on day 1, day 3, day 7 and day 30"), a first sentence that says the trouble before the request,
// a webhook that answers 400 on bad input, a description pasted from n8n's template gallery, and smaller readings
// found in four more outside-written sets (dev111–dev114).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { galleryDescription } from '../src/workflows/intent/gallery.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import type { Step } from '../src/workflows/spec.ts';
import { all, branchOf, kinds, switchOf } from './readerSteps.ts';
import { validBuild } from './validBuild.ts';

const pool = realPool();
after(() => pool.close());

const apps = (steps: Step[]): string[] => kinds(steps).filter((k) => k.includes(':'));

function pollOf(steps: Step[]): Extract<Step, { kind: 'poll' }> {
  const poll = steps.find((s) => s.kind === 'poll');
  assert.ok(poll?.kind === 'poll', `a poll in ${JSON.stringify(kinds(steps))}`);
  return poll;
}

describe('checking again until a job is done', () => {
  const exportRequest =
    "Our app's nightly export is asynchronous. At 2am, start an export with a POST to https://api.ourapp.com/exports, then check its status every 5 minutes until it's finished, download the file, and upload it to Google Cloud Storage.";

  it('waits, checks the call it started again, and goes on once the status says so', () => {
    const spec = readRequest(exportRequest);
    assert.deepEqual(spec.trigger, {
      kind: 'schedule',
      rule: { field: 'days', daysInterval: 1, triggerAtHour: 2 },
    });
    assert.deepEqual(kinds(spec.steps), ['http', 'poll', 'http', 'googleCloudStorage:create']);
    const poll = pollOf(spec.steps);
    assert.deepEqual(poll.every, { amount: 5, unit: 'minutes' });
    assert.deepEqual(
      poll.check.map((s) => s.kind === 'http' && [s.method, s.url]),
      [['GET', 'https://api.ourapp.com/exports']],
    );
    assert.deepEqual(poll.until, { field: 'status', operator: 'equals', value: 'finished' });
  });

  it('builds a Wait, the check and an If whose other side goes back to the Wait', async () => {
    const workflow = await validBuild(pool, exportRequest);
    const wait = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.wait');
    const test = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.if');
    assert.ok(wait && test);
    assert.deepEqual(wait.parameters, { amount: 5, unit: 'minutes' });
    const outputs = workflow.connections[test.name]?.main ?? [];
    assert.deepEqual(
      outputs.map((links) => links.map((l) => l.node)),
      [['Call the file'], [wait.name]],
    );
    assert.deepEqual(structuralProblems(workflow), []);
  });

  it('may end once the test holds, and reads a field and value said in code quotes', () => {
    const spec = readRequest(
      'Webhook starts an export: POST https://reports.acme.io/api/exports returns `jobId`. Poll GET /api/exports/<jobId> every 30s until `status` == `done`.',
    );
    const poll = pollOf(spec.steps);
    assert.deepEqual(poll.every, { amount: 30, unit: 'seconds' });
    assert.deepEqual(
      poll.check.map((s) => s.kind === 'http' && [s.method, s.url]),
      [['GET', 'https://reports.acme.io/api/exports/<jobId>']],
    );
    assert.deepEqual(poll.until, { field: 'status', operator: 'equals', value: 'done' });
  });

  it('comes before the step said to wait for it, and checks the app the job runs in', () => {
    const spec = readRequest(
      "Trigger a Netlify build whenever content is published in Strapi, then post the deploy status to Google Chat once it's finished — poll every 30s until the deploy `state` is `ready` or `error`.",
    );
    assert.deepEqual(kinds(spec.steps), ['netlify:create', 'poll', 'googleChat:send']);
    const poll = pollOf(spec.steps);
    assert.deepEqual(apps(poll.check), ['netlify:read']);
    assert.deepEqual(poll.until, {
      field: 'state',
      operator: 'equals',
      value: 'ready',
      more: [{ field: 'state', operator: 'equals', value: 'error' }],
      join: 'or',
    });
  });

  it('checks once a day "and as soon as it shows delivered" goes on', () => {
    const spec = readRequest(
      "Freshservice calls our webhook when a new hire's laptop is shipped, with the DHL tracking number. Check the DHL tracking once a day and as soon as it shows delivered, send the new hire a WhatsApp message that their laptop has arrived.",
    );
    assert.deepEqual(kinds(spec.steps), ['poll', 'whatsApp:send']);
    const poll = pollOf(spec.steps);
    assert.deepEqual(poll.every, { amount: 1, unit: 'days' });
    assert.deepEqual(apps(poll.check), ['dhl:read']);
    assert.deepEqual(poll.until, { field: 'status', operator: 'equals', value: 'delivered' });
  });

  it('is no poll where nothing is checked again', () => {
    const spec = readRequest('Every Monday check the Google Sheet and email me the rows until the end of the month.');
    assert.ok(!all(spec).some((s) => s.kind === 'poll'));
  });
});

describe("one item's timeline by days", () => {
  it('sends again after each wait, day 1 being the day the person came', () => {
    const spec = readRequest(
      'When a new person joins our Slack workspace, DM them onboarding tips on day 1, day 3, day 7 and day 30.',
    );
    assert.deepEqual(kinds(spec.steps), [
      'slack:send',
      'wait',
      'slack:send',
      'wait',
      'slack:send',
      'wait',
      'slack:send',
    ]);
    assert.deepEqual(
      spec.steps.flatMap((s) => (s.kind === 'wait' ? [s.amount] : [])),
      [2, 4, 23],
    );
  });

  it('waits from the last day said before for "On day 10, …"', () => {
    const spec = readRequest(
      "When someone signs up in Stripe, send a reminder email on day 2 and day 5 after signing up. On day 10, tag them 'stalled' in HubSpot.",
    );
    assert.deepEqual(kinds(spec.steps), ['wait', 'emailSend:send', 'wait', 'emailSend:send', 'wait', 'hubspot:update']);
    assert.deepEqual(
      spec.steps.flatMap((s) => (s.kind === 'wait' ? [s.amount] : [])),
      [2, 3, 5],
    );
  });
});

describe('a first sentence that says the trouble', () => {
  it('gives way to the start the rest of the request says', () => {
    const form = readRequest(
      "Time-off requests come in over chat and I lose track of them. I want a simple form where staff enter their name, the dates and the reason; each request should go onto our shared 'Team Out' Google Calendar and be announced in our Microsoft Teams channel.",
    );
    assert.equal(form.trigger.kind, 'form');
    assert.deepEqual(apps(all(form)), ['googleCalendar:create', 'microsoftTeams:send']);
    const schedule = readRequest(
      'I want to know when a competitor changes their pricing page. Every morning fetch https://www.rivalcrm.com/pricing and message me on Telegram.',
    );
    assert.equal(schedule.trigger.kind, 'schedule');
  });

  it('keeps a start the trouble sentence does not hold', () => {
    const spec = readRequest(
      'Our support inbox is a mess. When a new Zendesk ticket comes in, post it to #support on Slack.',
    );
    assert.deepEqual(spec.trigger, { kind: 'app', app: 'zendesk', event: 'created', item: 'ticket' });
  });
});

describe('times and waits that belong to what is made', () => {
  it('reads "a Zoom meeting for the next day at 3pm" as the meeting\'s time', () => {
    const spec = readRequest(
      'Office hours are a scheduling mess. I want a form where customers pick a topic and give their email; create a Zoom meeting for the next day at 3pm and email them the join link.',
    );
    assert.equal(spec.trigger.kind, 'form');
    assert.deepEqual(kinds(spec.steps), ['zoom:create', 'emailSend:send']);
    const weekly = readRequest('Every Monday create a Zoom meeting for the next day at 3pm.');
    assert.ok(weekly.trigger.kind === 'schedule');
    assert.equal((weekly.trigger.rule as { triggerAtHour?: number }).triggerAtHour, 9);
  });

  it('takes the clock time of a sentence of its own after "nightly"', () => {
    const spec = readRequest("Our app's nightly export is slow. At 2am, export the orders table from Postgres to S3.");
    assert.ok(spec.trigger.kind === 'schedule');
    assert.equal((spec.trigger.rule as { triggerAtHour?: number }).triggerAtHour, 2);
  });

  it('waits in the other outcome before its step ("If not, wait 3 days and then …")', () => {
    const spec = readRequest(
      'When a form is submitted, if the score is above 7, add them to Airtable. If not, wait 3 days and then send them a polite email.',
    );
    const branch = branchOf(spec);
    assert.deepEqual(kinds(branch.then), ['airtable:create']);
    assert.deepEqual(kinds(branch.otherwise), ['wait', 'emailSend:send']);
  });

  it('paces a loop said before with "It waits 1 second between batches"', () => {
    const spec = readRequest(
      'You start this workflow manually. It reads all contacts from the Postgres contacts table. It sends them in batches of 100 to the internal API at https://api.internal.example.com/contacts/bulk. It waits 1 second between batches.',
    );
    assert.equal(spec.trigger.kind, 'manual');
    assert.deepEqual(kinds(spec.steps), ['postgres:read', 'loop']);
    const loop = spec.steps[1]!;
    assert.ok(loop.kind === 'loop');
    assert.deepEqual(
      loop.body.map((s) => (s.kind === 'http' ? `${s.method} ${s.url}` : s.kind)),
      ['POST https://api.internal.example.com/contacts/bulk', 'wait'],
    );
  });
});

describe('tests and outcomes', () => {
  it('routes "a score of 6 or lower creates …; a 9 or 10 gets …" by the score', () => {
    const spec = readRequest(
      'When a SurveyMonkey response comes in: a score of 6 or lower creates a Zendesk ticket for follow-up; a 9 or 10 gets an email asking for a G2 review; 7 and 8 do nothing.',
    );
    const sw = switchOf(spec);
    assert.equal(sw.field, 'score');
    assert.deepEqual(
      sw.routes.map((r) => [r.condition, apps(r.steps)]),
      [
        [{ field: 'score', operator: 'between', value: '9..10' }, ['emailSend:send']],
        [{ field: 'score', operator: 'lte', value: 6 }, ['zendesk:create']],
      ],
    );
  });

  it('reads "and if there isn\'t, …" as the other outcome', () => {
    const spec = readRequest(
      "When a WhatsApp message comes in, look for an order number in it; if there is one, find the order in Shopify and reply with its status, and if there isn't, reply asking them for their order number.",
    );
    const branch = branchOf(spec);
    assert.deepEqual(apps(branch.then), ['shopify:read', 'whatsApp:send']);
    assert.ok(apps(branch.otherwise).includes('whatsApp:send'));
  });

  it("tests a webhook's input first when a 400 answers bad input", () => {
    const spec = readRequest(
      "I need a webhook that receives lead JSON from our landing pages, checks that an email is present, stores the lead in Supabase, and returns the new lead's ID. If the email is missing, return a 400 error.",
    );
    assert.equal(spec.steps.length, 1);
    const branch = branchOf(spec);
    assert.deepEqual(branch.condition, { field: 'email', operator: 'exists', value: '' });
    assert.deepEqual(kinds(branch.then), ['supabase:create', 'respond']);
    assert.deepEqual(
      branch.otherwise.map((s) => s.kind === 'respond' && s.status),
      [400],
    );
    // After a lookup, the test is of what the lookup found: the lookup stays first.
    const lookup = readRequest(
      "I need a webhook that receives an order id, looks it up in Postgres and returns it. If it's not found, return a 404 error.",
    );
    assert.deepEqual(kinds(lookup.steps).slice(0, 1), ['postgres:read']);
  });
});

describe('starts', () => {
  it('reads a request that opens with another workflow failing as an error workflow', () => {
    const spec = readRequest(
      'If the nightly BambooHR to Google Contacts sync workflow fails, open a PagerDuty incident.',
    );
    assert.equal(spec.trigger.kind, 'error');
    assert.deepEqual(kinds(all(spec)), ['pagerDuty:create']);
  });

  it('reads mail someone sends us as mail that arrives', () => {
    const spec = readRequest(
      'When a customer sends us a remittance advice email, use AI to pull out which invoice numbers they paid and the amounts, and mark those invoices as paid in Xero.',
    );
    assert.equal(spec.trigger.kind, 'email');
    assert.ok(!apps(all(spec)).includes('emailSend:send'));
  });

  it('reads "This workflow listens for … events on a GitHub repository" as GitHub\'s event', () => {
    const spec = readRequest(
      'This workflow listens for pull_request "opened" events on a GitHub repository. Claude writes a short summary. The summary is posted to #code-review in Slack.',
    );
    assert.ok(spec.trigger.kind === 'app' && spec.trigger.app === 'github');
  });
});

describe('a description pasted from the template gallery', () => {
  const described = [
    'Interview booking with Zoom links',
    '',
    'For recruiters who schedule candidate interviews through Acuity.',
    '',
    'How it works',
    '- This workflow starts when a candidate books an interview slot in Acuity Scheduling.',
    '- It creates a Zoom meeting for that time.',
    '- It emails the candidate from Gmail with the Zoom link and what to prepare.',
    '',
    'Set up',
    'Needs Acuity, Zoom and Gmail credentials.',
  ].join('\n');

  it('keeps what it does and drops the title, the audience and the set-up notes', () => {
    const kept = galleryDescription(described);
    assert.ok(!/Interview booking|recruiters who|Set up|credentials/.test(kept), kept);
    assert.match(kept, /^- This workflow starts when a candidate books/);
    const spec = readRequest(described);
    assert.ok(spec.trigger.kind === 'app' && spec.trigger.app === 'acuityScheduling');
    assert.deepEqual(apps(spec.steps), ['zoom:create', 'gmail:send']);
  });

  it('leaves text with no "How it works" heading as it is', () => {
    const text = 'Slack alerts\n\nFor the team.\nWhen a deal closes in HubSpot, post it to #wins.';
    assert.equal(galleryDescription(text), text);
  });
});

describe('names', () => {
  it('knows Raindrop.io, Cognito, IAM groups and lower-case Teams before what the message says', () => {
    assert.ok(
      apps(all(readRequest('Every Saturday, get the bookmarks saved in Raindrop.io and email me a digest.'))).includes(
        'raindrop:read',
      ),
    );
    assert.deepEqual(
      apps(
        all(
          readRequest(
            "Offboarding webhook from our HR system gives us the leaver's email. Delete them from the Cognito user pool and remove their row from the app_users table in Postgres.",
          ),
        ),
      ),
      ['awsCognito:delete', 'postgres:delete'],
    );
    assert.ok(
      apps(all(readRequest("When a form is submitted, add the user to the 'prod-readonly' IAM group."))).some((a) =>
        a.startsWith('awsIam:'),
      ),
    );
    assert.ok(
      apps(
        all(readRequest("every monday 8am post in teams who's starting this week. start dates are in bamboohr")),
      ).includes('microsoftTeams:send'),
    );
  });
});
