// Identifiers: UUIDs for most rows, 24-hex ids for teams (the shape of the configured team id).
import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();
export const newTeamId = (): string => randomBytes(12).toString('hex');
