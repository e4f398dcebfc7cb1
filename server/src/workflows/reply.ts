// The team's answer for a built workflow: what each node does in order, what was validated, what the user still
// picks, the questions about unmapped parts, and the JSON (or the link to the workflow created in their n8n).
import type { N8nNode, N8nWorkflow } from './n8nJson.ts';
import { readParameters } from './nodeParameters.ts';
import type { WorkflowSpec } from './spec.ts';
import type { Built, Checked } from './builder.ts';
import { scheduleText } from './wording.ts';
import { nodeCatalog } from './catalog/nodeCatalog.ts';
import { appDisplayName } from './plan.ts';

export interface Deployment {
  /** Link to the workflow in the user's n8n, when it was created or updated there. */
  url?: string;
  /** Why it was not created (no credentials, or the n8n API's error). */
  problem?: string;
  updated?: boolean;
}

export interface ReplyInput {
  spec: WorkflowSpec;
  built: Built;
  checked: Checked;
  changes: string[];
  notes: string[];
  deployment: Deployment;
  /** Passages the members found in the team's knowledge bases, and the attached files that were read. */
  knowledge?: string[];
  fileNames?: string[];
}

const short = (type: string) => type.split('.').pop() ?? type;

function targets(workflow: N8nWorkflow, name: string, output: number): string[] {
  return (workflow.connections[name]?.main?.[output] ?? []).map((l) => `**${l.node}**`);
}

const OPERATION_WORDS: Record<string, string> = {
  create: 'creates',
  post: 'posts',
  send: 'sends',
  append: 'appends',
  get: 'gets',
  getAll: 'gets all',
  getMany: 'gets all',
  update: 'updates',
  delete: 'deletes',
  deleteRecord: 'deletes',
  insert: 'inserts',
  search: 'searches',
  upsert: 'creates or updates',
  executeQuery: 'runs a query on',
  upload: 'uploads',
  invite: 'adds people to',
  currentWeather: 'gets the current weather from',
  message: 'sends a message with',
  response: 'asks',
};

