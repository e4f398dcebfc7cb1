// What a request asks for, before any node is chosen: a trigger and a tree of steps (sequences, branches, loops).

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
  | { kind: 'webhook'; path: string; method: 'POST' | 'GET' }
  | { kind: 'form'; title: string; fields: string[] }
  | { kind: 'email'; provider: 'imap' | 'gmail' }
  | { kind: 'chat' }
  | { kind: 'manual' }
  /** An app's own trigger node (Typeform response, Stripe event, new GitHub issue, new Postgres row, …). */
  | { kind: 'app'; service: string; event: string };

export type Verb = 'create' | 'send' | 'read' | 'update' | 'delete' | 'search';

export interface Condition {
  /** The item field compared, e.g. "budget". */
  field: string;
  operator: 'gt' | 'lt' | 'gte' | 'lte' | 'equals' | 'notEquals' | 'contains' | 'exists' | 'isTrue';
  value: string | number | boolean | null;
}

export interface AppHints {
  channel?: string;
  email?: string;
  subject?: string;
  table?: string;
  chatId?: string;
  text?: string;
  url?: string;
}

export type AgentTool = 'calculator' | 'http' | 'wikipedia' | 'web_search' | 'code';

export type Step =
  | { kind: 'action'; service: string; verb: Verb; hints: AppHints; phrase: string }
  | {
      kind: 'http';
      url: string;
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      api: string;
      /** The URL is a guess from the API's name. */ guessed?: boolean;
    }
  | { kind: 'if'; condition: Condition; then: Step[]; otherwise: Step[] }
  | {
      kind: 'switch';
      field: string;
      routes: Route[];
      fallback: boolean;
      /** Routes match the field's value exactly, or by a word it contains. */ match?: 'equals' | 'contains';
    }
  | { kind: 'classify'; categories: Route[] }
  | { kind: 'parallel'; branches: Step[][]; merge: boolean }
  | { kind: 'batch'; size: number; body: Step[] }
  | { kind: 'wait'; amount: number; unit: 'seconds' | 'minutes' | 'hours' | 'days' }
  | { kind: 'set'; fields: string[] }
  | { kind: 'code'; purpose: string }
  | { kind: 'filter'; condition: Condition }
  | { kind: 'aggregate' }
  | { kind: 'extract'; format: 'csv' | 'pdf' | 'xlsx' | 'json' | 'html' | 'text' }
  | { kind: 'convert'; format: 'csv' | 'xlsx' | 'json' | 'html' }
  | { kind: 'agent'; task: string; tools: AgentTool[]; memory: boolean }
  | { kind: 'openai'; task: 'summarise' | 'image' | 'translate' | 'write' }
  | { kind: 'extractInfo'; attributes: string[] };

export interface Route {
  name: string;
  steps: Step[];
}

export interface WorkflowSpec {
  trigger: Trigger;
  steps: Step[];
  /** Parts of the request the reader could not map, quoted for the reply's questions. */
  unmapped: string[];
  /** Failures of app steps go to these steps (error outputs), e.g. "post failures to #alerts". */
  onError: Step[];
  name?: string;
}
