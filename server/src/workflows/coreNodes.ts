// Parameters of n8n's core nodes for the steps the planner writes (versions come from the node definitions, and the
// configure phase fills whatever else a definition requires).
import { createHash } from 'node:crypto';
import {
  rangeEnds,
  type AppHints,
  type Condition,
  type ScheduleRule,
  type Step,
  type Trigger,
  type UtilityNode,
} from './spec.ts';
import { calendarText } from './calendar.ts';
import { conditionText } from './wording.ts';

export const T = {
  schedule: 'n8n-nodes-base.scheduleTrigger',
  webhook: 'n8n-nodes-base.webhook',
  form: 'n8n-nodes-base.formTrigger',
  imap: 'n8n-nodes-base.emailReadImap',
  gmailTrigger: 'n8n-nodes-base.gmailTrigger',
  outlookTrigger: 'n8n-nodes-base.microsoftOutlookTrigger',
  chat: '@n8n/n8n-nodes-langchain.chatTrigger',
  manual: 'n8n-nodes-base.manualTrigger',
  error: 'n8n-nodes-base.errorTrigger',
  called: 'n8n-nodes-base.executeWorkflowTrigger',
  if: 'n8n-nodes-base.if',
  switch: 'n8n-nodes-base.switch',
  merge: 'n8n-nodes-base.merge',
  compare: 'n8n-nodes-base.compareDatasets',
  batches: 'n8n-nodes-base.splitInBatches',
  wait: 'n8n-nodes-base.wait',
  set: 'n8n-nodes-base.set',
  code: 'n8n-nodes-base.code',
  filter: 'n8n-nodes-base.filter',
  aggregate: 'n8n-nodes-base.aggregate',
  summarize: 'n8n-nodes-base.summarize',
  splitOut: 'n8n-nodes-base.splitOut',
  dedupe: 'n8n-nodes-base.removeDuplicates',
  sort: 'n8n-nodes-base.sort',
  limit: 'n8n-nodes-base.limit',
  extract: 'n8n-nodes-base.extractFromFile',
  convert: 'n8n-nodes-base.convertToFile',
  http: 'n8n-nodes-base.httpRequest',
  respond: 'n8n-nodes-base.respondToWebhook',
  subworkflow: 'n8n-nodes-base.executeWorkflow',
  html: 'n8n-nodes-base.html',
  editImage: 'n8n-nodes-base.editImage',
  markdown: 'n8n-nodes-base.markdown',
  xml: 'n8n-nodes-base.xml',
  dateTime: 'n8n-nodes-base.dateTime',
  crypto: 'n8n-nodes-base.crypto',
  compression: 'n8n-nodes-base.compression',
  stopAndError: 'n8n-nodes-base.stopAndError',
  executeCommand: 'n8n-nodes-base.executeCommand',
  readWriteFile: 'n8n-nodes-base.readWriteFile',
} as const;

/** A node the planner adds: its type, the parameters it sets, and for app nodes what the step asks of the app. */
export interface Draft {
  name: string;
  type: string;
  parameters: Record<string, unknown>;
  /** Catalogue key of an app node (its parameters come from its definition in the configure phase). */
  app?: string;
  intent?: {
    verb: 'create' | 'send' | 'read' | 'update' | 'delete' | 'search' | 'trigger';
    noun?: string;
    event?: string;
    /** The trigger's event as its option's value ("orders/cancelled"), when known. */
    eventKey?: string;
    hints: AppHints;
  };
  /** Settings the user checks (a guessed URL), named in the reply. */
  toCheck?: string;
  /** A chat model's model id as the request names it ("gpt-4o-mini"); the definition says which parameter holds it. */
  model?: string;
}

