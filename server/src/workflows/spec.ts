// What a request asks for, before any node is configured: a trigger and a tree of steps (sequences, conditions,
// routes, loops, merges). Apps are keys of n8n's node catalogue; the planner turns the tree into workflow operations.

export type ScheduleRule =
  | { field: 'minutes'; minutesInterval: number }
  | { field: 'hours'; hoursInterval: number; triggerAtMinute?: number }
  | { field: 'days'; daysInterval: number; triggerAtHour: number; triggerAtMinute?: number }
  | { field: 'weeks'; weeksInterval: number; triggerAtDay: number[]; triggerAtHour: number; triggerAtMinute?: number }
  | {
      field: 'months';
      monthsInterval: number;
      triggerAtDayOfMonth: number;
      triggerAtHour: number;
      triggerAtMinute?: number;
    }
  | { field: 'cronExpression'; expression: string };

export type Trigger =
  | { kind: 'schedule'; rule: ScheduleRule }
  | {
      kind: 'webhook';
      path: string;
      method: 'POST' | 'GET';
      /** A Respond to Webhook node answers. */ respond?: boolean;
    }
  | { kind: 'form'; title: string; fields: string[] }
  | {
      kind: 'email';
      provider: 'imap' | 'gmail' | 'outlook';
      /** The mails' attachments are read: the trigger downloads them as attachment_0, attachment_1, …. */
      attachments?: boolean;
    }
  | { kind: 'chat' }
  | { kind: 'manual' }
  | { kind: 'error' }
  /** Another workflow calls this one (n8n's Execute Workflow Trigger): a sub-workflow. */
  | { kind: 'called' }
  /** An app's own trigger node (Typeform response, Stripe event, new GitHub issue, new Postgres row, …). */
  | {
      kind: 'app';
      app: string;
      event: string;
      /** The item it reports ("issue", "order"). */
      item?: string;
      /** The event's key as the request wrote it ("invoice.payment_failed", "taskCompleted", "orders/create"). */
      key?: string;
    };

export type Verb = 'create' | 'send' | 'read' | 'update' | 'delete' | 'search';

export interface Condition {
  /** The item field compared, e.g. "budget". */
  field: string;
  operator:
    | 'gt'
    | 'lt'
    | 'gte'
    | 'lte'
    | 'equals'
    | 'notEquals'
    | 'contains'
    | 'notContains'
    | 'startsWith'
    | 'notStartsWith'
    | 'endsWith'
    | 'notEndsWith'
    | 'exists'
    | 'notExists'
    | 'isTrue'
    | 'isFalse'
    /** The value is one of a list ("DE, FR, NL"): n8n's regex test of the whole value. */
    | 'oneOf'
    | 'notOneOf'
    /** The value has a shape ("a valid email"): n8n's regex test, the pattern in `value`. */
    | 'matches'
    | 'notMatches'
    /** The number lies in a range, both ends included: the value is "lo..hi" ("1..14"). */
    | 'between'
    | 'notBetween';
  value: string | number | boolean | null;
  /** More tests of the same item ("the amount is over 500 and the customer is new"), joined by `join`. */
  more?: Condition[];
  /** How the tests join: all must pass ("and", the default) or any ("or"). */
  join?: 'and' | 'or';
}

/** A `between` test's two ends: "1..14" → [1, 14]. */
export function rangeEnds(value: Condition['value']): [number, number] {
  const [lo, hi] = String(value).split('..').map(Number);
  return [lo ?? 0, hi ?? 0];
}

