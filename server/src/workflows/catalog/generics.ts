// Generic nouns people use instead of an app's name ("a database", "our CRM", "weekend emails", "an API"), each with
// one documented default node. The reply names every default it took and how to change it.
import type { Token } from '../intent/text.ts';

export type GenericKind =
  | 'email'
  | 'chat'
  | 'database'
  | 'sheet'
  | 'crm'
  | 'calendar'
  | 'sms'
  | 'ticket'
  | 'issue'
  | 'task'
  | 'storage'
  | 'document'
  | 'vector'
  | 'http'
  | 'web'
  | 'payment'
  | 'invoice'
  | 'file'
  | 'weather'
  | 'list';

export interface GenericInfo {
  /** The node chosen (a catalogue key; e-mail has two: receiving and sending). */
  app: string;
  /** What the reply calls the default and how the user changes it. */
  chose: string;
  change: string;
}

export const GENERIC_DEFAULTS: Record<GenericKind, GenericInfo> = {
  email: { app: 'emailSend', chose: 'Send Email (SMTP)', change: "say 'use Gmail' or 'use Outlook'" },
  chat: { app: 'slack', chose: 'Slack', change: "say 'use Microsoft Teams', 'use Discord' or 'use Telegram'" },
  database: { app: 'postgres', chose: 'Postgres', change: "say 'use MySQL' or 'use Supabase'" },
  sheet: { app: 'googleSheets', chose: 'Google Sheets', change: "say 'use Airtable' or 'use Excel'" },
  crm: { app: 'hubspot', chose: 'HubSpot', change: "say 'use Salesforce' or 'use Pipedrive'" },
  calendar: { app: 'googleCalendar', chose: 'Google Calendar', change: "say 'use Outlook'" },
  sms: { app: 'twilio', chose: 'Twilio', change: "say 'use Vonage'" },
  ticket: { app: 'zendesk', chose: 'Zendesk', change: "say 'use Freshdesk' or 'use Jira'" },
  issue: { app: 'jira', chose: 'Jira', change: "say 'use GitHub' or 'use Linear'" },
  task: { app: 'googleTasks', chose: 'Google Tasks', change: "say 'use Trello', 'use Asana' or 'use ClickUp'" },
  storage: { app: 'googleDrive', chose: 'Google Drive', change: "say 'use Dropbox' or 'use S3'" },
  document: { app: 'googleDocs', chose: 'Google Docs', change: "say 'use Notion'" },
  vector: {
    app: 'vectorStoreInMemory',
    chose: 'Simple Vector Store (kept in n8n’s memory)',
    change: "say 'use Pinecone', 'use Qdrant' or 'use Supabase'",
  },
  http: { app: 'httpRequest', chose: 'HTTP Request', change: 'give the API’s URL' },
  web: { app: 'httpRequest', chose: 'HTTP Request (fetches the page)', change: 'give the page’s URL' },
  payment: { app: 'stripe', chose: 'Stripe', change: "say 'use PayPal'" },
  invoice: { app: 'quickbooks', chose: 'QuickBooks Online', change: "say 'use Xero'" },
  file: { app: 'googleDrive', chose: 'Google Drive', change: "say 'use Dropbox' or 'use S3'" },
  weather: { app: 'openWeatherMap', chose: 'OpenWeatherMap', change: 'name another weather API' },
  list: { app: 'mailchimp', chose: 'Mailchimp (an audience)', change: "say 'use MailerLite' or 'use Brevo'" },
};