/** A stable id from a seed, so the same request gives byte-identical JSON (no counters between runs). */
export function stableId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const OPERATORS: Record<Condition['operator'], { type: string; operation: string; singleValue?: boolean }> = {
  gt: { type: 'number', operation: 'gt' },
  lt: { type: 'number', operation: 'lt' },
  gte: { type: 'number', operation: 'gte' },
  lte: { type: 'number', operation: 'lte' },
  equals: { type: 'string', operation: 'equals' },
  notEquals: { type: 'string', operation: 'notEquals' },
  contains: { type: 'string', operation: 'contains' },
  notContains: { type: 'string', operation: 'notContains' },
  startsWith: { type: 'string', operation: 'startsWith' },
  notStartsWith: { type: 'string', operation: 'notStartsWith' },
  endsWith: { type: 'string', operation: 'endsWith' },
  notEndsWith: { type: 'string', operation: 'notEndsWith' },
  exists: { type: 'string', operation: 'exists', singleValue: true },
  notExists: { type: 'string', operation: 'notExists', singleValue: true },
  isTrue: { type: 'boolean', operation: 'true', singleValue: true },
  isFalse: { type: 'boolean', operation: 'false', singleValue: true },
  oneOf: { type: 'string', operation: 'regex' },
  notOneOf: { type: 'string', operation: 'notRegex' },
  matches: { type: 'string', operation: 'regex' },
  notMatches: { type: 'string', operation: 'notRegex' },
  between: { type: 'number', operation: 'gte' },
  notBetween: { type: 'number', operation: 'lt' },
};

/**
 * "days until next_billing_date", "days since due_date": whole days between today and a date of the item, as n8n's
 * expression (Luxon's DateTime, which n8n's expressions carry).
 */
const DAYS_FIELD = /^days (until|since) ([\w.]+)$/;
function daysExpression(field: string): string | null {
  const m = DAYS_FIELD.exec(field);
  if (!m) return null;
  const date = `DateTime.fromISO(String($json.${m[2]}))`;
  return m[1] === 'until'
    ? `Math.floor(${date}.diff($now.startOf('day'), 'days').days)`
    : `Math.floor($now.startOf('day').diff(${date}.startOf('day'), 'days').days)`;
}

/** "DE, FR, NL" as the pattern n8n's regex test matches the whole value against, any case: /^(?:DE|FR|NL)$/i. */
const listPattern = (list: string): string =>
  `/^(?:${list
    .split(/\s*,\s*/)
    .filter(Boolean)
    // "Errors, warnings": a value said in the plural matches an item's one ("error") too.
    .map((v) => v.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/(?<=[a-z]{3})s$/, (s) => `${s}?`))
    .join('|')})$/i`;

const DATE_OPERATIONS: Partial<Record<Condition['operator'], string>> = {
  lt: 'before',
  lte: 'beforeOrEquals',
  gt: 'after',
  gte: 'afterOrEquals',
};

/** A yes/no flag read from the item ("valid", "approved"): the user points it at their own field. */
export function checkOf(c: Condition): string | undefined {
  // "today is the last working day of the month": a test on n8n's clock (`$now`) needs nothing from the user.
  return (c.operator === 'isTrue' || c.operator === 'isFalse') && !c.field.startsWith('$')
    ? `condition (it reads \`${c.field}\` from the incoming item)`
    : undefined;
}

/** n8n's filter value (If v2+, Filter v2+, Switch v3 rules); `seed` makes the condition's id stable. */
export function conditions(c: Condition, seed: string): Record<string, unknown> {
  const first = tests(c, seed);
  // "the amount is over 500 and the customer is new": every test in one list, joined the way the user said. A range
  // outside which an item passes needs "or" of its own, so it cannot join an "and" list (it then stands alone).
  const joined = (c.more ?? []).map((m, i) => tests(m, `${seed}:${i + 1}`));
  const join = c.join ?? 'and';
  const fits = [first, ...joined].every((t) => t.conditions.length === 1 || t.combinator === join);
  return {
    options: { caseSensitive: false, leftValue: '', typeValidation: 'loose', version: 2 },
    conditions: fits ? [first, ...joined].flatMap((t) => t.conditions) : first.conditions,
    combinator: fits && joined.length ? join : first.combinator,
  };
}

