// The node parameters the reply and the structure checks read back, as n8n's workflow JSON spells them; every field is
// optional because a node carries only its own.
import type { N8nNode } from './n8nJson.ts';

export interface ReadParameters {
  httpMethod?: string;
  path?: string;
  method?: string;
  url?: string;
  resource?: string;
  operation?: string;
  toEmail?: unknown;
  events?: unknown;
  batchSize?: number;
  amount?: number;
  unit?: string;
  resume?: string;
  channelId?: { value?: string };
  formFields?: { values?: Array<{ fieldLabel: string }> };
  rules?: { values?: Array<{ outputKey: string }> };
  categories?: { categories?: Array<{ category: string }> };
  assignments?: { assignments?: Array<{ name: string }> };
  attributes?: { attributes?: Array<{ name: string }> };
  options?: { fallback?: string; fallbackOutput?: string };
}

export const readParameters = (node: Pick<N8nNode, 'parameters'>): ReadParameters => node.parameters as ReadParameters;
