// Parameters of n8n's core and AI nodes for the steps the reader knows (the node's version comes from its definition).
import type { Condition, ScheduleRule, Step, Trigger } from './spec.ts';
import { conditionText } from './intent/words.ts';
import { scheduleText } from './intent/schedule.ts';
import { serviceByKey } from './services.ts';

export const T = {
  schedule: 'n8n-nodes-base.scheduleTrigger',
  webhook: 'n8n-nodes-base.webhook',
  form: 'n8n-nodes-base.formTrigger',
  imap: 'n8n-nodes-base.emailReadImap',
  gmailTrigger: 'n8n-nodes-base.gmailTrigger',
  chat: '@n8n/n8n-nodes-langchain.chatTrigger',
  manual: 'n8n-nodes-base.manualTrigger',
  if: 'n8n-nodes-base.if',
  switch: 'n8n-nodes-base.switch',
  merge: 'n8n-nodes-base.merge',
  batches: 'n8n-nodes-base.splitInBatches',
  wait: 'n8n-nodes-base.wait',
  set: 'n8n-nodes-base.set',
  code: 'n8n-nodes-base.code',
  filter: 'n8n-nodes-base.filter',
  aggregate: 'n8n-nodes-base.aggregate',
  extract: 'n8n-nodes-base.extractFromFile',
  convert: 'n8n-nodes-base.convertToFile',
  http: 'n8n-nodes-base.httpRequest',
  noOp: 'n8n-nodes-base.noOp',
  agent: '@n8n/n8n-nodes-langchain.agent',
  chatModel: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
  calculator: '@n8n/n8n-nodes-langchain.toolCalculator',
  httpTool: 'n8n-nodes-base.httpRequestTool',
  wikipedia: '@n8n/n8n-nodes-langchain.toolWikipedia',
  serpApi: '@n8n/n8n-nodes-langchain.toolSerpApi',
  codeTool: '@n8n/n8n-nodes-langchain.toolCode',
  memory: '@n8n/n8n-nodes-langchain.memoryBufferWindow',
  openAi: '@n8n/n8n-nodes-langchain.openAi',
  extractor: '@n8n/n8n-nodes-langchain.informationExtractor',
  classifier: '@n8n/n8n-nodes-langchain.textClassifier',
} as const;

export interface Draft {
  name: string;
  type: string;
  parameters: Record<string, unknown>;
  /** Service key of an app node, resolved and configured from its definition. */
  service?: string;
  /** A setting the user must check or choose, named in the reply. */
  toCheck?: string;
}

let counter = 0;
const condId = () => `c${(++counter).toString(36)}`;

const OPERATORS: Record<Condition['operator'], { type: string; operation: string; singleValue?: boolean }> = {
  gt: { type: 'number', operation: 'gt' },
  lt: { type: 'number', operation: 'lt' },
  gte: { type: 'number', operation: 'gte' },
  lte: { type: 'number', operation: 'lte' },
  equals: { type: 'string', operation: 'equals' },
  notEquals: { type: 'string', operation: 'notEquals' },
  contains: { type: 'string', operation: 'contains' },
  exists: { type: 'string', operation: 'exists', singleValue: true },
  isTrue: { type: 'boolean', operation: 'true', singleValue: true },
};

/** n8n's filter value (If v2+, Filter v2+, Switch v3 rules). */
export function conditions(c: Condition): Record<string, unknown> {
  const op = OPERATORS[c.operator];
  const numeric = typeof c.value === 'number';
  const operator = {
    type: numeric && op.type === 'string' ? 'number' : op.type,
    operation: numeric && op.operation === 'notEquals' ? 'notEquals' : op.operation,
    ...(op.singleValue ? { singleValue: true } : {}),
  };
  return {
    options: { caseSensitive: false, leftValue: '', typeValidation: 'loose', version: 2 },
    conditions: [
      { id: condId(), leftValue: `={{ $json.${c.field} }}`, rightValue: op.singleValue ? '' : c.value, operator },
    ],
    combinator: 'and',
  };
}

export function resetIds(): void {
  counter = 0;
}