/** One test of an item as n8n's filter conditions, with the combinator they need among themselves. */
function tests(c: Condition, seed: string): { conditions: Array<Record<string, unknown>>; combinator: 'and' | 'or' } {
  const op = OPERATORS[c.operator];
  const numeric = typeof c.value === 'number';
  // "older than 48 hours": a date compared with a time before now.
  const date = typeof c.value === 'string' && c.value.startsWith('={{ $now') && /^(?:lt|gt|lte|gte)$/.test(c.operator);
  const operator = {
    type: date ? 'dateTime' : numeric && op.type === 'string' ? 'number' : op.type,
    operation: date ? DATE_OPERATIONS[c.operator]! : op.operation,
    ...(op.singleValue ? { singleValue: true } : {}),
  };
  // "$now.hour", "the last day of the month": an expression of n8n's own (the clock), not a field of the item.
  // "any article mentioning AI": the words of whatever the item is (a feed entry's title and content, a mail's subject
  // and text, a chat message), since few sources call it "text".
  const words =
    c.field === 'text' && /^(?:contains|notContains)$/.test(c.operator)
      ? "[$json.title, $json.subject, $json.text ?? $json.content ?? $json.body ?? $json.message].filter(Boolean).join(' ')"
      : null;
  // "unread emails": Outlook says so in "isRead", Gmail by the UNREAD label.
  const seen =
    c.field === 'read' && /^(?:isTrue|isFalse)$/.test(c.operator)
      ? "($json.isRead ?? ($json.labelIds ? !$json.labelIds.includes('UNREAD') : $json.read))"
      : null;
  const field =
    words ??
    seen ??
    daysExpression(c.field) ??
    (/^\$now\.\w+$/.test(c.field) || calendarText(c)
      ? c.field
      : // "data.approved": a path into the item (a send-and-wait step's answer).
        // ("weather[0].main": an item of a list on the way.)
        /^[a-zA-Z_]\w*(?:\[\d+\])?(?:\.[a-zA-Z_]\w*(?:\[\d+\])?)*$/.test(c.field)
        ? `$json.${c.field}`
        : `$json[${JSON.stringify(c.field)}]`);
  // "1-14 days overdue": a range is two tests of one number, both to pass (outside it: either).
  if (c.operator === 'between' || c.operator === 'notBetween') {
    const [lo, hi] = rangeEnds(c.value);
    const inside = c.operator === 'between';
    const test = (operation: string, value: number, end: string) => ({
      id: stableId(`${seed}:${c.field}:${c.operator}:${end}`),
      leftValue: `={{ ${field} }}`,
      rightValue: value,
      operator: { type: 'number', operation },
    });
    return {
      conditions: [test(inside ? 'gte' : 'lt', lo, 'lo'), test(inside ? 'lte' : 'gt', hi, 'hi')],
      combinator: inside ? 'and' : 'or',
    };
  }
  return {
    conditions: [
      {
        id: stableId(`${seed}:${c.field}:${c.operator}`),
        leftValue: `={{ ${field} }}`,
        rightValue: op.singleValue
          ? ''
          : c.operator === 'oneOf' || c.operator === 'notOneOf'
            ? listPattern(String(c.value))
            : c.value,
        operator,
      },
    ],
    combinator: 'and',
  };
}

export function conditionName(c: Condition): string {
  const flag = c.field.replace(/_/g, ' ');
  if (c.more?.length) return `${conditionText(c).replace(/^./, (ch) => ch.toUpperCase())}?`.slice(0, 60);
  if (c.operator === 'isTrue') return `Is ${flag}?`.slice(0, 60);
  if (c.operator === 'isFalse') return `Is not ${flag}?`.slice(0, 60);
  const text = conditionText(c);
  return `${text.replace(/^./, (ch) => ch.toUpperCase())}?`.slice(0, 60);
}

