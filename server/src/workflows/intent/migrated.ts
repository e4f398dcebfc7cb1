// Zaps and Make scenarios to rebuild, said in those tools' words: "Filter by Zapier: only continue if …", "Delay by
// Zapier 30 minutes", "Webhooks by Zapier GET …", "Slack 'Send Channel Message'", a Make "Iterator" or "Array
// aggregator". Each becomes the plain words the reader knows (only if …, wait …, an HTTP Request, send a channel
// message in Slack, split out, aggregate); Zapier and Make themselves are not steps of the n8n workflow.

/** Actions Zapier and Make name their steps with ("Find Customer", "Send Channel Message", "Create/Update Contact"). */
const ACTION =
  '(?:Find|Create|Send|Add|Update|Get|Search|Post|Upload|Delete|Append|Insert|Lookup|Look Up|Share|Move|Archive|Copy|Remove|Track|Capture|Identify|List|Make|Run|Publish|Tweet|Invite|Subscribe|Unsubscribe|Start|Stop|Mark|Set|Upsert)';

const NUMBER = '(\\d+|an?|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty-five|sixty)';
const UNIT = '(seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?)';

export function migratedTerms(text: string): string {
  if (
    !/\bzap(?:s|ier)?\b|\bmake(?:\.com)?\s+(?:scenario|module|router)|\bscenario\b|\biterator\b|\baggregator\b/i.test(
      text,
    )
  )
    return text;
  return (
    text
      // "Slack 'Send Channel Message' to #sales", "Zendesk 'Find Ticket' by ID": the step's action, said plainly.
      .replace(
        new RegExp(`(\\b[A-Za-z][\\w.]*\\s+)['"‘“](${ACTION}(?:[ /-][\\w/-]+){0,5})['"’”]`, 'g'),
        (_, app: string, action: string) => `${app}${action.toLowerCase()}`,
      )
      // "QuickBooks Create Invoice", "Google Sheets Append Row": a Title Case action after the app.
      .replace(
        new RegExp(`(\\b[A-Z][\\w.]*\\s+)(${ACTION}(?:[ /](?:[A-Z][\\w/]*|SMS|a|an|to|in|or))+)`, 'g'),
        (_, app: string, action: string) => `${app}${action.toLowerCase()}`,
      )
      // "Filter by Zapier (only continue if Total Price is greater than 200)", "filter: plan is 'enterprise'".
      .replace(
        /\bfilter(?:\s+by\s+zapier)?\s*\(\s*(?:only\s+)?(?:continue\s+)?(?:only\s+)?if\s+([^()\n]+)\)/gi,
        'only if $1',
      )
      .replace(
        /(^|->|→|=>|[,.;:\n]\s*|\b(?:then|and)\s+)\s*(?:a\s+)?filter(?:\s+by\s+zapier)?\s*(?::|—|–|-(?!>))\s*(?:only\s+)?(?:continue\s+|proceed\s+|keep\s+)?(?:only\s+)?(?:if\s+|when\s+|where\s+)?/gi,
        '$1 only if ',
      )
      .replace(/\bfilter by zapier\b/gi, 'filter')
      .replace(/\b(?:only\s+)?(?:continue|proceed|carry on)\s+(?:only\s+)?if\b/gi, 'only if')
      // "Delay by Zapier (delay for 1 day)", "Delay by Zapier 30 minutes", "-> Delay 1 hour ->".
      .replace(
        new RegExp(
          `\\bdelay(?:\\s+by\\s+zapier)?\\s*(?:\\(\\s*)?(?:delay\\s+)?(?:for\\s+)?${NUMBER}\\s+${UNIT}\\b\\s*\\)?`,
          'gi',
        ),
        'wait $1 $2',
      )
      // "Webhooks by Zapier GET the invoice", "a Zapier Catch Hook": an HTTP call, or the webhook that starts it.
      .replace(/\bwebhooks?\s+by\s+zapier\s+(GET|POST|PUT|PATCH|DELETE)\b/gi, 'HTTP Request $1')
      .replace(/\b(?:webhooks?\s+by\s+zapier\s+)?(?:an?\s+)?(?:zapier\s+)?catch\s+(?:raw\s+)?hook\b/gi, 'a webhook')
      .replace(/\bwebhooks?\s+by\s+zapier\b/gi, 'webhook')
      .replace(/\bcode\s+by\s+zapier\b/gi, 'Code node')
      .replace(
        /\b(schedule|formatter|rss|email|digest|paths|storage|looping|sub-zap)\s+by\s+zapier\b/gi,
        (_, tool: string) => tool.toLowerCase(),
      )
      // "Gumroad 'New Sale' ->", "Chargebee 'Subscription Cancelled'": the trigger's event, said plainly.
      .replace(
        /(\b[A-Za-z][\w.]*\s+)['"‘“]((?:New|Updated|Deleted)\b[^'"’”\n]{0,40}|[^'"’”\n]{1,30}\b(?:Cancell?ed|Created|Updated|Moved|Paid|Failed|Completed|Added|Received|Submitted|Closed|Won|Lost|Deleted|Booked|Signed|Started|Ended|Changed|Published|Uploaded|Starred|Tagged)(?:\s+\w+){0,3})['"’”]/g,
        (_, app: string, event: string) => `${app}${event.toLowerCase()}`,
      )
      // A Make router's routes: "Route 1 (shipping country = US): …", "Route 1 has a filter 'Company size = 50+': …",
      // "Route 2 is the fallback route: …", "Fallback route: …".
      .replace(
        /\b(?:route|path)\s+(?:\d+|[A-Z])\s+(?:has|with)\s+(?:a\s+)?filter\s+['"‘“]([^'"’”\n]+)['"’”]\s*:/gi,
        'If $1,',
      )
      .replace(/\b(?:route|path)\s+(?:\d+|[A-Z])\s*(?:filter\s*)?\(([^()\n]+)\)\s*:/gi, 'If $1,')
      .replace(/\b(?:route|path)\s+(?:\d+|[A-Z])\s+is\s+the\s+fallback(?:\s+(?:route|path))?\s*:/gi, 'Otherwise,')
      .replace(/\b(?:the\s+)?fallback\s+(?:route|path)\s*:/gi, 'Otherwise,')
      .replace(/\b(?:a\s+)?router(?:\s+with\s+(?:two|three|four|five|\d+)\s+routes)?(?=\s*[.:,;]|\s*$)/gi, '')
      // Make's "Iterator over the attachments" splits them out; "Array aggregator", "Text aggregator" aggregate.
      .replace(/\b(?:an?\s+)?iterator\s+(?:over|on|for|through)\b/gi, 'split out')
      .replace(/\b(?:an?\s+)?iterator\b/gi, 'split out the items')
      .replace(/\b(?:an?\s+)?(?:array|text|numeric|table)\s+aggregator\b/gi, 'aggregate')
      // "Migrating a Make scenario", "In Make I had …", "my Zap", "Zapier": the old tool is no step.
      .replace(/\b(?:in|on|from)\s+(?:zapier|make(?:\.com)?)\b(?!\s+(?:a|an|the|it|sure)\b)/gi, 'before')
      .replace(/\bmake(?:\.com)?\s+(?=(?:scenarios?|modules?|router|routes?)\b)/gi, '')
      .replace(/\bzapier\b/gi, 'the old tool')
      .replace(/\bzaps\b/gi, 'workflows')
      .replace(/\bzap\b/gi, 'workflow')
  );
}
