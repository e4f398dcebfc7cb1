// The builder's operations, as both planners use them: nodes are added from their n8n definitions (unknown
// parameters refused with the list of real ones), connections are checked against outputs and sub-node types, and
// a required value only the user can give becomes n8n's placeholder marker, named for the reply.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool, poolServices } from '../bench/workflowQuality.ts';
import { NodeKnowledge, type NodeDefinition, type ToolCaller } from '../src/workflows/knowledge.ts';
import { DraftError, WorkflowDraft } from '../src/workflows/draft.ts';
import { configureNode, isPlaceholder } from '../src/workflows/configure.ts';
import { stepDraft } from '../src/workflows/coreNodes.ts';

const pool = realPool();
after(() => pool.close());
const services = poolServices(pool);
const call: ToolCaller<string> = async function* (tool, args) {
  yield tool;
  const result = await services.callMcp('n8n', tool, args, new AbortController().signal);
  return { text: result.text, isError: Boolean(result.isError) };
};
const knowledge = new NodeKnowledge<string>();

async function definition(type: string): Promise<NodeDefinition> {
  const gen = knowledge.describe(call, type);
  let step = await gen.next();
  while (!step.done) step = await gen.next();
  assert.ok(step.value, `no definition for ${type}`);
  return step.value;
}