export function triggerDraft(trigger: Trigger, appName: (key: string) => string): Draft {
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
        parameters: {
          httpMethod: trigger.method,
          path: trigger.path,
          responseMode: trigger.respond ? 'responseNode' : 'onReceived',
          options: {},
        },
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
              ...(/email/i.test(f)
                ? { fieldType: 'email' }
                : /^(?:documents?|files?|attachments?|upload)$/i.test(f)
                  ? { fieldType: 'file' }
                  : {}),
              requiredField: /name|email|documents?|files?/i.test(f),
            })),
          },
          options: {},
        },
      };
    case 'email':
      if (trigger.provider === 'gmail')
        return {
          name: 'Gmail Trigger',
          type: T.gmailTrigger,
          parameters: {
            pollTimes: { item: [{ mode: 'everyMinute' }] },
            simple: !trigger.attachments,
            filters: {},
            options: trigger.attachments
              ? { downloadAttachments: true, dataPropertyAttachmentsPrefixName: 'attachment_' }
              : {},
          },
        };
      if (trigger.provider === 'outlook')
        return {
          name: 'Microsoft Outlook Trigger',
          type: T.outlookTrigger,
          parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, filters: {}, options: {} },
        };
      return {
        name: 'Email Trigger (IMAP)',
        type: T.imap,
        parameters: {
          mailbox: 'INBOX',
          postProcessAction: 'read',
          format: 'simple',
          ...(trigger.attachments
            ? { downloadAttachments: true, dataPropertyAttachmentsPrefixName: 'attachment_' }
            : {}),
          options: {},
        },
      };
    case 'chat':
      return { name: 'When Chat Message Received', type: T.chat, parameters: { options: {} } };
    case 'manual':
      return { name: "When clicking 'Execute workflow'", type: T.manual, parameters: {} };
    case 'error':
      return { name: 'Error Trigger', type: T.error, parameters: {} };
    case 'called':
      return { name: 'When Called by Another Workflow', type: T.called, parameters: { inputSource: 'passthrough' } };
    case 'app':
      return {
        // "Figma Trigger (Beta)": a name that says it already.
        name: /\btrigger\b/i.test(appName(trigger.app)) ? appName(trigger.app) : `${appName(trigger.app)} Trigger`,
        type: '',
        parameters: {},
        app: trigger.app,
        intent: {
          verb: 'trigger',
          event: trigger.event,
          ...(trigger.item ? { noun: trigger.item } : {}),
          ...(trigger.key ? { eventKey: trigger.key } : {}),
          hints: {},
        },
      };
  }
}

function scheduleInterval(rule: ScheduleRule): Record<string, unknown> {
  if (rule.field === 'cronExpression') return { field: 'cronExpression', expression: rule.expression };
  return { ...rule };
}

const PLURAL = (n: number, unit: string) => (n === 1 ? unit.replace(/s$/, '') : unit);

