// Knowledge upload rules: .pdf and .txt only (any letter case) and the kb_{agent}_{timestamp} collection name.
export const KNOWLEDGE_TEXT = {
  unsupported: 'Only PDF and TXT files are supported',
  uploaded: 'Knowledge uploaded successfully!',
  failed: 'Failed to upload file',
} as const;

export function isSupportedKnowledgeFile(fileName: string): boolean {
  return /\.(pdf|txt)$/i.test(fileName);
}

/** SPEC §9: kb_{agent name with underscores}_{timestamp}. */
export function collectionName(agentName: string, now: number = Date.now()): string {
  return `kb_${agentName.trim().replace(/\s+/g, '_')}_${now}`;
}
