// Multipart upload over XMLHttpRequest, because fetch reports no upload progress and the chat shows it per file.
import { readToken } from './token';

export interface UploadResult<T> {
  status: number;
  body: T | { detail?: unknown; message?: unknown } | null;
}

export interface UploadRequest {
  url: string;
  field: string;
  file: Blob & { name?: string };
  /** Called with 0–100 as bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Resolves with the HTTP status and parsed JSON body; rejects only when the request could not be made. */
export function uploadFile<T>({ url, field, file, onProgress, signal }: UploadRequest): Promise<UploadResult<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) as UploadResult<T>['body'] });
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(field, file, file.name ?? 'file');
    xhr.send(form);
  });
}