export interface AppHints {
  channel?: string;
  email?: string;
  /** The phone number a text goes to ("text me": the user's own, for them to fill in). */
  phone?: string;
  subject?: string;
  table?: string;
  chatId?: string;
  text?: string;
  url?: string;
  /** A repository, project, board or list the request names ("the Daily Miner repo"). */
  container?: string;
  /** A storage bucket the request names ("the S3 bucket 'finance-backups'"). */
  bucket?: string;
  /** A place the request names ("the weather in Berlin"). */
  location?: string;
  /** The file's content is wanted (it is read next): downloaded, not listed. */
  download?: boolean;
  /** "remove them from all groups", "add the user to the group": a membership changes; nothing is made or deleted. */
  member?: 'add' | 'remove';
  /** The folder a request names ("the Google Drive folder 'pos-exports'"). */
  folder?: string;
  /** "download every file in the folder": the folder's files are listed (their ids), not one downloaded. */
  list?: boolean;
  /** "start the Jenkins job deploy", "trigger the Airflow DAG": an existing job is run, not a new one made. */
  run?: boolean;
  /** "upsert them", "create or update": the record is updated when it exists and created when it does not. */
  upsert?: boolean;
  /** The incoming item is the file itself (the store's trigger reported it): its id says which to download. */
  itemFile?: boolean;
  /** The change is made to the item the trigger reported ("mark the email as read"): its id, wherever the step is. */
  triggerItem?: boolean;
  /** The id of the item a step changes, as an expression (set from `triggerItem` when the workflow is planned). */
  itemId?: string;
  /** The binary property holding the file the step uploads ("attachment_0" from an e-mail trigger). */
  binary?: string;
  /** The message waits for its reader's answer ("with approve/reject buttons"): n8n's send-and-wait operation. */
  approval?: boolean;
  /** "clear the sheet", "empty the table": what it holds goes, the sheet or table stays (n8n's "clear"). */
  clear?: boolean;
  /** "archive the card": the item is kept, switched to archived (Trello's "closed"), not deleted. */
  archive?: boolean;
  /** The message answers whoever wrote in through the trigger's app (an assistant's reply), with the answer made. */
  replyTo?: boolean;
}

/** Providers of AI models; each has a chat model node (and OpenAI, Perplexity and Mistral nodes of their own). */
export type Provider =
  | 'openai'
  | 'anthropic'
  | 'gemini'
  | 'ollama'
  | 'mistral'
  | 'deepseek'
  | 'groq'
  | 'openrouter'
  | 'xai'
  | 'cohere'
  | 'azure'
  | 'bedrock'
  | 'vertex'
  | 'qwen'
  | 'moonshot'
  | 'perplexity';

export interface Model {
  provider: Provider;
  /** The model the request names ("gpt-4o-mini", "gemini-2.0-flash"), else the provider's default. */
  id?: string;
}

export type AiTask =
  | 'agent'
  | 'classify'
  | 'extract'
  | 'summarise'
  | 'translate'
  | 'write'
  | 'analyse'
  | 'score'
  | 'moderate'
  | 'sentiment'
  | 'image'
  | 'transcribe'
  | 'speech'
  | 'ocr'
  | 'search';

/** Tools an AI agent uses: n8n's tool nodes, an app's tool variant (by catalogue key) or a vector store. */
export type AgentTool =
  | { kind: 'calculator' | 'wikipedia' | 'web_search' | 'http' | 'code' | 'think' }
  | { kind: 'app'; app: string; /** What the tool does in the app (reads by default). */ verb?: Verb; noun?: string }
  | {
      kind: 'vectorStore';
      app: string;
      /** Must match the embeddings the store was filled with. */ embeddings?: Provider;
    };

export interface AiStep {
  kind: 'ai';
  task: AiTask;
  model: Model;
  /** What the step should do, in the user's words (the prompt states the job). */
  job: string;
  tools: AgentTool[];
  memory: boolean;
  /** Where the chat history is kept ("store the chat history in Postgres"); n8n's simple memory otherwise. */
  memoryStore?: 'postgres' | 'redis' | 'mongodb';
  /** Information Extractor attributes. */
  attributes?: string[];
  /** Routes of a classifier (categories) or of a moderation/sentiment step (its outcomes). */
  routes?: Route[];
  /** The request's words that became this step (for the reply's reasoning). */
  phrase: string;
  /** The binary property of the picture or file the step looks at ("attachment_0" from an e-mail trigger). */
  binary?: string;
  /** The answer is JSON with these fields, through a Structured Output Parser (empty: fields the user sets). */
  structured?: string[];
  /** n8n's own node for the task, where the request names it ("the Sentiment Analysis node"). */
  node?: 'sentimentAnalysis';
}

