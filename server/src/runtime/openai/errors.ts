// Maps model-provider failures to frames whose text the client recognises (SPEC §8: rate limit, connection, model).
import OpenAI from 'openai';
import { ProviderError } from '../types.ts';

/** Null for an abort (the client left): that is not a failure to report. */
export function providerError(error: unknown, model: string): ProviderError | null {
  if (error instanceof OpenAI.APIUserAbortError) return null;
  if (error instanceof OpenAI.APIConnectionError) {
    return new ProviderError('connection_error', 'Connection to the AI provider failed (network error or timeout).');
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new ProviderError('rate_limited', 'The AI provider reports a rate limit or quota exceeded (HTTP 429).');
  }
  if (error instanceof OpenAI.NotFoundError) {
    return new ProviderError('model_not_found', `Model not found: "${model}" is not available at the AI provider.`);
  }
  if (error instanceof OpenAI.AuthenticationError) {
    return new ProviderError('provider_error', 'The AI provider rejected the API key (HTTP 401).');
  }
  if (error instanceof OpenAI.APIError) {
    return new ProviderError(
      'provider_error',
      `The AI provider returned an error${error.status ? ` (HTTP ${error.status})` : ''}.`,
    );
  }
  if (error instanceof OpenAI.OpenAIError) {
    return new ProviderError('provider_error', 'The AI provider sent a response that could not be read.');
  }
  return null;
}
