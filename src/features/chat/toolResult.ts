// Tool results made readable (SPEC §8): JSON followed by Markdown, "Step N" blocks, or plain text.

export interface ReasoningStep {
  number: number;
  title: string;
  reasoning: string;
  action: string;
  confidence: string;
}

export type ToolResultView =
  | { kind: 'json'; data: unknown; markdown: string }
  | { kind: 'steps'; intro: string; steps: ReasoningStep[] }
  | { kind: 'text'; text: string };

type StepField = 'title' | 'reasoning' | 'action' | 'confidence';

const STEP_HEADER =
  /^\s*(?:#{1,6}\s*)?(?:\*\*)?Step\s+(\d+)\s*(?:\*\*)?\s*[:.\-–]?\s*(?:\*\*)?\s*(.*?)\s*(?:\*\*)?\s*$/i;
const STEP_FIELD = /^\s*(?:[-*]\s+)?(?:\*\*)?(Title|Reasoning|Action|Confidence)\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.*)$/i;

/** The end index (exclusive) of the JSON object or array the text starts with, or -1. */
function jsonPrefixEnd(text: string): number {
  const open = text[0];
  if (open !== '{' && open !== '[') return -1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth += 1;
    else if (ch === '}' || ch === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** A leading JSON value and the text after it, when the text starts with one. */
export function splitLeadingJson(text: string): { data: unknown; rest: string } | null {
  const trimmed = text.trimStart();
  const end = jsonPrefixEnd(trimmed);
  if (end === -1) return null;
  try {
    return { data: JSON.parse(trimmed.slice(0, end)) as unknown, rest: trimmed.slice(end).trim() };
  } catch {
    return null;
  }
}

function parseSteps(text: string): { intro: string; steps: ReasoningStep[] } | null {
  const steps: ReasoningStep[] = [];
  const intro: string[] = [];
  let field: StepField | null = null;
  for (const line of text.split(/\r?\n/)) {
    const header = STEP_HEADER.exec(line);
    if (header) {
      steps.push({ number: Number(header[1]), title: header[2] ?? '', reasoning: '', action: '', confidence: '' });
      field = 'title';
      continue;
    }
    const current = steps[steps.length - 1];
    if (!current) {
      intro.push(line);
      continue;
    }
    const labelled = STEP_FIELD.exec(line);
    if (labelled) {
      field = (labelled[1] ?? '').toLowerCase() as StepField;
      current[field] = (labelled[2] ?? '').replace(/\*\*$/, '').trim();
    } else if (field && line.trim() !== '') {
      current[field] = current[field] ? `${current[field]}\n${line.trim()}` : line.trim();
    }
  }
  return steps.length > 0 ? { intro: intro.join('\n').trim(), steps } : null;
}

export function parseToolResult(result: string | null | undefined): ToolResultView {
  const text = (result ?? '').trim();
  const json = splitLeadingJson(text);
  if (json) return { kind: 'json', data: json.data, markdown: json.rest };
  const steps = parseSteps(text);
  if (steps) return { kind: 'steps', ...steps };
  return { kind: 'text', text };
}

/** A short preview of a tool's output: the prose first, then any leading JSON indented, never a one-line blob. */
export function readableOutput(output: string): string {
  const json = splitLeadingJson(output);
  if (!json) return output;
  const formatted = JSON.stringify(json.data, null, 2);
  return json.rest ? `${json.rest}\n\n${formatted}` : formatted;
}