export type Step =
  | {
      kind: 'app';
      app: string;
      verb: Verb;
      noun?: string;
      hints: AppHints;
      phrase: string;
      /** A vector store's embeddings provider ("embed them with Cohere"); OpenAI when none is named. */
      embeddings?: Provider;
      /** The items carry files (documents uploaded through a form): a vector store loads their binary data. */
      files?: boolean;
      /** "split into 1000-character chunks with 200 overlap": how a vector store's loader splits the text. */
      chunks?: { size: number; overlap: number };
    }
  | {
      kind: 'http';
      url: string | null;
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      api: string;
      /** A system the request names that n8n has no node for ("NetSuite"): the design phase searches for it. */
      system?: string;
      phrase: string;
    }
  | AiStep
  | { kind: 'if'; condition: Condition; then: Step[]; otherwise: Step[] }
  | {
      kind: 'switch';
      field: string;
      routes: Route[];
      fallback: Step[] | null;
      match?: 'equals' | 'contains';
      /** Items go down every route whose test they pass ("within 30 days: …; within 7 days also …"), not the first. */
      everyMatch?: boolean;
    }
  /** Branches side by side, joined in a Merge, or two sources compared (Compare Datasets) when `compare` is set. */
  | { kind: 'parallel'; branches: Step[][]; merge: boolean; compare?: Comparison }
  /** Items one batch at a time through the body, which loops back; `wait` paces the batches (rate limits). */
  | { kind: 'loop'; size: number; body: Step[] }
  /**
   * "check its status every 5 minutes until it's finished": wait, run `check` again, and go on only once `until` holds
   * (the If's other side loops back to the Wait).
   */
  | {
      kind: 'poll';
      every: { amount: number; unit: 'seconds' | 'minutes' | 'hours' | 'days' };
      check: Step[];
      until: Condition;
    }
  | {
      kind: 'wait';
      amount: number;
      unit: 'seconds' | 'minutes' | 'hours' | 'days';
      /** "until one day before the meeting": resume at a time the user gives (a placeholder states it). */
      until?: string;
    }
  | {
      kind: 'set';
      fields: string[];
      /** Values the request states ("goes to Tom": assignee = Tom); other fields keep the item's own value. */
      values?: Record<string, string>;
    }
  | { kind: 'code'; purpose: string }
  | { kind: 'filter'; condition: Condition }
  | { kind: 'aggregate' }
  /** Drops repeated items; `seen` also drops items earlier runs already saw ("only new ones"). */
  | { kind: 'dedupe'; seen: boolean; field?: string }
  | { kind: 'sort'; field: string; order: 'ascending' | 'descending' }
  | { kind: 'limit'; count: number }
  /** How many items; `by` counts them per value of those fields ("per team and priority", comma-separated). */
  | { kind: 'count'; by?: string }
  /** The total of a field; `by` totals it per value of another field ("hours per client"). */
  | { kind: 'sum'; field: string; by?: string }
  | { kind: 'splitOut'; field: string }
  | {
      kind: 'extract';
      format: 'csv' | 'pdf' | 'xlsx' | 'json' | 'html' | 'text';
      /** The binary property holding the file ("attachment_0" from an e-mail trigger); n8n's "data" otherwise. */
      binary?: string;
    }
  | { kind: 'convert'; format: 'csv' | 'xlsx' | 'json' | 'html' }
  | { kind: 'respond'; status: number; body: 'json' | 'error' | 'text' }
  /** A core node the request names or a job only it does: call a sub-workflow, read HTML, resize an image, … */
  | { kind: 'node'; node: UtilityNode; purpose: string };

export type UtilityNode =
  | 'subworkflow'
  | 'html'
  | 'editImage'
  | 'markdown'
  | 'xml'
  | 'dateTime'
  | 'crypto'
  | 'compression'
  | 'stopAndError'
  | 'executeCommand'
  | 'readFiles'
  /** n8n's Summarize node, named ("Summarize node to total distance and moving time"). */
  | 'summarize';