function appName(type: string): string {
  return short(type)
    .replace(/Trigger$/, '')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** The events a trigger listens to, whichever parameter its node keeps them in. */
function eventsText(p: object): string {
  const params = p as Record<string, unknown>;
  const raw = params.events ?? params.event ?? params.topic ?? params.updates ?? params.triggerOn;
  const list = (Array.isArray(raw) ? raw : typeof raw === 'string' && raw ? [raw] : []).filter(
    (e): e is string => typeof e === 'string',
  );
  return list.length ? ` (${list.map((e) => `\`${e}\``).join(', ')})` : '';
}

function describe(node: N8nNode, wf: N8nWorkflow, spec: WorkflowSpec): string {
  const p = readParameters(node);
  const type = short(node.type);
  switch (type) {
    case 'scheduleTrigger': {
      // "every morning at 6, and also whenever …": the schedule may be the second start.
      const schedule = [spec.trigger, ...(spec.also ?? []), ...(spec.parts ?? []).map((p) => p.trigger)].find(
        (t) => t.kind === 'schedule',
      );
      return schedule?.kind === 'schedule'
        ? `starts the workflow ${scheduleText(schedule.rule)}.`
        : 'starts the workflow on a schedule.';
    }
    case 'webhook':
      return `starts the workflow when a ${p.httpMethod ?? 'POST'} request reaches \`/webhook/${p.path}\`.`;
    case 'formTrigger':
      return `starts the workflow when someone submits the form (${(p.formFields?.values ?? []).map((f) => f.fieldLabel).join(', ')}).`;
    case 'emailReadImap':
    case 'gmailTrigger':
      return `starts the workflow for each new email${type === 'gmailTrigger' ? ' in Gmail' : ' in your IMAP inbox'}.`;
    case 'chatTrigger':
      return 'starts the workflow for each chat message.';
    case 'manualTrigger':
      return spec.also?.some((t) => t.kind === 'manual') || (spec.also?.length && spec.trigger.kind === 'manual')
        ? 'starts the workflow when you click **Execute workflow**, as you asked.'
        : 'starts the workflow when you click **Execute workflow** (no schedule or event was named).';
    case 'if':
      return `checks the condition: when it holds the item goes to ${targets(wf, node.name, 0).join(', ') || 'the end'}, otherwise to ${targets(wf, node.name, 1).join(', ') || 'the end'}.`;
    case 'switch': {
      const rules = p.rules?.values ?? [];
      const other = targets(wf, node.name, rules.length);
      return `routes each item: ${rules.map((r, i) => `${r.outputKey} → ${targets(wf, node.name, i).join(', ')}`).join('; ')}${other.length ? `; anything else → ${other.join(', ')}` : '; anything else stops here'}.`;
    }
    case 'merge':
      return 'waits for the parallel branches and merges their items.';
    case 'compareDatasets': {
      const key = p.mergeByFields?.values?.[0]?.field1;
      const outputs = [
        'only in the first list',
        'in both alike',
        'in both with different values',
        'only in the second list',
      ];
      const taken = outputs.filter((_, i) => targets(wf, node.name, i).length);
      return `compares the two lists${key ? ` by \`${key}\`` : ''}; the items ${taken.join(' and ') || 'it sorts'} go on.`;
    }
    case 'splitInBatches':
      return `loops over the items ${p.batchSize} at a time; the steps after it run for each batch and loop back${targets(wf, node.name, 0).length ? `, and ${targets(wf, node.name, 0).join(', ')} runs when all are done` : ''}.`;
    case 'wait':
      return p.resume === 'specificTime'
        ? 'waits until the date and time you set, then goes on.'
        : `waits ${p.amount} ${p.amount === 1 ? (p.unit ?? '').replace(/s$/, '') : p.unit} before the next step.`;
    case 'set':
      return `sets the fields ${(p.assignments?.assignments ?? []).map((a) => `\`${a.name}\``).join(', ')}.`;
    case 'code':
      return 'runs JavaScript over the items (edit the code to your logic).';
    case 'filter':
      return 'keeps only the items that meet the condition.';
    case 'aggregate':
      return 'combines all items into one list.';
    case 'summarize': {
      // "Count per assignment_group and priority", "Total revenue per store".
      const first = p.fieldsToSummarize?.values?.[0];
      const by = String(p.fieldsToSplitBy ?? '')
        .split(',')
        .map((f) => `\`${f.trim()}\``)
        .filter((f) => f !== '``')
        .join(' and ');
      const what = first?.aggregation === 'count' ? 'counts the items' : `adds up \`${first?.field ?? 'the values'}\``;
      return by ? `${what} for each ${by}, one item per group.` : `${what} over all items.`;
    }
    case 'extractFromFile':
      return `extracts the ${String(p.operation ?? 'file').toUpperCase()} content of the incoming file.`;
    case 'convertToFile':
      return `turns the items into a ${String(p.operation ?? 'csv').toUpperCase()} file.`;
    case 'httpRequest':
      return `sends a ${p.method ?? 'GET'} request to \`${p.url}\`.`;
    case 'agent':
      return 'is an AI agent: its chat model, memory and tools are the sub-nodes below it.';
    case 'informationExtractor':
      return `extracts ${(p.attributes?.attributes ?? []).map((a) => a.name).join(', ')} from the text with the chat model.`;
    case 'openAi':
      return p.resource === 'image'
        ? 'generates an image with OpenAI.'
        : p.resource === 'audio'
          ? p.operation === 'transcribe'
            ? 'transcribes the audio with OpenAI.'
            : 'turns the text into speech with OpenAI.'
          : 'asks OpenAI to do this step (the prompt states the job).';
    case 'emailSend':
      return `sends an email${typeof p.toEmail === 'string' && !p.toEmail.startsWith('=') ? ` to ${p.toEmail}` : ''}.`;
    case 'respondToWebhook':
      return 'answers the webhook call.';
    case 'markdown':
      return p.mode === 'markdownToHtml' ? 'turns the Markdown into HTML.' : 'turns the HTML into Markdown.';
    case 'compression':
      return p.operation === 'decompress' ? 'unpacks the archive.' : 'packs the files into a zip archive.';
    case 'html':
      return 'reads content out of the HTML with the CSS selector you set.';
    case 'xml':
      return 'turns the XML into JSON.';
    case 'executeCommand':
      return 'runs the command on the n8n host (self-hosted n8n only).';
    case 'readWriteFile':
      return 'reads the files from the n8n host’s disk (self-hosted n8n only).';
    case 'chainLlm':
      return 'asks the chat model below it to do this step (the prompt states the job).';
    case 'textClassifier':
      return `lets the AI model sort each item into ${(p.categories?.categories ?? []).map((c, i) => `${c.category} (→ ${targets(wf, node.name, i).join(', ') || 'end'})`).join(', ')}.`;
    case 'errorTrigger':
      // Beside the workflow's own start, the Error Trigger makes it its own error workflow.
      return wf.nodes.filter((n) => /(?:Trigger|webhook)$/i.test(n.type)).length > 1
        ? 'starts the error path when a run of this workflow fails (a workflow with an Error Trigger is its own error workflow in n8n).'
        : 'starts the workflow when another workflow fails.';
    case 'executeWorkflowTrigger':
      return 'starts the workflow when another workflow calls it (a sub-workflow), with the data it passes.';
    default: {
      if (/Trigger$/.test(type)) return `starts the workflow on ${appName(node.type)} events${eventsText(p)}.`;
      const verb = OPERATION_WORDS[String(p.operation)] ?? (p.operation ? `${p.operation}:` : 'uses');
      // (A channel the user still picks is named in "Before you run it", not here.)
      const channel =
        p.channelId?.value && !String(p.channelId.value).includes('<__PLACEHOLDER_VALUE__')
          ? ` to ${p.channelId.value}`
          : '';
      const resource = p.resource
        ? String(p.resource)
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .toLowerCase()
        : '';
      // "gets all orders", "creates a contact", "updates an issue".
      const object = !resource
        ? ''
        : verb === 'gets all'
          ? `${resource.replace(/([^aeiou])y$/, '$1ie').replace(/(?<!s)$/, 's')} `
          : `${/^[aeiou]/.test(resource) ? 'an' : 'a'} ${resource} `;
      return `${verb} ${object}${verb.endsWith('from') || verb.endsWith('with') ? '' : 'in '}${appName(node.type)}${channel}.`.replace(
        /\s+/g,
        ' ',
      );
    }
  }
}