/** Single-node steps: waits, fields, code, filters, aggregation, files, HTTP calls, webhook responses. */
export function stepDraft(step: Step, seed: string): Draft | null {
  switch (step.kind) {
    case 'wait':
      if (step.until)
        return {
          name: 'Wait until the time',
          type: T.wait,
          parameters: {
            resume: 'specificTime',
            dateTime: `<__PLACEHOLDER_VALUE__When to resume (${step.until.replace(/_/g, ' ').slice(0, 80)})__>`,
          },
        };
      return {
        name: `Wait ${step.amount} ${PLURAL(step.amount, step.unit)}`,
        type: T.wait,
        parameters: { amount: step.amount, unit: step.unit },
      };
    case 'set': {
      const fields = step.fields.length ? step.fields : ['summary'];
      return {
        name: 'Edit Fields',
        type: T.set,
        parameters: {
          assignments: {
            assignments: fields.map((f) => {
              const key = f.replace(/\s+/g, '_');
              const value = step.values?.[f] ?? `={{ $json.${key} }}`;
              return { id: stableId(`${seed}:${key}`), name: key, value, type: 'string' };
            }),
          },
          options: {},
        },
      };
    }
    case 'code':
      return {
        name: 'Code',
        type: T.code,
        parameters: {
          jsCode: [
            `// ${step.purpose.replace(/\s+/g, ' ').slice(0, 200)}`,
            '// Each incoming item is passed on with a `processedAt` time; put the logic the comment describes here.',
            'return $input.all().map((item) => ({ json: { ...item.json, processedAt: new Date().toISOString() } }));',
          ].join('\n'),
        },
      };
    case 'filter': {
      const check = checkOf(step.condition);
      return {
        name: `Keep if ${conditionText(step.condition)}`.slice(0, 60),
        type: T.filter,
        parameters: { conditions: conditions(step.condition, seed), options: {} },
        ...(check ? { toCheck: check } : {}),
      };
    }
    case 'aggregate':
      return {
        name: 'Aggregate Items',
        type: T.aggregate,
        parameters: { aggregate: 'aggregateAllItemData', destinationFieldName: 'items', options: {} },
      };
    case 'dedupe':
      return step.seen
        ? {
            name: 'Only New Items',
            type: T.dedupe,
            parameters: {
              operation: 'removeItemsSeenInPreviousExecutions',
              // (S3 lists its files by "Key", with no id.)
              dedupeValue: step.field
                ? `={{ $json.${step.field} }}`
                : '={{ $json.id ?? $json.Key ?? JSON.stringify($json) }}',
              options: {},
            },
          }
        : {
            name: 'Remove Duplicates',
            type: T.dedupe,
            parameters: { operation: 'removeDuplicateInputItems', compare: 'allFields', options: {} },
          };
    case 'sort':
      return {
        name: `Sort by ${step.field}`,
        type: T.sort,
        parameters: {
          type: 'simple',
          sortFieldsUi: { sortField: [{ fieldName: step.field, order: step.order }] },
          options: {},
        },
      };
    case 'limit':
      return {
        name: `Keep ${step.count} Items`,
        type: T.limit,
        parameters: { maxItems: step.count, keep: 'firstItems' },
      };
    case 'count':
      // "count them per assignment_group and priority": n8n's Summarize node, one count per pair of values.
      if (step.by)
        return {
          name: `Count per ${step.by.replace(/,/g, ' and ')}`.slice(0, 60),
          type: T.summarize,
          parameters: {
            fieldsToSummarize: { values: [{ aggregation: 'count', field: step.by.split(',')[0] }] },
            fieldsToSplitBy: step.by,
            options: {},
          },
        };
      return {
        name: 'Count Items',
        type: T.code,
        parameters: { jsCode: '// How many items arrived\nreturn [{ json: { count: $input.all().length } }];' },
      };
    case 'sum':
      // "add up the hours per client": n8n's Summarize node, one total per client.
      if (step.by)
        return {
          name: `Total ${step.field} per ${step.by}`.slice(0, 60),
          type: T.summarize,
          parameters: {
            fieldsToSummarize: { values: [{ aggregation: 'sum', field: step.field }] },
            fieldsToSplitBy: step.by,
            options: {},
          },
        };
      return {
        name: `Total ${step.field}`,
        type: T.code,
        parameters: {
          jsCode: [
            `// The total of \`${step.field}\` over all items (text such as "$1,200" is read as a number)`,
            `const total = $input.all().reduce((sum, item) => sum + (Number(String(item.json.${step.field} ?? 0).replace(/[^0-9.-]/g, '')) || 0), 0);`,
            `return [{ json: { total, count: $input.all().length } }];`,
          ].join('\n'),
        },
      };
    case 'splitOut':
      return { name: 'Split Out Items', type: T.splitOut, parameters: { fieldToSplitOut: step.field, options: {} } };
    case 'extract':
      return {
        name: `Extract from ${step.format.toUpperCase()}`,
        type: T.extract,
        parameters: {
          // Extract from File names its JSON operation "fromJson"; the others by their format.
          operation: step.format === 'json' ? 'fromJson' : step.format,
          ...(step.binary ? { binaryPropertyName: step.binary } : {}),
          options: {},
        },
      };
    case 'convert':
      return {
        name: `Convert to ${step.format.toUpperCase()}`,
        type: T.convert,
        // Convert to File names its JSON operation "toJson"; the others by their format.
        parameters: { operation: step.format === 'json' ? 'toJson' : step.format, options: {} },
      };
    case 'http':
      return {
        name: `Call ${step.api}`.slice(0, 60),
        type: T.http,
        parameters: {
          method: step.method,
          url: step.url ?? `<__PLACEHOLDER_VALUE__URL of ${step.api}__>`,
          options: {},
        },
      };
    case 'respond':
      return {
        name: step.body === 'error' ? 'Respond with Error' : 'Respond to Webhook',
        type: T.respond,
        parameters: {
          respondWith: 'json',
          responseBody: step.body === 'error' ? '={{ { "error": "The request was not accepted" } }}' : '={{ $json }}',
          options: { responseCode: step.status },
        },
      };
    case 'node':
      return utilityDraft(step.node, step.purpose);
    default:
      return null;
  }
}

/** Date words users write in file names, as Luxon formats of n8n's `$now`. */
const DATE_PARTS: Record<string, string> = {
  date: 'yyyy-MM-dd',
  'yyyy-mm-dd': 'yyyy-MM-dd',
  yyyymmdd: 'yyyyMMdd',
  year: 'yyyy',
  yyyy: 'yyyy',
  month: 'MM',
  mm: 'MM',
  quarter: 'q',
};