export interface Route {
  name: string;
  steps: Step[];
  /** The route's own test where it is not its name's value ("9 or 10" → score ≥ 9). */
  condition?: Condition;
}

/** A generic noun the request used and the node chosen for it ("a database" → Postgres, say "use MySQL"). */
export interface Choice {
  said: string;
  chose: string;
  change: string;
}

export interface WorkflowSpec {
  trigger: Trigger;
  /** More ways to start the same steps ("every morning at 6, and also whenever our webhook is called"). */
  also?: Trigger[];
  steps: Step[];
  /** Parts of the request the reader could not map, quoted for the reply's questions. */
  unmapped: string[];
  /** Failures of app steps go to these steps (error outputs), e.g. "post failures to #alerts". */
  onError: Step[];
  /** Defaults chosen for generic nouns and unnamed providers, named in the reply. */
  choices: Choice[];
  name?: string;
  /**
   * A second entry point that loads documents into the vector store the chat part answers from ("load our Notion
   * wiki into Qdrant and give me a Slack bot that answers questions about it"): n8n runs both from one workflow.
   */
  ingest?: { trigger: Trigger; steps: Step[] };
  /**
   * Parts with their own start beside the main one ("… log every bounce to a sheet, and every Monday at 9am email me a
   * summary of last week's bounces"): each runs from its trigger through its steps.
   */
  parts?: Array<{ trigger: Trigger; steps: Step[] }>;
}

/**
 * Two sources matched on a key: the steps after take the items only the first has (`a`), only the second has (`b`),
 * both have alike (`same`), or both have with other values (`different`).
 */
export interface Comparison {
  key: string;
  keep: 'a' | 'b' | 'same' | 'different';
  /** "with the Merge node … keep non-matches": a Merge that keeps the items asked for, instead of Compare Datasets. */
  node?: 'merge';
}

/** Visits every step of a tree: branches, routes, loop bodies and parallel branches included. */
export function walkSteps(steps: Step[], visit: (s: Step) => void): void {
  for (const step of steps) {
    visit(step);
    if (step.kind === 'if') walkSteps([...step.then, ...step.otherwise], visit);
    if (step.kind === 'switch') {
      step.routes.forEach((r) => walkSteps(r.steps, visit));
      if (step.fallback) walkSteps(step.fallback, visit);
    }
    if (step.kind === 'ai') step.routes?.forEach((r) => walkSteps(r.steps, visit));
    if (step.kind === 'parallel') step.branches.forEach((b) => walkSteps(b, visit));
    if (step.kind === 'loop') walkSteps(step.body, visit);
    if (step.kind === 'poll') walkSteps(step.check, visit);
  }
}

/** The list, however deep in a flow, that holds a step. */
export function listHolding(step: Step, steps: Step[]): Step[] | undefined {
  return stepLists(steps).find((list) => list.includes(step));
}

/** The first step of a flow, however deep, that passes a test, in the order the flow runs them. */
export function firstStep(steps: Step[], test: (s: Step) => boolean): Step | undefined {
  let found: Step | undefined;
  walkSteps(steps, (s) => {
    if (!found && test(s)) found = s;
  });
  return found;
}

/** Every list of steps in a flow: the top one and each branch's, route's and loop's, however deep. */
export function stepLists(steps: Step[]): Step[][] {
  const lists: Step[][] = [steps];
  walkSteps(steps, (s) => {
    if (s.kind === 'if') lists.push(s.then, s.otherwise);
    if (s.kind === 'switch') lists.push(...s.routes.map((r) => r.steps), ...(s.fallback ? [s.fallback] : []));
    if (s.kind === 'ai') s.routes?.forEach((r) => lists.push(r.steps));
    if (s.kind === 'parallel') lists.push(...s.branches);
    if (s.kind === 'loop') lists.push(s.body);
    if (s.kind === 'poll') lists.push(s.check);
  });
  return lists;
}

/** A step that reads items: an app read, a search, an HTTP GET. */
export const isRead = (s: Step): boolean =>
  (s.kind === 'app' && (s.verb === 'read' || s.verb === 'search')) || (s.kind === 'http' && s.method === 'GET');