/** Nodes fed by another node's error output handle its failures. */
function failureNote(node: N8nNode, wf: N8nWorkflow): string {
  const from = Object.entries(wf.connections)
    .filter(
      ([, c]) => (c.main?.[1] ?? []).some((l) => l.node === node.name) && wf.nodes.find((n) => n.onError && c.main),
    )
    .map(([n]) => n)
    .filter((n) => wf.nodes.find((x) => x.name === n)?.onError);
  return from.length ? ` It receives the failures of ${from.map((n) => `**${n}**`).join(', ')}.` : '';
}

function ordered(wf: N8nWorkflow): N8nNode[] {
  const subNodes = new Set(
    Object.entries(wf.connections)
      .filter(([, c]) => Object.keys(c).some((k) => k.startsWith('ai_')))
      .map(([n]) => n),
  );
  return wf.nodes.filter((n) => !subNodes.has(n.name));
}

export function composeReply(input: ReplyInput): string {
  const { built, spec } = input;
  const wf = built.workflow;
  const parts: string[] = [];
  if (input.changes.length) parts.push('### What changed', ...input.changes.map((c) => `- ${c}`), '');
  parts.push(`Here is your workflow: **${wf.name}** (${wf.nodes.length} nodes).`, '', '### How it works');
  ordered(wf).forEach((node, i) =>
    parts.push(`${i + 1}. **${node.name}** ${describe(node, wf, spec)}${failureNote(node, wf)}`),
  );
  parts.push('', ...workflowSections(input));
  return parts.join('\n');
}