/** "compress it into a zip archive named gl_<date>.zip": the name said, with its date parts filled in at run time. */
function archiveName(purpose: string): string {
  const named =
    /\b(?:named|called|into|as)\s+(?:an?\s+)?(?:zip\s+)?(?:archive\s+|file\s+)?(?:named\s+|called\s+)?['"‘“`]?([\w<>{}.-]+?\.zip)\b/i.exec(
      purpose,
    )?.[1];
  if (!named) return 'archive.zip';
  let dated = false;
  const name = named.replace(/<([\w-]+)>/g, (_, part: string) => {
    const format = DATE_PARTS[part.toLowerCase()];
    if (!format) return part;
    dated = true;
    return `{{ $now.toFormat('${format}') }}`;
  });
  return dated ? `=${name}` : name;
}

const said = (purpose: string) => purpose.replace(/\s+/g, ' ').slice(0, 80);

/** Core nodes a request names: settings that run as built, and the one choice only the user can make as a placeholder. */
function utilityDraft(node: UtilityNode, purpose: string): Draft {
  switch (node) {
    case 'subworkflow':
      return {
        name: 'Execute Sub-workflow',
        type: T.subworkflow,
        parameters: {
          workflowId: {
            __rl: true,
            mode: 'id',
            value: `<__PLACEHOLDER_VALUE__ID of the workflow to call (${said(purpose)})__>`,
          },
          options: {},
        },
      };
    case 'html': {
      // "extract the price using the '.price' CSS selector": the selector and the value's name, as said.
      const selector = /["'‘“`]([.#]?[\w-]+(?:[ .#>:[\]=\w-]*[\w\]])?)["'’”`]\s+(?:css\s+)?selector\b/i.exec(
        purpose,
      )?.[1];
      const named = /\b(?:extract|read|get|grab|pull|scrape)\w*\s+(?:the\s+)?([a-z][a-z_]{1,30})\b/i.exec(purpose)?.[1];
      return {
        name: 'Extract HTML Content',
        type: T.html,
        parameters: {
          operation: 'extractHtmlContent',
          sourceData: 'json',
          dataPropertyName: 'data',
          extractionValues: {
            values: [
              {
                key: selector && named ? named.toLowerCase() : 'content',
                cssSelector: selector ?? '<__PLACEHOLDER_VALUE__CSS selector of what to read__>',
              },
            ],
          },
          options: {},
        },
      };
    }
    case 'summarize':
      return summarizeNode(purpose);
    case 'editImage':
      return {
        name: 'Resize Image',
        type: T.editImage,
        parameters: { operation: 'resize', dataPropertyName: 'data', width: 800, height: 600, options: {} },
      };
    case 'markdown':
      // "convert the page's markdown body to HTML": the way round the purpose says.
      return /\bmarkdown\b.*\bhtml\b/i.test(purpose)
        ? {
            name: 'Markdown to HTML',
            type: T.markdown,
            parameters: {
              mode: 'markdownToHtml',
              markdown: '={{ $json.markdown ?? $json.content ?? $json.body }}',
              destinationKey: 'html',
              options: {},
            },
          }
        : {
            name: 'HTML to Markdown',
            type: T.markdown,
            parameters: { mode: 'htmlToMarkdown', html: '={{ $json.html }}', destinationKey: 'markdown', options: {} },
          };
    case 'xml':
      return {
        name: 'XML to JSON',
        type: T.xml,
        parameters: { mode: 'xmlToJson', dataPropertyName: 'data', options: {} },
      };
    case 'dateTime':
      return {
        name: 'Format Date',
        type: T.dateTime,
        parameters: {
          operation: 'formatDate',
          date: '={{ $now }}',
          format: 'yyyy-MM-dd',
          outputFieldName: 'formattedDate',
          options: {},
        },
      };
    case 'compression':
      // "gunzip it", "unzip them": the archive the step before downloaded; "zip the files": one archive of them.
      return /\b(?:zip|compress|gzip|archive)\w*\s+(?:them|it|the|all|each|these|those)\b/i.test(purpose) &&
        !/\b(?:unzip|gunzip|decompress|uncompress|unpack|extract)\w*/i.test(purpose)
        ? {
            name: 'Compress Files',
            type: T.compression,
            parameters: {
              operation: 'compress',
              binaryPropertyName: 'data',
              outputFormat: 'zip',
              fileName: archiveName(purpose),
            },
          }
        : {
            name: 'Decompress File',
            type: T.compression,
            parameters: { operation: 'decompress', binaryPropertyName: 'data', outputPrefix: 'file_' },
          };
    case 'stopAndError': {
      // "stop the execution with the error "invalid tenant"": the message the request quotes.
      const message = /["“'‘]([^"”'’]{1,120})["”'’]/.exec(purpose)?.[1] ?? said(purpose);
      return {
        name: 'Stop and Error',
        type: T.stopAndError,
        parameters: { errorType: 'errorMessage', errorMessage: message },
      };
    }
    case 'executeCommand': {
      // "run `pg_dump -Fc appdb > /backups/appdb.dump`": the command the request writes out.
      const command = /`([^`\n]{1,300})`/.exec(purpose)?.[1];
      return {
        name: 'Execute Command',
        type: T.executeCommand,
        parameters: { command: command ?? `<__PLACEHOLDER_VALUE__Command to run (${said(purpose)})__>` },
      };
    }
    case 'readFiles': {
      // "read `/var/log/app/*.log` from the n8n server disk": the files the path (a glob) selects.
      const said_ = /`(\/[^`\n]{1,200})`/.exec(purpose)?.[1] ?? /(?:^|\s)(\/[\w.*/-]{2,200})/.exec(purpose)?.[1];
      // "all files in /var/backups/n8n": a folder is every file in it.
      const path =
        said_ && !/[*?{]/.test(said_) && !/\.\w{1,5}$/.test(said_) ? `${said_.replace(/\/+$/, '')}/*` : said_;
      return {
        name: 'Read Files from Disk',
        type: T.readWriteFile,
        parameters: {
          operation: 'read',
          fileSelector: path ?? `<__PLACEHOLDER_VALUE__Path of the files to read (${said(purpose)})__>`,
          options: {},
        },
      };
    }
    case 'crypto':
      return {
        name: 'Hash Value',
        type: T.crypto,
        parameters: { action: 'hash', type: 'SHA256', value: '={{ JSON.stringify($json) }}', dataPropertyName: 'hash' },
      };
  }
}

