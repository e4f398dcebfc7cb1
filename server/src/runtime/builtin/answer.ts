// The coordinator's final answer of the built-in team: the workflow explained in Markdown, with its JSON.
import type { MemberResponse, Team } from '../../../../src/services/contract.ts';
import type { ActionSpec, TriggerSpec, WorkflowPlan } from './plan.ts';
import { scheduleText, type N8nWorkflow } from './workflow.ts';

function triggerLine(trigger: TriggerSpec): string {
  switch (trigger.kind) {
    case 'schedule':
      return `starts the workflow ${scheduleText(trigger.rule)}.`;
    case 'webhook':
      return `starts the workflow when a POST request reaches \`/webhook/${trigger.path}\`.`;
    case 'email':
      return 'starts the workflow for each new email in your INBOX (connect your IMAP account).';
    case 'manual':
      return 'starts the workflow when you click **Test workflow**. I found no schedule, webhook or incoming email in the request, so swap it for the trigger you need.';
  }
}

function actionLine(action: ActionSpec): string {
  switch (action.kind) {
    case 'http':
      return `sends a ${action.method} request to \`${action.url}\` and passes the response on.`;
    case 'slack':
      return `posts the data to \`${action.channel}\`.`;
    case 'sheets':
      return `appends a row to \`${action.sheetName}\`, mapping the incoming fields to columns automatically.`;
    case 'email':
      return `emails the result to ${action.to}.`;
  }
}

const CREDENTIAL_NAMES: Record<string, string> = {
  'n8n-nodes-base.emailReadImap': 'IMAP',
  'n8n-nodes-base.slack': 'Slack',
  'n8n-nodes-base.googleSheets': 'Google Sheets',
  'n8n-nodes-base.emailSend': 'SMTP',
};

export interface AnswerInput {
  plan: WorkflowPlan;
  workflow: N8nWorkflow;
  members: MemberResponse[];
  knowledge: string[];
  fileNames: string[];
}

export function composeAnswer({ plan, workflow, members, knowledge, fileNames }: AnswerInput): string {
  const steps = [
    `1. **${workflow.nodes[0]!.name}** ${triggerLine(plan.trigger)}`,
    ...(plan.actions.length
      ? plan.actions.map((a, i) => `${i + 2}. **${workflow.nodes[i + 1]!.name}** ${actionLine(a)}`)
      : ['2. **Next Step** is a placeholder: I could not recognise an action (HTTP request, Slack message, Google Sheets row or email) in the request, so replace it with the step you need.']),
  ];
  const credentials = [...new Set(workflow.nodes.map((n) => CREDENTIAL_NAMES[n.type]).filter(Boolean))];
  const parts = [`Here is your workflow: **${workflow.name}**.`, '', '### How it works', ...steps];
  if (members.length) {
    parts.push('', '### What the team checked');
    for (const m of members) {
      const calls = m.tools ?? [];
      const failed = calls.filter((c) => c.tool_call_error).length;
      parts.push(`- **${m.member_name}**: ${calls.length} tool call${calls.length === 1 ? '' : 's'}${failed ? `, ${failed} failed (see the details above)` : ''}.`);
    }
  }
  if (knowledge.length) parts.push('', '### From your knowledge base', ...knowledge.map((k) => `> ${k.replace(/\s+/g, ' ').slice(0, 300)}`));
  if (fileNames.length) parts.push('', `I read the attached file${fileNames.length === 1 ? '' : 's'}: ${fileNames.join(', ')}.`);
  parts.push(
    '',
    '### Import it',
    `Copy the JSON below into n8n (**Workflows → Import from File**, or paste it onto the canvas)${credentials.length ? `, then choose your ${credentials.join(', ')} credentials in the matching nodes` : ''}.`,
    '',
    '```json',
    JSON.stringify(workflow, null, 2),
    '```',
  );
  return parts.join('\n');
}

/** Home-team mode: the user asks which team to use; the answer names the team, so the client can link it. */
export function teamRecommendation(team: Team): string {
  return [
    `The **${team.name}** fits this request. ${team.description}`.trim(),
    '',
    `Team id: ${team.id}`,
    '',
    'Open its chat and describe the workflow you need: a trigger (schedule, webhook or incoming email) and the steps after it.',
  ].join('\n');
}
