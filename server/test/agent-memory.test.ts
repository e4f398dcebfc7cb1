// An agent that must remember the conversation gets a memory, and the memory knows whose conversation it is: n8n's
// Chat Trigger hands it a session id, while a bot's or a webhook's message is keyed by its sender (without that,
// n8n's Simple Memory stops with "No session ID found").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { aiCluster } from '../src/workflows/aiNodes.ts';
import { readRequest } from '../src/workflows/intent/read.ts';
import { walkSteps, type AiStep } from '../src/workflows/spec.ts';

function agentOf(request: string): AiStep {
  let found: AiStep | null = null;
  walkSteps(readRequest(request).steps, (s) => {
    if (s.kind === 'ai' && s.task === 'agent') found = s;
  });
  assert.ok(found, `no agent read from: ${request}`);
  return found;
}

const opts = (chatInput: boolean) => ({ chatInput, appName: (k: string) => k, toolType: () => undefined });

describe('an agent that remembers the conversation', () => {
  it('becomes an agent with a memory when the request asks to remember what people said', () => {
    const agent = agentOf(
      'I want a Telegram bot for my bakery: people ask about opening hours and cakes and it answers with AI using our info. It should remember what they said earlier in the chat.',
    );
    assert.equal(agent.memory, true);
  });

  it("keys a bot's memory by the sender, and leaves a Chat Trigger's session to the trigger", () => {
    const agent = agentOf(
      'I want a Telegram bot for my bakery: people ask about opening hours and cakes and it answers with AI using our info. It should remember what they said earlier in the chat.',
    );
    const bot = aiCluster(agent, opts(false)).subs.find((s) => s.connection === 'ai_memory');
    assert.equal(bot?.draft.parameters.sessionIdType, 'customKey');
    assert.match(String(bot?.draft.parameters.sessionKey), /message\?\.chat\?\.id/);
    const chat = aiCluster(agent, opts(true)).subs.find((s) => s.connection === 'ai_memory');
    assert.deepEqual(chat?.draft.parameters, {});
  });
});
