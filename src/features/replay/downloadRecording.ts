// "Download recording" and the support snapshot: JSON files saved through the browser.
import { saveBlob } from '../../services/saveBlob';
import type { StreamRecording } from './recording';

function recordingFileName(recording: StreamRecording): string {
  return `stream-recording-${recording.startedAt.replace(/[:.]/g, '-')}.json`;
}

export function downloadRecording(recording: StreamRecording, fileName = recordingFileName(recording)): void {
  downloadJson(recording, fileName);
}

/** Saves any JSON value as a file through the browser. */
export function downloadJson(value: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}
