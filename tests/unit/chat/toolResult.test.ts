import { parseToolResult } from '../../../src/features/chat/toolResult';

describe('tool results (SPEC §8)', () => {
  it('splits JSON followed by Markdown', () => {
    expect(parseToolResult('{"nodes": 3, "name": "Daily {digest}"}\n\n## Workflow\nImported **3** nodes.')).toEqual({
      kind: 'json',
      data: { nodes: 3, name: 'Daily {digest}' },
      markdown: '## Workflow\nImported **3** nodes.',
    });
  });

  it('reads a JSON array with nothing after it', () => {
    expect(parseToolResult('[1, 2]')).toEqual({ kind: 'json', data: [1, 2], markdown: '' });
  });

  it('reads "Step N" blocks with Title, Reasoning, Action and Confidence', () => {
    const text = [
      'Thinking it through:',
      'Step 1: Understand',
      'Title: Read the request',
      'Reasoning: The user wants a daily Slack digest',
      'of new rows.',
      'Action: Plan the trigger',
      'Confidence: 0.9',
      '',
      '**Step 2**',
      '**Title:** Build nodes',
      '- **Reasoning**: Sheets then Slack',
      'Action: Create the workflow',
      'Confidence: High',
    ].join('\n');
    expect(parseToolResult(text)).toEqual({
      kind: 'steps',
      intro: 'Thinking it through:',
      steps: [
        {
          number: 1,
          title: 'Read the request',
          reasoning: 'The user wants a daily Slack digest\nof new rows.',
          action: 'Plan the trigger',
          confidence: '0.9',
        },
        {
          number: 2,
          title: 'Build nodes',
          reasoning: 'Sheets then Slack',
          action: 'Create the workflow',
          confidence: 'High',
        },
      ],
    });
  });

  it('keeps anything else as text, including broken JSON', () => {
    expect(parseToolResult('{"unterminated": ')).toEqual({ kind: 'text', text: '{"unterminated":' });
    expect(parseToolResult(null)).toEqual({ kind: 'text', text: '' });
  });
});