/** What every reply with a workflow says after its own explanation: validation, what the user still does, the JSON. */
export function workflowSections(input: Omit<ReplyInput, 'changes' | 'spec'> & { spec?: WorkflowSpec }): string[] {
  const { built, checked } = input;
  const wf = built.workflow;
  const parts: string[] = [];
  const connections = Object.values(wf.connections).reduce((n, c) => n + Object.values(c).flat(2).length, 0);
  parts.push('### Validated');
  const errors = checked.report.errors;
  if (checked.report.valid)
    parts.push(
      `n8n's validator (\`validate_workflow\`) checked all ${wf.nodes.length} nodes and ${connections} connection${connections === 1 ? '' : 's'}: no errors.`,
    );
  else if (checked.usable)
    parts.push(
      `n8n's validator (\`validate_workflow\`) checked all ${wf.nodes.length} nodes and ${connections} connection${connections === 1 ? '' : 's'}. It only asks for the settings you pick below.`,
    );
  else
    parts.push(
      `n8n's validator (\`validate_workflow\`) still reports ${errors.length} error${errors.length === 1 ? '' : 's'} I could not repair:`,
      ...errors.slice(0, 10).map((e) => `- ${e.node ? `**${e.node}**: ` : ''}${e.message}`),
    );
  if (checked.repaired.length)
    parts.push('', 'Repaired after the first validation:', ...checked.repaired.map((r) => `- ${r}`));
  if (checked.report.warnings.length)
    parts.push(
      '',
      'Warnings:',
      ...checked.report.warnings.slice(0, 8).map((w) => `- ${w.node ? `**${w.node}**: ` : ''}${w.message}`),
    );
  const picks = [...built.toPick].filter(([, s]) => s.size);
  const creds = [...new Set(built.credentials.map((c) => c.type))];
  if (picks.length || creds.length || built.toCheck.size) {
    parts.push('', '### Before you run it');
    for (const [node, what] of built.toCheck) parts.push(`- In **${node}**, check the ${what}.`);
    for (const [node, settings] of picks)
      parts.push(
        `- In **${node}**, fill in your ${[...settings].join(', ')} (marked as a placeholder in the workflow).`,
      );
    if (creds.length)
      parts.push(
        `- Connect these n8n credentials: ${creds.map((c) => `\`${c}\``).join(', ')} (referenced by type; no secret is in the JSON).`,
      );
  }
  if (input.knowledge?.length)
    parts.push(
      '',
      '### From your knowledge base',
      ...input.knowledge.map((k) => `> ${k.replace(/\s+/g, ' ').slice(0, 300)}`),
    );
  if (input.fileNames?.length)
    parts.push(
      '',
      `I read the attached file${input.fileNames.length === 1 ? '' : 's'}: ${input.fileNames.join(', ')}.`,
    );
  const choices = input.spec?.choices ?? [];
  if (choices.length)
    parts.push(
      '',
      '### Choices I made',
      ...choices.map((c) => `- "${c.said}" → **${c.chose}** (to change it, ${c.change}).`),
    );
  const questions = [
    ...(input.spec?.unmapped ?? []).map((u) => `I did not map "${u.trim()}": which app or step should do this?`),
    ...built.problems,
    ...input.notes,
  ];
  if (questions.length) parts.push('', '### Questions and notes', ...questions.map((q) => `- ${q}`));
  const d = input.deployment;
  parts.push('', d.url ? '### In your n8n' : '### Import it');
  if (d.url)
    parts.push(`${d.updated ? 'I updated' : 'I created'} the workflow in your n8n (inactive): [Open in n8n](${d.url})`);
  else {
    parts.push('Copy the JSON below into n8n (**Workflows → Import from File**, or paste it onto the canvas).');
    parts.push(
      d.problem ??
        'Save your n8n credentials (n8n Base URL and API key) with "Click to enter your credentials" and ask again: I will then create it in your n8n for you.',
    );
  }
  parts.push('', '```json', JSON.stringify(wf, null, 2), '```');
  return parts;
}

/** Nothing in the request could be read as a workflow: ask instead of building a placeholder. */
export function clarifyingReply(spec: WorkflowSpec): string {
  if (spec.trigger.kind !== 'manual') {
    // "with a Facebook Graph API trigger": the app as n8n names it, not its catalogue key.
    const start =
      spec.trigger.kind === 'schedule'
        ? scheduleText(spec.trigger.rule)
        : `with a ${spec.trigger.kind === 'app' ? `${appDisplayName(nodeCatalog().app(spec.trigger.app), spec.trigger.app)} trigger` : `${spec.trigger.kind} trigger`}`;
    return [
      `I can start the workflow ${start}, but I did not find what should happen then.`,
      '',
      '**What should happen then?** The apps and steps in order, for example "add it to Airtable, then post to #sales on Slack if the budget is over 10k".',
    ].join('\n');
  }
  // The whole request is what could not be mapped: no need to quote it back.
  return [
    `I could not find a trigger or any steps in that request${spec.unmapped.length ? '' : ' yet'}. To build the workflow I need to know two things:`,
    '',
    '1. **What starts it?** A schedule ("every weekday at 8am"), a webhook, a form, a new email, a chat message, or an event in an app ("when a Stripe payment fails").',
    '2. **What should happen then?** The apps and steps in order ("add it to Airtable, then post to #sales on Slack if the budget is over 10k").',
    '',
    'For example: *Every hour, read an RSS feed and post new items to Discord.*',
  ].join('\n');
}
