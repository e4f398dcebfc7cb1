import { splitBlocks } from '../../../src/features/chat/streamBlocks';

const texts = (text: string, final = false) => splitBlocks(text, final).map((block) => block.text);

describe('reply Markdown blocks', () => {
  it('splits paragraphs at blank lines and keeps the growing last block whole', () => {
    expect(texts('First para\nsame para\n\nSecond\n\n\nThird, still strea')).toEqual([
      'First para\nsame para',
      'Second',
      'Third, still strea',
    ]);
  });

  it('keys each block by where it starts, so a block keeps its key while the text after it grows', () => {
    const early = splitBlocks('One\n\nTw');
    const later = splitBlocks('One\n\nTwo\n\nThree');
    expect(early.map((b) => b.key)).toEqual([0, 5]);
    expect(later.map((b) => b.key)).toEqual([0, 5, 10]);
    expect(later[1]).toEqual({ key: 5, text: 'Two' });
  });

  it('never splits inside a code fence, closed or still open', () => {
    const code = '```js\nconst a = 1;\n\nconst b = 2;\n```';
    expect(texts(`Intro\n\n${code}\n\nAfter`)).toEqual(['Intro', code, 'After']);
    expect(texts('Intro\n\n~~~\nopen\n\nstill code')).toEqual(['Intro', '~~~\nopen\n\nstill code']);
  });

  it('closes a fence only with the same character at least as many times', () => {
    const code = '````\n```\n\n~~~\n\n````';
    expect(texts(`${code}\n\nAfter`)).toEqual([code, 'After']);
  });

  it('keeps list items and indented lines after a blank line with the block before them (a loose list stays one list)', () => {
    expect(texts('Steps:\n\n- fetch\n\n- post\n\n  to Slack\n\n1. one\n\n2. two\n\nDone')).toEqual([
      'Steps:\n\n- fetch\n\n- post\n\n  to Slack\n\n1. one\n\n2. two',
      'Done',
    ]);
    expect(texts('Code:\n\n    indented\n\n    more')).toEqual(['Code:\n\n    indented\n\n    more']);
  });

  it('gives a finished reply with reference links, footnotes or HTML blocks as one block', () => {
    const references = 'See [the docs][d].\n\nMore text.\n\n[d]: https://docs.n8n.io';
    expect(texts(references)).toHaveLength(3);
    expect(splitBlocks(references, true)).toEqual([{ key: 0, text: references }]);
    expect(texts('Note[^1].\n\n[^1]: A footnote.', true)).toHaveLength(1);
    expect(texts('<!--\n\nhidden\n\n-->\n\nShown', true)).toHaveLength(1);
    expect(texts('Plain\n\nreply', true)).toEqual(['Plain', 'reply']);
  });

  it('gives nothing for empty or blank text', () => {
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks('\n\n  \n')).toEqual([]);
    expect(splitBlocks('', true)).toEqual([]);
  });
});
