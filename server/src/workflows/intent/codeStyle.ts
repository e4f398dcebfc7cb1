// Workflows written as pseudo-code name their apps the way code does: "slack.post('#wins', …)",
// "xero.create_invoice(…)", "google_sheets.append(…)", "trigger: shopify.order_created", "redis.get('key')". This puts
// the app and what it does back into words ("slack post", "xero create invoice") so the reader finds both. A name
// before a dot that is no app ("deal.status", "order.total_price") is a field of the item and stays as it is. An
// outline's "- hubspot: get all companies" lines, "filter: …" lines and "switch(event): case 'x': … default: …"
// blocks become the words the reader knows for a step, a kept item and a list of routes.
import { nodeCatalog, type CatalogApp } from '../catalog/nodeCatalog.ts';
import { appVocabulary } from '../catalog/vocabulary.ts';
import { tokenize } from './text.ts';
import { verbClass } from './lexicon.ts';

/** The app the words name, whole ("google sheets", "slack", "bigquery"), or null. */
function appNamed(words: string): CatalogApp | null {
  const tokens = tokenize(words);
  const found = appVocabulary().find(tokens, false, true);
  if (found.length === 1 && found[0]!.from === 0 && found[0]!.to === tokens.length) return found[0]!.app;
  // "box:", "segment:": a name that is also an everyday word, where an outline puts an app.
  const said = words.trim().toLowerCase();
  return nodeCatalog().apps.find((a) => !a.community && a.name.toLowerCase() === said) ?? null;
}
const isAppName = (words: string): boolean => appNamed(words) !== null;

const DOMAIN_END =
  /^(?:io|com|net|org|ai|co|app|dev|so|me|us|uk|de|fr|eu|cloud|tech|xyz|sh|gg|tv|ly|to|in|site|chat)$/i;

/** "createIssue", "add_or_update_member" → "create issue", "add or update member". */
const spaced = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

/** The verbs a step of an app starts with ("get", "create", "post", "find"). */
const STEP_VERB = /^(?:create|send|read|update|delete|search)$/;

/**
 * "- hubspot: get all companies …", "→ salesforce: create a task …": a line of an outline that names its app, then
 * what the app does. Said as "hubspot get all companies", the app's step; with the colon it reads as a route's value.
 */
function appLines(text: string): string {
  // "gitlab: merge_request event on project platform/web", "box: file uploaded to folder 'Signed NDAs' →": an
  // outline's first line that names an app with a trigger, then no verb, is the event that starts it.
  // (Only a line of its own: "WooCommerce: new order over €300 → Slack …" says its steps on the same line.)
  const first = /^\s*([A-Za-z][\w .-]{0,40}?)[ \t]*:[ \t]*(?=([a-z_]+)\b)[^\n→]*(?:→|->)?[ \t]*\n/.exec(text);
  const starter = first ? appNamed(first[1]!.trim()) : null;
  if (first && starter?.trigger && starter.key !== 'n8n' && !verbClass(first[2]!))
    text = `Trigger: ${first[1]!.trim()} ${text.slice(text.indexOf(':') + 1).trimStart()}`;
  return text.replace(
    /(?<=^|\n|→|->|:[ \t])([ \t]*(?:[-*•][ \t]*|\d+[.)][ \t]*)?)([A-Za-z][\w .-]{0,40}?)[ \t]*(?::|→|->)(?=[ \t]*([a-z]+)\b)/g,
    (whole, bullet: string, name: string, verb: string) =>
      // The name with a capital, as a name before its action is written ("Zendesk find ticket").
      STEP_VERB.test(verbClass(verb) ?? '') && isAppName(name.trim())
        ? `${bullet}${name.trim().replace(/^./, (c) => c.toUpperCase())}`
        : whole,
  );
}

/**
 * "switch(event):\n case 'cart_abandoned': …\n default: …": a Switch written as code is a list of routes by that
 * field, "anything else" its fallback.
 */
function switchCases(text: string): string {
  if (!/\bswitch\b/i.test(text) || !/^[ \t]*(?:case\b|default\s*:)/im.test(text)) return text;
  return text
    .replace(/\bswitch\s*\(\s*([\w.]+)\s*\)\s*[:{]?/gi, 'route by $1:')
    .replace(/\bswitch\s+(?:on\s+)?([\w.]+)\s*:/gi, 'route by $1:')
    .replace(/^([ \t]*)case\s+['"`]?([^'"`:\n]+?)['"`]?\s*:/gim, '$1- $2 →')
    .replace(/^([ \t]*)default\s*:/gim, '$1- anything else →');
}

/** "- filter: hireDate == today", "where: status = open": an outline's line that keeps only some items. */
const filterLines = (text: string): string =>
  text.replace(
    /^([ \t]*(?:[-*•][ \t]*|\d+[.)][ \t]*)?)(?:filter|where|only if|keep if|keep only if)[ \t]*:[ \t]*(?=\S)/gim,
    '$1keep only the items where ',
  );

export function codeCalls(text: string): string {
  return appLines(filterLines(switchCases(dotted(text))));
}

function dotted(text: string): string {
  if (!/[a-z]\.[a-z]|[a-z]_[a-z]/i.test(text)) return text;
  return (
    text
      // "slack.post(", "shopify.order_created", "google_sheets.append(": an app, a dot, what it does.
      .replace(
        /(?<![\w.@/:-])([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\.([a-z][a-zA-Z0-9]*(?:_[a-zA-Z0-9]+)*)(?![\w.@/-])/gi,
        // "hunter.io", "monday.com": a domain, not a call.
        (whole, app: string, method: string) =>
          !DOMAIN_END.test(method) && isAppName(spaced(app)) ? `${spaced(app)} ${spaced(method)}` : whole,
      )
      // "google_sheets \"Ledger\": append …", "microsoft_teams": an app's name in snake case.
      .replace(/(?<![\w.@/:-])([a-z]+(?:_[a-z0-9]+)+)(?![\w.@/-])/gi, (whole, name: string) =>
        isAppName(spaced(name)) ? spaced(name) : whole,
      )
  );
}
