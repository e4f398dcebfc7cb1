// Keeps the team reply of a run in the session as it grows, so a dropped connection loses nothing already produced.
import type { AppContext } from '../context.ts';
import type { MemberResponse, ReplyFile, ReplyWorkflow, TeamContext, ToolCall } from '../../../contract/types.ts';
import { updateMessage, updateTeamContext, type RunStatus } from '../teams/sessions.ts';

/** Text is written at most this often; tool calls and member responses are written at once. */
const TEXT_FLUSH_MS = 250;
const MAX_INTERACTIONS = 20;
/** A third of the lease: a running reply is touched this often even when nothing happens (its instance's lease). */
const heartbeatMs = (ctx: AppContext) => Math.floor((ctx.config.RUN_LEASE_SECONDS * 1000) / 3);

export class ReplyRecorder {
  content = '';
  readonly tools: ToolCall[] = [];
  readonly members: MemberResponse[] = [];
  /** Files the team saved, attached to the reply (stored as its file_ids). */
  readonly files: ReplyFile[] = [];
  private readonly interactions: NonNullable<TeamContext['member_interactions']> = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private dirty = false;
  private failure: unknown = null;
  private status: RunStatus | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  built: ReplyWorkflow | null = null;
  private builtSpec: unknown = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly messageId: string,
  ) {
    this.heartbeat = setInterval(() => this.flush(), heartbeatMs(ctx));
    this.heartbeat.unref();
  }

  /** Whether the run produced anything: text, a tool call or a member response. */
  get produced(): boolean {
    return this.content !== '' || this.tools.length > 0 || this.members.length > 0;
  }

  text(delta: string): void {
    this.content += delta;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush();
    }, TEXT_FLUSH_MS);
  }

  tool(call: ToolCall): void {
    const at = this.tools.findIndex((t) => t.tool_call_id === call.tool_call_id);
    if (at >= 0) this.tools[at] = call;
    else this.tools.push(call);
    this.flush();
  }

  /** The workflow the run built: stored at once with the reply (and what it was read as, for follow-ups). */
  workflow(workflow: ReplyWorkflow, spec: unknown): void {
    this.built = workflow;
    this.builtSpec = spec;
    this.flush();
  }

  file(file: ReplyFile): void {
    if (this.files.some((f) => f.file_id === file.file_id)) return;
    this.files.push(file);
    this.flush();
  }

  member(response: MemberResponse, task: string): void {
    this.members.push(response);
    this.interactions.push({ member_name: response.member_name ?? 'Team Member', task, response: response.content });
    this.flush();
  }

  /**
   * At most one write in flight: changes made meanwhile are written together right after it, so a fast run
   * costs a few writes instead of one per event, and writes never race each other.
   */
  private flush(): void {
    this.dirty = true;
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      const patch = {
        content: this.content,
        toolCalls: [...this.tools],
        memberResponses: [...this.members],
        runStatus: this.status,
        ...(this.built ? { workflow: this.built, workflowSpec: this.builtSpec } : {}),
        ...(this.files.length ? { fileIds: this.files.map((f) => f.file_id) } : {}),
      };
      try {
        await updateMessage(this.ctx, this.messageId, patch);
      } catch (error) {
        this.failure ??= error;
      }
    }
    this.writing = null;
  }

  /** The last write with the run's final status, plus the member interactions added to the session's team context. */
  async finish(sessionId: string, previous: TeamContext | undefined, status: RunStatus = 'completed'): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.status = status;
    this.flush();
    await this.writing;
    if (this.interactions.length) {
      const earlier = previous?.member_interactions ?? [];
      const member_interactions = [...earlier, ...this.interactions].slice(-MAX_INTERACTIONS);
      await updateTeamContext(this.ctx, sessionId, { ...previous, member_interactions });
    }
    if (this.failure) throw this.failure;
  }
}
