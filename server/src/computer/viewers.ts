// Fans one browser's screen out to its viewers: at most `fps` frames a second each, and a frame is dropped (the
// newest replaces it) while a viewer's socket still holds unsent data, so a phone on a slow link stays current.

/** The part of a `ws` WebSocket a viewer needs. */
export interface ViewerSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;
/** A viewer whose socket holds more than this unsent gets no new frame until it drains. */
const MAX_BUFFERED_BYTES = 256 * 1024;
const RETRY_MS = 50;

export class Viewer {
  private pending: string | null = null;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Frames replaced before they could be sent (for the bench and tests). */
  dropped = 0;
  sent = 0;

  constructor(
    private readonly socket: ViewerSocket,
    private readonly minIntervalMs: number,
  ) {}

  /** A frame: sent now if this viewer may take one, else kept as the next one to send. */
  frame(message: string): void {
    if (this.pending !== null) this.dropped += 1;
    this.pending = message;
    this.pump();
  }

  /** A state change (live, finished): never dropped, sent after the frame it follows. */
  notice(message: string): void {
    this.flushPending();
    this.send(message);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private pump(): void {
    if (this.timer || this.pending === null || this.socket.readyState !== OPEN) return;
    const wait = this.lastSentAt + this.minIntervalMs - Date.now();
    if (wait > 0 || this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.timer = setTimeout(
        () => {
          this.timer = null;
          this.pump();
        },
        Math.max(wait, RETRY_MS),
      );
      this.timer.unref();
      return;
    }
    this.flushPending();
  }

  private flushPending(): void {
    if (this.pending === null) return;
    const message = this.pending;
    this.pending = null;
    this.lastSentAt = Date.now();
    this.sent += 1;
    this.send(message);
  }

  private send(message: string): void {
    if (this.socket.readyState === OPEN) this.socket.send(message);
  }
}
