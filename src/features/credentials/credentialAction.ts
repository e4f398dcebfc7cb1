// The credential dialog's input (SPEC §3 "credential action"), built from a server's requirements and a saved credential.
import type { CredentialField, ServerRequirement, UserCredential } from '../../../contract/types';

export interface CredentialAction {
  serverId: string;
  serverName: string;
  description: string;
  requiredFields: CredentialField[];
  existingValues: Record<string, string>;
  credentialId?: string;
}

export function credentialAction(server: ServerRequirement, saved?: UserCredential): CredentialAction {
  return {
    serverId: server.id,
    serverName: server.name,
    description: server.description,
    requiredFields: server.credential_fields,
    // Token values come back masked, so they are not prefilled; the user retypes a secret to change it.
    existingValues: Object.fromEntries(
      server.credential_fields
        .filter((f) => f.type !== 'token' && saved?.configured_fields[f.key] !== undefined)
        .map((f) => [f.key, saved!.configured_fields[f.key]!]),
    ),
    credentialId: saved?.id,
  };
}
