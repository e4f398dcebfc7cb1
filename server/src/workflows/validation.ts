// Reads n8n-mcp's validate_workflow answer, and repairs the problems that have a safe, known fix.
import type { WorkflowDraft } from './draft.ts';
import type { NodeDefinition } from './knowledge.ts';
import { defaults, isShown, valueFor } from './configure.ts';

export interface Issue {
  node?: string;
  message: string;
  /** The parameter the validator names ("fields" for "Document data is required for insert"). */
  property?: string;
}

export interface ValidationReport {
  valid: boolean;
  errors: Issue[];
  warnings: Issue[];
}

const issues = (value: unknown): Issue[] =>
  Array.isArray(value)
    ? value.map((v) => {
        const o = (typeof v === 'object' && v !== null ? v : { message: String(v) }) as Record<string, unknown>;
        return {
          node: typeof o.node === 'string' ? o.node : typeof o.nodeName === 'string' ? o.nodeName : undefined,
          message: String(o.message ?? o.error ?? JSON.stringify(o)),
          ...(typeof o.property === 'string' ? { property: o.property } : {}),
        };
      })
    : [];

export function parseValidation(text: string, isError: boolean): ValidationReport {
  let raw: Record<string, unknown> | null = null;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    raw = null;
  }
  if (!raw || isError)
    return { valid: false, errors: [{ message: text.slice(0, 500) || 'The validator gave no answer.' }], warnings: [] };
  return { valid: raw.valid === true, errors: issues(raw.errors), warnings: issues(raw.warnings) };
}

/** n8n-mcp's checks of single nodes that name an empty setting only in words (its workflow answer drops the property). */
const NAMED_CHECKS: Array<[RegExp, string]> = [
  [/^Document data is required for insert/, 'fields'],
  [/^Delete without query would remove all documents/, 'query'],
  [/^Table name is required/, 'table'],
  [/^Collection name is required/, 'collection'],
  [/^Channel is required/, 'channel'],
  [/^Delete key is required/, 'deleteKey'],
  [/^SQL query is required/, 'query'],
  [/^URL is required/, 'url'],
  [/^Webhook path is required/, 'path'],
  [/^Message content is required/, 'text'],
];

/** A required property the validator says is empty: filled from the node's definition (a placeholder when only the user can give it). */
export function repair(
  draft: WorkflowDraft,
  report: ValidationReport,
  definition: (type: string) => NodeDefinition | null,
): string[] {
  const fixed: string[] = [];
  for (const error of report.errors) {
    const node = draft.nodes.find((n) => n.name === error.node);
    // "Required property 'Channel'", or a node's own check naming the parameter ("Document data is required for
    // insert": fields; "Delete without query …": query).
    const missing =
      /Required property ['"`]([^'"`]+)['"`]/i.exec(error.message) ??
      (error.property && /\b(?:required|without)\b/i.test(error.message) ? [error.property, error.property] : null) ??
      NAMED_CHECKS.flatMap(([re, property]) => (re.test(error.message) ? [[property, property]] : []))[0] ??
      null;
    if (!node || !missing?.[1]) continue;
    const def = definition(node.type);
    const prop = def?.properties.find(
      (p) =>
        (p.displayName === missing[1] || p.name === missing[1]) &&
        isShown(p, { ...defaults(def, node.parameters), ...node.parameters }, def.version),
    );
    if (!def || !prop) continue;
    // Which documents to change or delete is the user's to say, never "all of them".
    const filled =
      prop.name === 'query'
        ? { value: `<__PLACEHOLDER_VALUE__${prop.displayName}__>`, pick: prop.displayName }
        : valueFor(prop, {}, Boolean(def.isTrigger));
    node.parameters[prop.name] = filled.value;
    if (filled.pick) {
      const set = draft.toPick.get(node.name) ?? new Set<string>();
      set.add(filled.pick);
      draft.toPick.set(node.name, set);
      fixed.push(`${node.name}: ${missing[1]} is marked for you to fill in`);
    } else fixed.push(`${node.name}: ${missing[1]} now comes from the incoming item`);
  }
  return fixed;
}
