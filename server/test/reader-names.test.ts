// The reader on app names as people type them: a brand misspelt by a letter, an English word near a brand (never
// the app), and a place data is kept named in lower case.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRequest } from '../src/workflows/intent/read.ts';
import { all, kinds } from './readerSteps.ts';

describe('the reader on names as people type them', () => {
  const named = (text: string) => {
    const spec = readRequest(text);
    return [
      ...(spec.trigger.kind === 'app' ? [spec.trigger.app] : []),
      ...all(spec).flatMap((s) => (s.kind === 'app' ? [s.app] : [])),
    ];
  };

  it('reads a brand misspelt by one letter as the app ("woocomerce", "hubspt")', () => {
    assert.ok(
      named('woocomerce: when an order status changes to refunded, add a row to Airtable').includes('wooCommerce'),
    );
    assert.ok(named('Every week find duplicate contacts in hubspt and post a count to Slack.').includes('hubspot'));
  });

  it('does not read an English word near a brand as the app ("conference" is not Confluence)', () => {
    assert.deepEqual(named('Every Monday post the conference schedule for the whole nation to our Slack channel.'), [
      'slack',
    ]);
  });

  it('reads the place data is kept, said in lower case, as its default app ("from the gradebook spreadsheet")', () => {
    const spec = readRequest(
      "Every Friday email each parent their child's grades for the week from the gradebook spreadsheet.",
    );
    assert.deepEqual(kinds(spec.steps), ['googleSheets:read', 'emailSend:send']);
  });
});
