// Reads n8n-mcp's validate_workflow answer, and repairs the problems that have a safe, known fix.
import type { N8nWorkflow } from './n8nJson.ts';
import type { NodeDefinition } from './knowledge.ts';
import { defaults, isShown, valueFor } from './configure.ts';

export interface Issue {
  node?: string;
  message: string;
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

/** A required property the validator says is empty: filled from the node's definition when the value can be known. */
export function repair(
  workflow: N8nWorkflow,
  report: ValidationReport,
  definition: (type: string) => NodeDefinition | null,
  toPick: Map<string, Set<string>>,
): string[] {
  const fixed: string[] = [];
  for (const error of report.errors) {
    const node = workflow.nodes.find((n) => n.name === error.node);
    const missing = /Required property ['"`]([^'"`]+)['"`]/i.exec(error.message);
    if (!node || !missing?.[1]) continue;
    const def = definition(node.type);
    const prop = def?.properties.find(
      (p) =>
        (p.displayName === missing[1] || p.name === missing[1]) &&
        isShown(p, { ...defaults(def), ...node.parameters }, def.version),
    );
    if (!def || !prop) continue;
    const picks: string[] = [];
    const value = valueFor(prop, {}, picks, Boolean(def.isTrigger));
    if (picks.length) {
      const set = toPick.get(node.name) ?? new Set<string>();
      picks.forEach((p) => set.add(p));
      toPick.set(node.name, set);
      if (node.parameters[prop.name] !== undefined) continue;
    }
    node.parameters[prop.name] = value;
    if (!picks.length) fixed.push(`${node.name}: ${missing[1]} now comes from the incoming item`);
  }
  return fixed;
}

/** Errors left that are only settings the reply asks the user to pick (their form, their table). */
export function onlyChoicesLeft(report: ValidationReport, toPick: Map<string, Set<string>>): boolean {
  return report.errors.every((e) => {
    const prop = /Required property ['"`]([^'"`]+)['"`]/i.exec(e.message)?.[1];
    return Boolean(e.node && prop && toPick.get(e.node)?.has(prop));
  });
}