export function triggerDraft(trigger: Trigger): Draft {
  switch (trigger.kind) {
    case 'schedule':
      return {
        name: 'Schedule Trigger',
        type: T.schedule,
        parameters: { rule: { interval: [scheduleInterval(trigger.rule)] } },
      };
    case 'webhook':
      return {
        name: 'Webhook',
        type: T.webhook,
        parameters: { httpMethod: trigger.method, path: trigger.path, responseMode: 'onReceived', options: {} },
      };
    case 'form':
      return {
        name: 'On Form Submission',
        type: T.form,
        parameters: {
          formTitle: trigger.title,
          formFields: {
            values: (trigger.fields.length ? trigger.fields : ['Name', 'Email', 'Message']).map((f) => ({
              fieldLabel: f,
              ...(/email/i.test(f) ? { fieldType: 'email' } : {}),
            })),
          },
          options: {},
        },
      };
    case 'email':
      return trigger.provider === 'gmail'
        ? {
            name: 'Gmail Trigger',
            type: T.gmailTrigger,
            parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, simple: true, filters: {}, options: {} },
          }
        : {
            name: 'Email Trigger (IMAP)',
            type: T.imap,
            parameters: { mailbox: 'INBOX', postProcessAction: 'read', format: 'simple', options: {} },
          };
    case 'chat':
      return { name: 'When Chat Message Received', type: T.chat, parameters: { options: {} } };
    case 'manual':
      return { name: "When clicking 'Execute workflow'", type: T.manual, parameters: {} };
    case 'app':
      return {
        name: `${serviceByKey(trigger.service)?.name ?? trigger.service} Trigger`,
        type: '',
        parameters: {},
        service: trigger.service,
      };
  }
}

function scheduleInterval(rule: ScheduleRule): Record<string, unknown> {
  if (rule.field === 'cronExpression') return { field: 'cronExpression', expression: rule.expression };
  return { ...rule };
}

export function describeSchedule(rule: ScheduleRule): string {
  return scheduleText(rule);
}

const cap = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

/** Single-node steps (everything but apps, branches, loops, merges and AI clusters). */
export function stepDraft(step: Step): Draft | null {
  switch (step.kind) {
    case 'wait':
      return {
        name: `Wait ${step.amount} ${step.amount === 1 ? step.unit.replace(/s$/, '') : step.unit}`,
        type: T.wait,
        parameters: { amount: step.amount, unit: step.unit },
      };
    case 'set':
      return {
        name: 'Edit Fields',
        type: T.set,
        parameters: {
          assignments: {
            assignments: (step.fields.length ? step.fields : ['summary']).map((f) => ({
              id: condId(),
              name: f.replace(/\s+/g, '_'),
              value: `={{ $json.${f.replace(/\s+/g, '_')} }}`,
              type: 'string',
            })),
          },
          options: {},
        },
      };
    case 'code':
      return {
        name: 'Code',
        type: T.code,
        parameters: {
          jsCode: `// ${step.purpose.replace(/\n/g, ' ').slice(0, 200)}\nreturn $input.all().map((item) => ({ json: { ...item.json } }));`,
        },
      };
    case 'filter':
      return {
        name: `Keep if ${conditionText(step.condition)}`.slice(0, 60),
        type: T.filter,
        parameters: { conditions: conditions(step.condition), options: {} },
      };
    case 'aggregate':
      return {
        name: 'Aggregate Items',
        type: T.aggregate,
        parameters: { aggregate: 'aggregateAllItemData', destinationFieldName: 'items', options: {} },
      };
    case 'extract':
      return {
        name: `Extract from ${step.format.toUpperCase()}`,
        type: T.extract,
        parameters: { operation: step.format === 'xlsx' ? 'xlsx' : step.format, options: {} },
      };
    case 'convert':
      return {
        name: `Convert to ${step.format.toUpperCase()}`,
        type: T.convert,
        parameters: { operation: step.format, options: {} },
      };
    case 'http':
      return {
        name: `Call ${step.api}`.slice(0, 60),
        type: T.http,
        parameters: { method: step.method, url: step.url, options: {} },
        ...(step.guessed ? { toCheck: `URL (I guessed ${step.url})` } : {}),
      };
    case 'openai':
      return openAiDraft(step.task);
    default:
      return null;
  }
}

function openAiDraft(task: Extract<Step, { kind: 'openai' }>['task']): Draft {
  if (task === 'image')
    return {
      name: 'Generate Image',
      type: T.openAi,
      parameters: {
        resource: 'image',
        operation: 'generate',
        prompt: '={{ $json.prompt ?? $json.text ?? JSON.stringify($json) }}',
        options: {},
      },
    };
  const prompt = {
    summarise: 'Summarise the following in three sentences:',
    translate: 'Translate the following into English:',
    write: 'Write a short, friendly reply to the following:',
  }[task];
  return {
    name: `${cap(task === 'summarise' ? 'summarise' : task)} with OpenAI`,
    type: T.openAi,
    parameters: {
      resource: 'text',
      operation: 'response',
      modelId: { __rl: true, value: 'gpt-4o-mini', mode: 'list', cachedResultName: 'GPT-4O-MINI' },
      responses: {
        values: [{ content: `=${prompt}\n\n{{ $json.text ?? $json.description ?? JSON.stringify($json) }}` }],
      },
      options: {},
    },
  };
}

export function chatModelDraft(): Draft {
  return {
    name: 'OpenAI Chat Model',
    type: T.chatModel,
    parameters: {
      model: { __rl: true, value: 'gpt-4o-mini', mode: 'list', cachedResultName: 'gpt-4o-mini' },
      options: {},
    },
  };
}
