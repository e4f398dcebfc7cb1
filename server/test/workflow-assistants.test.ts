// Assistants people write to, error handlers and agents given tools, built whole through the built-in team and
// checked by n8n-mcp's validator: a WhatsApp or Telegram assistant is an AI Agent that uses the apps as tools
// (values the model gives with $fromAI), remembers each sender and answers the one who wrote; "a global error
// handler" starts from n8n's Error Trigger; a model given tools is an agent with those tool nodes.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { realPool, teamReply } from '../bench/workflowQuality.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { parseValidation } from '../src/workflows/validation.ts';
import { walkSteps, type Step } from '../src/workflows/spec.ts';

const pool = realPool();
after(() => pool.close());

async function built(request: string): Promise<N8nWorkflow> {
  const { workflow, text } = await teamReply([request], pool);
  assert.ok(workflow, `no workflow in the reply:\n${text.slice(0, 400)}`);
  const validation = await pool.callTool('n8n', null, 'validate_workflow', { workflow });
  const report = parseValidation(validation.text, validation.isError);
  assert.deepEqual(report.errors, [], 'the validator finds no error');
  return workflow;
}

const node = (wf: N8nWorkflow, type: string) => wf.nodes.filter((n) => n.type.endsWith(`.${type}`));
const into = (wf: N8nWorkflow, target: string, kind: string) =>
  Object.entries(wf.connections).flatMap(([from, outs]) =>
    (outs[kind] ?? []).flat().some((c) => c?.node === target) ? [from] : [],
  );

describe('assistants, error handlers and agents with tools', () => {
  it('builds a WhatsApp assistant as an agent with the apps as tools, a memory per sender and a reply to the sender', async () => {
    const wf = await built(
      "Appointment assistant for a dental clinic on WhatsApp: it checks free slots in Google Calendar, books the appointment, and saves the patient's name and phone number in Airtable. It needs to remember the conversation per patient.",
    );
    const [trigger] = node(wf, 'whatsAppTrigger');
    assert.deepEqual(trigger?.parameters.updates, ['messages'], 'the trigger listens for messages');
    const [agent] = node(wf, 'agent');
    assert.ok(agent);
    const tools = into(wf, agent.name, 'ai_tool').map((name) => wf.nodes.find((n) => n.name === name)!.type);
    assert.ok(tools.includes('n8n-nodes-base.googleCalendarTool') && tools.includes('n8n-nodes-base.airtableTool'));
    assert.equal(into(wf, agent.name, 'ai_memory').length, 1, 'the agent remembers');
    const calendar = node(wf, 'googleCalendarTool').find((n) => n.parameters.operation === 'create');
    assert.match(String(calendar?.parameters.start), /^=\{\{ \$fromAI\('start'/, 'the model gives the start');
    const [reply] = node(wf, 'whatsApp');
    assert.deepEqual(into(wf, reply!.name, 'main'), [agent.name]);
    assert.equal(reply!.parameters.recipientPhoneNumber, `={{ $('${trigger!.name}').item.json.messages[0].from }}`);
    assert.equal(reply!.parameters.textBody, '={{ $json.output ?? $json.text }}');
  });

  it("answers a Telegram bot's user in the chat they wrote from, with the agent's answer", async () => {
    const wf = await built(
      'Product Q&A bot on Telegram for our Magento store — it should look up products and prices in Magento and keep the conversation context.',
    );
    const [trigger] = node(wf, 'telegramTrigger');
    const [agent] = node(wf, 'agent');
    assert.match(String(agent?.parameters.text), /\$json\.message\?\.text/, "the agent reads the message's text");
    assert.ok(node(wf, 'magento2Tool').length > 0);
    const [reply] = node(wf, 'telegram');
    assert.equal(reply?.parameters.chatId, `={{ $('${trigger!.name}').item.json.message.chat.id }}`);
  });

  it("starts a global error handler from n8n's Error Trigger, with no filter its items could not pass", async () => {
    const wf = await built('Global error handler → Telegram alert with the failed node name and execution link');
    assert.equal(node(wf, 'errorTrigger').length, 1);
    assert.equal(node(wf, 'telegram').length, 1);
    const steps: Step[] = [];
    walkSteps(
      readRequest(
        'One error-handling workflow for all our pipelines: whenever any of them fails, send a Slack message to #alerts with the workflow name, the failing node and the execution URL, and insert the same details into the Postgres table meta.failures.',
      ).steps,
      (s) => steps.push(s),
    );
    assert.deepEqual(
      steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind)),
      ['slack:send', 'postgres:create'],
      'no Filter on a status, and the execution URL is a field sent, not a call',
    );
  });

  it('makes a model given tools an agent with those tool nodes', async () => {
    const wf = await built('homework helper chat for my kid — Mistral model with Wikipedia and a calculator as tools');
    const [agent] = node(wf, 'agent');
    assert.ok(agent);
    const tools = into(wf, agent.name, 'ai_tool').map((name) => wf.nodes.find((n) => n.name === name)!.type);
    assert.deepEqual(tools.sort(), [
      '@n8n/n8n-nodes-langchain.toolCalculator',
      '@n8n/n8n-nodes-langchain.toolWikipedia',
    ]);
    assert.equal(node(wf, 'lmChatMistralCloud').length, 1);
  });

  it('names the categories said later in the sentence, and a slash list of them is no system to call', () => {
    const spec = readRequest('AI inbox triage for Gmail - label every email as Sales / Support / Billing / Spam');
    const steps: Step[] = [];
    walkSteps(spec.steps, (s) => steps.push(s));
    assert.ok(!steps.some((s) => s.kind === 'http'), JSON.stringify(steps));
    const classifier = steps.find((s) => s.kind === 'ai' && s.task === 'classify');
    assert.deepEqual(classifier?.kind === 'ai' ? classifier.routes?.map((r) => r.name) : null, [
      'Sales',
      'Support',
      'Billing',
      'Spam',
    ]);
  });
});
