// The Agent's Computer address in a tool output (SPEC §4): JSON `vnc_url` or a Markdown link to vnc.html, view-only.
import type { ToolCall } from '../../../contract/types';
import { splitLeadingJson } from '../chat/toolResult';

const MARKDOWN_LINK = /\[[^\]]*\]\(\s*<?([^)\s>]*vnc\.html[^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/i;
const MAX_DEPTH = 4;

function findVncField(value: unknown, depth = 0): string | null {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = findVncField(entry, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.vnc_url === 'string') return record.vnc_url;
  for (const entry of Object.values(record)) {
    const found = findVncField(entry, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Only http(s) addresses are shown; `view_only=true` is added when the address does not set view_only. */
function viewOnlyUrl(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.searchParams.has('view_only')) url.searchParams.append('view_only', 'true');
  return url.toString();
}

export function extractVncUrl(output: string | null | undefined): string | null {
  if (!output) return null;
  const json = splitLeadingJson(output);
  const fromJson = json ? findVncField(json.data) : null;
  const candidate = fromJson ?? MARKDOWN_LINK.exec(output)?.[1] ?? null;
  return candidate ? viewOnlyUrl(candidate) : null;
}

/** The newest address among tools (in order) and the tools of member responses. */
export function latestVncUrl(tools: readonly ToolCall[]): string | null {
  for (let i = tools.length - 1; i >= 0; i -= 1) {
    const tool = tools[i];
    const found = tool ? (extractVncUrl(tool.result) ?? extractVncUrl(tool.output)) : null;
    if (found) return found;
  }
  return null;
}
