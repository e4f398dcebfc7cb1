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
  mode?: string;
  channelId?: { value?: string };
  formFields?: { values?: Array<{ fieldLabel: string }> };
  rules?: { values?: Array<{ outputKey: string }> };
  categories?: { categories?: Array<{ category: string }> };
  assignments?: { assignments?: Array<{ name: string }> };
  attributes?: { attributes?: Array<{ name: string }> };
  mergeByFields?: { values?: Array<{ field1?: string }> };
  fieldsToSummarize?: { values?: Array<{ aggregation?: string; field?: string }> };
  fieldsToSplitBy?: string;
  options?: { fallback?: string; fallbackOutput?: string };
}

export const readParameters = (node: Pick<N8nNode, 'parameters'>): ReadParameters => node.parameters as ReadParameters;

/** How many main outputs a node has, from its type and parameters (its error output included). */
export function mainOutputs(node: Pick<N8nNode, 'type' | 'parameters' | 'onError'>): number {
  const p = readParameters(node);
  const short = node.type.split('.').pop() ?? '';
  const error = node.onError === 'continueErrorOutput' ? 1 : 0;
  switch (short) {
    case 'if':
    case 'splitInBatches':
      return 2;
    case 'switch':
      return (p.rules?.values?.length ?? 0) + (p.options?.fallbackOutput === 'extra' ? 1 : 0);
    case 'textClassifier':
      return (p.categories?.categories?.length ?? 0) + (p.options?.fallback === 'other' ? 1 : 0);
    // One output per sentiment category ("Positive, Neutral, Negative" unless set).
    case 'sentimentAnalysis': {
      const categories = (p.options as { categories?: unknown } | undefined)?.categories;
      return (typeof categories === 'string' ? categories : 'Positive, Neutral, Negative').split(',').length;
    }
    // In A only, Same, Different, In B only.
    case 'compareDatasets':
      return 4;
    default:
      return 1 + error;
  }
}