/** Phrases (lower-case words) per generic kind, longest first when matched. */
const PHRASES: Array<[string, GenericKind]> = [
  ['mailing list', 'list'],
  ['email list', 'list'],
  ['newsletter list', 'list'],
  ['subscriber list', 'list'],
  ['newsletter subscribers', 'list'],
  ['audience', 'list'],
  ['confirmation emails', 'email'],
  ['confirmation email', 'email'],
  ['email address', 'email'],
  ['emails', 'email'],
  ['email', 'email'],
  ['mail', 'email'],
  ['mails', 'email'],
  ['inbox', 'email'],
  ['newsletter', 'email'],
  ['mailbox', 'email'],
  ['notifications', 'chat'],
  ['notification', 'chat'],
  ['alerts', 'chat'],
  ['alert', 'chat'],
  ['the team chat', 'chat'],
  ['team chat', 'chat'],
  ['our chat', 'chat'],
  ['dev chat', 'chat'],
  ['group chat', 'chat'],
  ['company chat', 'chat'],
  ['work chat', 'chat'],
  ['internal chat', 'chat'],
  ['office chat', 'chat'],
  ['chat channel', 'chat'],
  ['channel', 'chat'],
  ['moderators', 'chat'],
  ['moderator', 'chat'],
  ['on-call team', 'chat'],
  ['on call team', 'chat'],
  ['the team', 'chat'],
  ['sales team', 'chat'],
  ['support team', 'chat'],
  ['ops team', 'chat'],
  ['database', 'database'],
  ['databases', 'database'],
  ['db', 'database'],
  ['sql', 'database'],
  ['data warehouse', 'database'],
  ['inventory', 'database'],
  ['stock levels', 'database'],
  ['table', 'database'],
  ['spreadsheet', 'sheet'],
  ['spreadsheets', 'sheet'],
  ['sheet', 'sheet'],
  ['tracker', 'sheet'],
  ['crm', 'crm'],
  ['calendar', 'calendar'],
  ['appointments', 'calendar'],
  ['appointment', 'calendar'],
  ['meetings', 'calendar'],
  ['meeting', 'calendar'],
  ['sms', 'sms'],
  ['text message', 'sms'],
  ['a text message', 'sms'],
  ['a text', 'sms'],
  ['text messages', 'sms'],
  ['support tickets', 'ticket'],
  ['support ticket', 'ticket'],
  ['tickets', 'ticket'],
  ['ticket', 'ticket'],
  ['helpdesk', 'ticket'],
  ['help desk', 'ticket'],
  ['bug report', 'issue'],
  ['bugs', 'issue'],
  ['bug', 'issue'],
  ['issues', 'issue'],
  ['issue', 'issue'],
  ['to-do', 'task'],
  ['todo', 'task'],
  ['todos', 'task'],
  ['tasks', 'task'],
  ['task', 'task'],
  ['cloud storage', 'storage'],
  ['file storage', 'storage'],
  ['storage', 'storage'],
  ['folder', 'storage'],
  ['drive', 'storage'],
  ['document', 'document'],
  ['documents', 'document'],
  ['doc', 'document'],
  ['docs', 'document'],
  ['vector store', 'vector'],
  ['vector database', 'vector'],
  ['vector db', 'vector'],
  ['knowledge base', 'vector'],
  ['embeddings', 'vector'],
  ['rest api', 'http'],
  ['http request', 'http'],
  ['api', 'http'],
  ['apis', 'http'],
  ['endpoint', 'http'],
  ['endpoints', 'http'],
  ['web service', 'http'],
  ['website', 'web'],
  ['websites', 'web'],
  ['web page', 'web'],
  ['web pages', 'web'],
  ['webpage', 'web'],
  ['webpages', 'web'],
  ['site', 'web'],
  ['url', 'web'],
  ['urls', 'web'],
  ['payments', 'payment'],
  ['payment', 'payment'],
  ['invoices', 'invoice'],
  ['invoice', 'invoice'],
  ['weather forecast', 'weather'],
  ['weather', 'weather'],
  ['forecast', 'weather'],
  ['going to rain', 'weather'],
  ['gonna rain', 'weather'],
  ['rain', 'weather'],
  ['raining', 'weather'],
  ['snowing', 'weather'],
  ['snow', 'weather'],
];

const BY_LENGTH = [...PHRASES].sort((a, b) => b[0].split(' ').length - a[0].split(' ').length);

export interface GenericMention {
  kind: GenericKind;
  said: string;
  from: number;
  to: number;
}

