// A chat file (one the team saved in a run) fetched with the user's token and saved through the browser: the
// server gives it to its owner only, so a plain link, which carries no token, cannot download it.
import { API_BASE_URL } from '../config/env';
import { saveBlob } from './saveBlob';
import { readToken } from './token';

export async function downloadChatFile(fileId: string, fileName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(`${API_BASE_URL}/files/${encodeURIComponent(fileId)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  saveBlob(await response.blob(), fileName);
}