/** The aggregations said beside a named Summarize node ("to total distance and moving time", "average rating per app"). */
const AGGREGATIONS: Record<string, string> = {
  total: 'sum',
  totals: 'sum',
  sum: 'sum',
  count: 'count',
  average: 'average',
  avg: 'average',
  mean: 'average',
  min: 'min',
  minimum: 'min',
  max: 'max',
  maximum: 'max',
};

/** n8n's Summarize node with the fields and aggregations its purpose says; a count of the items when it says none. */
function summarizeNode(purpose: string): Draft {
  const said =
    /\b(total|totals|sum|count|average|avg|mean|min|minimum|max|maximum)\s+(?:up\s+)?(?:of\s+)?(?:the\s+)?([a-z][\w ]{0,60}?)(?:\s+(?:per|by|for each|grouped by)\s+([a-z][\w]*(?: [a-z]\w*)?))?(?=\s*(?:[,.;)]|$|\s+(?:and\s+)?(?:then|push|send|post|write|save|email|notify|add|append|store)\b))/i.exec(
      purpose,
    );
  const field = (words: string) => words.trim().toLowerCase().replace(/\s+/g, '_');
  const aggregation = AGGREGATIONS[said?.[1]?.toLowerCase() ?? ''] ?? 'count';
  const fields = said?.[2]
    ? said[2]
        .split(/\s*,\s*|\s+and\s+/)
        .map(field)
        .filter((f) => f && !/^(?:them|it|items|all)$/.test(f))
    : [];
  const values = (fields.length ? fields : ['id']).map((f) => ({ aggregation, field: f }));
  const by = said?.[3] ? field(said[3]) : '';
  const named = fields.length
    ? `${said![1]![0]!.toUpperCase()}${said![1]!.slice(1)} ${fields.join(', ')}`
    : 'Summarize';
  return {
    name: `${named}${by ? ` per ${by}` : ''}`.slice(0, 60),
    type: T.summarize,
    parameters: { fieldsToSummarize: { values }, ...(by ? { fieldsToSplitBy: by } : {}), options: {} },
  };
}