/** Nouns after a generic that make it an attribute ("invoice number", "payment status"), not an app. */
const ATTRIBUTE =
  /^(?:number|numbers|id|ids|amount|amounts|date|dates|details|data|status|name|names|total|totals|link|links|url|urls|address|addresses|domain|domains|field|fields|line|lines|body|subject|text|content|title|type|value|values|count|size)$/;

/** Generic nouns in tokens, skipping the token indexes already taken by app names ("Excel sheet" is Excel). */
export function findGenerics(tokens: Token[], taken: Set<number>): GenericMention[] {
  const found: GenericMention[] = [];
  const documentStore = tokens.some((t) =>
    /^(?:mongo\w*|firestore|couchdb|couchbase|elasticsearch|dynamodb|cosmosdb)$/.test(t.lower),
  );
  for (let i = 0; i < tokens.length; i++) {
    if (taken.has(i) || taken.has(i - 1) || tokens[i]!.kind !== 'word') continue;
    // "a Trello card in the Inbox list", "the Database column": a capitalised name before the container it names.
    if (
      /^[A-Z]/.test(tokens[i]!.text) &&
      i > 0 &&
      !/^[.!?:*•-]$/.test(tokens[i - 1]!.text) &&
      // (The container in lower case: "Save Emails to Database Table" is a title, every word capitalised.)
      /^(?:list|board|column|tab|channel|folder|label|tag|stage|group|segment|audience|pipeline)$/.test(
        tokens[i + 1]?.text ?? '',
      )
    )
      continue;
    // "hit GET /health on our services", "pull new signups from GET /v1/signups": a call to an API, by its method and
    // path.
    if (/^(?:GET|POST|PUT|PATCH|DELETE)$/.test(tokens[i]!.text) && tokens[i + 1]?.text === '/') {
      found.push({ kind: 'http', said: `${tokens[i]!.text} /`, from: i, to: i + 2 });
      i++;
      continue;
    }
    // "PDFs go in /Invoices": a folder's path, not the accounting app; "put in group Newsletter": the group's name.
    if (tokens[i]!.joined && tokens[i - 1]?.text === '/' && !/^(?:api|apis)$/.test(tokens[i]!.lower)) continue;
    if (
      /^[A-Z]/.test(tokens[i]!.text) &&
      /^(?:group|list|tag|label|folder|channel|stage|segment|audience|board|column|tab|sheet|category)$/.test(
        tokens[i - 1]?.lower ?? '',
      )
    )
      continue;
    for (const [phrase, kind] of BY_LENGTH) {
      const parts = phrase.split(' ');
      const slice = tokens.slice(i, i + parts.length);
      if (slice.length === parts.length && slice.every((t, k) => t.lower === parts[k] && !taken.has(i + k))) {
        if (ATTRIBUTE.test(tokens[i + parts.length]?.lower ?? '')) break;
        // "a payment reminder", "the payment method": what a message or a field is about, not the payment app.
        if (
          kind === 'payment' &&
          /^(?:reminders?|terms|methods?|plans?|history|confirmations?|receipts?|notifications?|requests?|csvs?|files?|exports?|batch|batches|runs?|details|instructions|references?|amounts?|dates?|status|data|info|information|schedule|due)$/.test(
            tokens[i + parts.length]?.lower ?? '',
          )
        )
          break;
        // "PDF invoices", "supplier invoices as PDF attachments": the documents, not the accounting app.
        if (
          kind === 'invoice' &&
          tokens
            .slice(Math.max(0, i - 2), i + parts.length + 3)
            .some((t) => /^(?:pdfs?|attachments?|documents?|files?|scans?|scanned|photos?|images?)$/.test(t.lower))
        )
          break;
        // "We sell tickets on Eventbrite", "concert tickets", "buy a ticket": admission, not a help desk's tickets.
        if (
          kind === 'ticket' &&
          !/^support/.test(phrase) &&
          (/^(?:sell|sells|selling|sold|buy|buys|buying|bought|book|books|booked|booking|event|concert|show|festival|match|game|raffle|lottery|plane|train|flight|bus|movie|theatre|theater|admission|entry|vip|season|early-bird|workshop|conference)$/.test(
            tokens[i - 1]?.lower ?? '',
          ) ||
            /^(?:sales|sold|buyers?|holders?|purchases?|types?|prices?)$/.test(tokens[i + parts.length]?.lower ?? '') ||
            tokens.some((t) => /^(?:eventbrite|ticket ?tailor|tito|lu\.ma|luma)$/.test(t.lower)))
        )
          break;
        // "delete the user document" beside MongoDB: a record of the document database, not Google Docs.
        if (kind === 'document' && documentStore) break;
        // "XML order documents", "the signed PDF document": files of a format, not Google Docs.
        if (
          kind === 'document' &&
          tokens
            .slice(Math.max(0, i - 2), i)
            .some((t) => /^(?:xml|pdfs?|json|csv|word|docx|scanned|signed|pdf)$/.test(t.lower))
        )
          break;
        // "changes the lifecycle stage to SQL", "turns into an SQL": a sales-qualified lead, not a database.
        if (
          phrase === 'sql' &&
          (/^(?:an|to|as|new|each|every)$/.test(tokens[i - 1]?.lower ?? '') ||
            /^(?:mql|mqls|sqls|sdr|sdrs|lifecycle|ae)$/.test(tokens[i - 2]?.lower ?? '')) &&
          !/^(?:database|db|server|query|queries|table|tables)$/.test(tokens[i + 1]?.lower ?? '')
        )
          break;
        // "posts events to a webhook with email and last_day": a field the items carry, listed with the others.
        // "(columns email, team)": a column's name.
        if (
          kind === 'email' &&
          parts.length === 1 &&
          /^(?:columns?|fields?|headers?|properties)$/.test(tokens[i - 1]?.lower ?? '') &&
          /^(?:,|and|\))$/.test(tokens[i + 1]?.lower ?? '')
        )
          break;
        if (
          kind === 'email' &&
          parts.length === 1 &&
          /^(?:with|containing|including|carrying|fields?)$/.test(tokens[i - 1]?.lower ?? '') &&
          /^(?:,|and)$/.test(tokens[i + 1]?.lower ?? '') &&
          /^[a-z]+(?:_[a-z]+)+$|^(?:name|phone|id|date|address|company|title|role|department)$/.test(
            tokens[i + 2]?.lower ?? '',
          )
        )
          break;
        // "our inventory API": an API, whatever it keeps.
        if (kind !== 'http' && /^(?:api|apis|endpoint|endpoints)$/.test(tokens[i + parts.length]?.lower ?? '')) break;
        found.push({ kind, said: slice.map((t) => t.text).join(' '), from: i, to: i + parts.length });
        i += parts.length - 1;
        break;
      }
    }
  }
  return found;
}

/** The apps of a generic kind a request may name instead ("invoices … (we use Xero)"). */
export const GENERIC_FAMILIES: Partial<Record<GenericKind, RegExp>> = {
  invoice: /^(?:xero|quickbooks|freshbooks|zohoBooks|invoiceNinja|harvest|wave|sage|stripe)$/,
  payment: /^(?:stripe|payPal|square|chargebee|paddle|gumroad|mollie|razorpay|wise)$/,
  crm: /^(?:hubspot|salesforce|pipedrive|zohoCrm|copper|freshworksCrm|keap|agileCrm|affinity|microsoftDynamicsCrm|highLevel)$/,
  ticket: /^(?:zendesk|freshdesk|freshservice|helpScout|intercom|serviceNow|haloPSA|zammad|jira|linear|gitlab|github)$/,
  issue: /^(?:jira|linear|gitlab|github|sentryIo|clickUp|asana|taiga|youTrack)$/,
  task: /^(?:todoist|trello|asana|clickUp|mondayCom|googleTasks|microsoftToDo|wekan|taiga|linear|jira|notion|basecamp|meisterTask|onfleet)$/,
  weather: /^openWeatherMap$/,
};