describe('workflow draft operations', () => {
  let slack: NodeDefinition;
  let manual: NodeDefinition;
  let chatModel: NodeDefinition;
  let agent: NodeDefinition;
  before(async () => {
    slack = await definition('n8n-nodes-base.slack');
    manual = await definition('n8n-nodes-base.manualTrigger');
    chatModel = await definition('@n8n/n8n-nodes-langchain.lmChatOpenAi');
    agent = await definition('@n8n/n8n-nodes-langchain.agent');
  });

  it('refuses a parameter the node does not have, naming the ones it has', () => {
    const draft = new WorkflowDraft();
    assert.throws(
      () => draft.addNode(slack, 'Slack', { channelName: '#x' }),
      (e: unknown) => e instanceof DraftError && /no parameter "channelName".*resource/.test(e.message),
    );
  });

  it('fills a channel only the user can give with n8n’s placeholder and names it for the reply', () => {
    const draft = new WorkflowDraft();
    const name = draft.addNode(slack, 'Post', {}, { verb: 'send', hints: {} });
    const node = draft.node(name);
    assert.equal(node.parameters.resource, 'message');
    assert.equal(node.parameters.operation, 'post');
    assert.ok(isPlaceholder((node.parameters.channelId as { value: string }).value));
    assert.ok([...(draft.toPick.get(name) ?? [])].some((p) => /channel/i.test(p)));
  });

  it('uses the channel the request names', () => {
    const draft = new WorkflowDraft();
    const name = draft.addNode(slack, 'Post', {}, { verb: 'send', hints: { channel: '#sales' } });
    assert.deepEqual(draft.node(name).parameters.channelId, { __rl: true, value: '#sales', mode: 'name' });
    assert.equal(draft.toPick.get(name), undefined);
  });

  it('sends a text to a phone number and a mail to the user\'s own address when the request says "me"', async () => {
    const twilio = await definition('n8n-nodes-base.twilio');
    const email = await definition('n8n-nodes-base.emailSend');
    const draft = new WorkflowDraft();
    // "text the customer": the item's phone number, never its e-mail address.
    const sms = draft.node(draft.addNode(twilio, 'SMS', {}, { verb: 'send', hints: {} }));
    assert.equal(sms.parameters.to, '={{ $json.phone ?? $json.phone_number ?? $json.mobile }}');
    // "text me": the user's own number, a placeholder named for the reply.
    const mine = draft.addNode(
      twilio,
      'SMS me',
      {},
      { verb: 'send', hints: { phone: '<__PLACEHOLDER_VALUE__Your phone number__>' } },
    );
    assert.ok(isPlaceholder(draft.node(mine).parameters.to as string));
    assert.ok([...(draft.toPick.get(mine) ?? [])].some((p) => /^to$/i.test(p)));
    // "email me the new orders": the user's address, not the order's customer.
    const mail = draft.addNode(
      email,
      'Mail me',
      {},
      { verb: 'send', hints: { email: '<__PLACEHOLDER_VALUE__Your email address__>' } },
    );
    assert.ok(isPlaceholder(draft.node(mail).parameters.toEmail as string));
  });

  it('checks connections: outputs that exist, sub-nodes only on ai_* connections', () => {
    const draft = new WorkflowDraft();
    const start = draft.addNode(manual, 'Start', {});
    const model = draft.addNode(chatModel, 'Model', {});
    const ai = draft.addNode(agent, 'Agent', { promptType: 'define', text: '={{ $json.text }}' });
    assert.throws(() => draft.connect(start, ai, 1), /has 1 output\(s\); output 1 does not exist/);
    assert.throws(() => draft.connect(model, ai), /is a sub-node/);
    assert.throws(() => draft.connect(start, ai, 0, 0, 'ai_languageModel'), /is not a sub-node/);
    draft.connect(start, ai);
    draft.connect(model, ai, 0, 0, 'ai_languageModel');
    const wf = draft.toWorkflow();
    assert.deepEqual(wf.connections.Model, {
      ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]],
    });
  });

  it('loads a stored workflow back for editing, connections and all', () => {
    const draft = new WorkflowDraft();
    const start = draft.addNode(manual, 'Start', {});
    const post = draft.addNode(slack, 'Post', {}, { verb: 'send', hints: { channel: '#a' } });
    draft.connect(start, post);
    const again = WorkflowDraft.fromWorkflow(draft.toWorkflow());
    assert.deepEqual(again.toWorkflow(), draft.toWorkflow());
    again.removeNode(post);
    assert.deepEqual(again.toWorkflow().connections, {});
  });
  it('picks operations people mean: a row appended to a sheet, a record listed, a readable resource, a usual state', async () => {
    const sheets = await definition('n8n-nodes-base.googleSheets');
    const airtable = await definition('n8n-nodes-base.airtable');
    const drive = await definition('n8n-nodes-base.googleDrive');
    const mailchimp = await definition('n8n-nodes-base.mailchimp');
    const draft = new WorkflowDraft();
    // "add a row to Google Sheets" appends to the sheet; it never creates another sheet.
    const row = draft.addNode(sheets, 'Add row to Google Sheets', {}, { verb: 'create', noun: 'row', hints: {} });
    assert.equal(draft.node(row).parameters.operation, 'append');
    assert.equal(row, 'Append row in Google Sheets', 'the name says what the operation does');
    // "get the records from Airtable" lists them (getting one needs its id).
    const records = draft.addNode(airtable, 'Get records from Airtable', {}, { verb: 'read', hints: {} });
    assert.equal(draft.node(records).parameters.operation, 'search');
    // "documents from a Google Drive folder": a folder cannot be read, so the files are.
    const docs = draft.addNode(drive, 'Get folders from Google Drive', {}, { verb: 'read', noun: 'folder', hints: {} });
    assert.notEqual(draft.node(docs).parameters.resource, 'folder');
    assert.notEqual(draft.node(docs).parameters.operation, 'create');
    // A member added to a list is subscribed, not "cleaned" (the first value Mailchimp lists).
    const member = draft.addNode(
      mailchimp,
      'Add member to Mailchimp',
      {},
      { verb: 'create', noun: 'member', hints: {} },
    );
    assert.equal(draft.node(member).parameters.status, 'subscribed');
    assert.equal(member, 'Create member in Mailchimp');
  });
  it('watches a folder for a new file, and downloads the file a trigger reported', async () => {
    const trigger = await definition('n8n-nodes-base.googleDriveTrigger');
    const drive = await definition('n8n-nodes-base.googleDrive');
    const draft = new WorkflowDraft();
    const watch = draft.addNode(trigger, 'Google Drive Trigger', {}, { verb: 'trigger', event: 'created', hints: {} });
    assert.equal(draft.node(watch).parameters.triggerOn, 'specificFolder');
    assert.equal(draft.node(watch).parameters.event, 'fileCreated');
    const file = draft.addNode(
      drive,
      'Get file from Google Drive',
      {},
      { verb: 'read', noun: 'file', hints: { download: true, itemFile: true } },
    );
    assert.equal(draft.node(file).parameters.operation, 'download');
    assert.deepEqual(draft.node(file).parameters.fileId, { __rl: true, value: '={{ $json.id }}', mode: 'id' });
  });
  it('comments where the app keeps comments, and a trigger picks the item’s own event over its comments', async () => {
    const jira = configureNode(await definition('n8n-nodes-base.jira'), { verb: 'create', noun: 'comment', hints: {} });
    assert.deepEqual([jira.parameters.resource, jira.parameters.operation], ['issueComment', 'add']);
    const github = configureNode(await definition('n8n-nodes-base.github'), {
      verb: 'create',
      noun: 'comment',
      hints: {},
    });
    assert.deepEqual([github.parameters.resource, github.parameters.operation], ['issue', 'createComment']);
    const opened = configureNode(await definition('n8n-nodes-base.githubTrigger'), {
      verb: 'trigger',
      event: 'created',
      noun: 'issue',
      hints: {},
    });
    assert.deepEqual(opened.parameters.events, ['issues']);
  });
  it('adds people to a channel the request names, instead of creating one without a name', async () => {
    const joined = configureNode(slack, { verb: 'create', noun: 'channel', hints: { channel: '#welcome' } });
    assert.deepEqual([joined.parameters.resource, joined.parameters.operation], ['channel', 'invite']);
    const made = configureNode(slack, { verb: 'create', noun: 'channel', hints: {} });
    assert.deepEqual([made.parameters.resource, made.parameters.operation], ['channel', 'create']);
  });
  it('names the file operations as n8n does: Extract from File "fromJson", Convert to File "toJson"', () => {
    assert.equal(stepDraft({ kind: 'extract', format: 'json' }, 'x')?.parameters.operation, 'fromJson');
    assert.equal(stepDraft({ kind: 'extract', format: 'csv' }, 'x')?.parameters.operation, 'csv');
    assert.equal(stepDraft({ kind: 'convert', format: 'json' }, 'x')?.parameters.operation, 'toJson');
  });
});
