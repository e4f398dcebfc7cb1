// Pure merges of a streamed reply: tools by id, member responses without repeats, and the reply's final message.
import type { MemberResponse, ToolCall } from '../../../contract/types';
import { FOLLOW_UP_PREFIX, type ChatMessage, type LiveRun } from './chatTypes';
import { toolOutput, toolRunStatus } from './toolStatus';

/** Later reports fill in a tool; fields a later frame leaves out keep what earlier frames said. */
export function mergeTool(existing: ToolCall | undefined, incoming: ToolCall): ToolCall {
  if (!existing) return incoming;
  const merged: ToolCall = { ...existing };
  for (const [key, value] of Object.entries(incoming) as Array<[keyof ToolCall, unknown]>) {
    if (value === undefined || value === null) continue;
    if (key === 'tool_args' && Object.keys(value as object).length === 0) continue;
    (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** Returns whether the tool list changed (servers repeat the whole list on every tool frame). */
export function upsertTool(run: LiveRun, tool: ToolCall, completed: boolean): boolean {
  let changed = false;
  const index = run.tools.findIndex((t) => t.tool_call_id === tool.tool_call_id);
  if (index === -1) {
    run.tools.push(tool);
    changed = true;
  } else {
    const merged = mergeTool(run.tools[index], tool);
    changed = JSON.stringify(merged) !== JSON.stringify(run.tools[index]);
    if (changed) run.tools[index] = merged;
  }
  if (completed && !run.completedToolIds.includes(tool.tool_call_id)) {
    run.completedToolIds.push(tool.tool_call_id);
    changed = true;
  }
  return changed;
}

/** A frame's tool list marks completion for the tools that already carry an output or an error. */
export function reportsCompletion(tool: ToolCall): boolean {
  return toolOutput(tool) !== null || Boolean(tool.tool_call_error);
}

export function memberKey(response: MemberResponse): string {
  return response.member_id ?? response.agent_id ?? response.member_name ?? response.agent_name ?? '';
}

/** Repeated frames add nothing; a member's growing answer replaces its shorter earlier copy. Returns whether it changed. */
export function mergeMemberResponses(list: MemberResponse[], incoming: MemberResponse[]): boolean {
  let changed = false;
  for (const response of incoming) {
    const key = memberKey(response);
    const index = list.findIndex(
      (r) => memberKey(r) === key && (r.content === response.content || response.content.startsWith(r.content)),
    );
    if (index === -1) {
      list.push(response);
      changed = true;
      continue;
    }
    const merged = { ...list[index], ...response };
    if (JSON.stringify(merged) !== JSON.stringify(list[index])) {
      list[index] = merged;
      changed = true;
    }
  }
  return changed;
}

/**
 * The last frame's content: a final delta, or (some servers) the whole reply again. The whole reply starts with
 * everything streamed so far, so it replaces the text instead of doubling it.
 */
export function finalText(streamed: string, finalContent: string): string {
  if (finalContent === '') return streamed;
  if (streamed !== '' && finalContent.startsWith(streamed)) return finalContent;
  return streamed + finalContent;
}

export function hasReply(run: LiveRun): boolean {
  return run.text !== '' || run.tools.length > 0 || run.memberResponses.length > 0;
}

/** The id of the message a run's reply becomes, so the list shows it in the same row while and after it streams. */
export function replyMessageId(runId: string): string {
  return `team-${runId}`;
}

/**
 * The reply while it streams, shaped as the message it will become; its tool and member lists are the run's own
 * arrays, which text frames leave untouched.
 */
export function liveReplyMessage(run: LiveRun): ChatMessage {
  return {
    id: replyMessageId(run.runId),
    content: run.text,
    sender: 'team',
    timestamp: run.startedAt,
    tools: run.tools,
    memberResponses: run.memberResponses,
    completedTools: run.completedToolIds,
    ...(run.workflow ? { workflow: run.workflow } : {}),
    ...(run.files?.length ? { files: run.files } : {}),
  };
}

export function replyMessage(run: LiveRun, timestamp: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  const completed = new Set(run.completedToolIds);
  return {
    id: replyMessageId(run.runId),
    content: run.text,
    sender: 'team',
    timestamp,
    tools: run.tools,
    memberResponses: run.memberResponses,
    activeTools: run.tools
      .filter((t) => toolRunStatus(t, completed.has(t.tool_call_id)) === 'running')
      .map((t) => t.tool_call_id),
    completedTools: run.tools.filter((t) => completed.has(t.tool_call_id)).map((t) => t.tool_call_id),
    events: run.events,
    ...(run.workflow ? { workflow: run.workflow } : {}),
    ...(run.files?.length ? { files: run.files } : {}),
    ...extra,
  };
}

const TEAM_ID_IN_TEXT = /["']?team[_\s-]?id["']?\s*[:=]\s*["']?([A-Za-z0-9_-]{6,64})/i;

/** Home-team mode: the team the reply names (the frame's team_id, else a `team_id: …` in the text). */
export function followUpMessage(run: LiveRun, teamId: string | null, timestamp: string): ChatMessage | null {
  const id = teamId ?? TEAM_ID_IN_TEXT.exec(run.text)?.[1] ?? null;
  if (!run.homeTeam || !id) return null;
  return { id: `followup-${run.runId}`, content: `${FOLLOW_UP_PREFIX}${id}`, sender: 'team', timestamp };
}
