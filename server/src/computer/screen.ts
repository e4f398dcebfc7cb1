// What viewers of one run's browser see: the last frame, the real address and title, and whether it is live. Kept
// after the browser closes, so a finished run still shows its last screen.

export interface ScreenFrame {
  /** Base64 JPEG. */
  data: string;
  url: string;
  title: string;
  /** Epoch ms when the browser produced it. */
  at: number;
}

/** waiting: the run has not opened its browser (yet); live: it is open; finished: it closed. */
export type ScreenState = 'waiting' | 'live' | 'finished';

export type ScreenEvent =
  { type: 'frame'; frame: ScreenFrame } | { type: 'state'; state: ScreenState; url: string; title: string };

export class Screen {
  last: ScreenFrame | null = null;
  state: ScreenState = 'waiting';
  url = '';
  title = '';
  /** When anything last happened: finished screens are forgotten a while after it. */
  changedAt = Date.now();
  private readonly listeners = new Set<(event: ScreenEvent) => void>();

  constructor(readonly ownerId: string) {}

  get viewers(): number {
    return this.listeners.size;
  }

  subscribe(listener: (event: ScreenEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  frame(data: string, at = Date.now()): void {
    this.last = { data, url: this.url, title: this.title, at };
    this.changedAt = at;
    this.emit({ type: 'frame', frame: this.last });
  }

  /** A new address or title, or a new state: sent at once (the next frame carries them too). */
  update(change: { url?: string; title?: string; state?: ScreenState }): void {
    const next = { url: change.url ?? this.url, title: change.title ?? this.title, state: change.state ?? this.state };
    if (next.url === this.url && next.title === this.title && next.state === this.state) return;
    Object.assign(this, next);
    this.changedAt = Date.now();
    this.emit({ type: 'state', ...next });
  }

  private emit(event: ScreenEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
