import { splitBlocks } from '../../../src/features/chat/streamBlocks';

describe('streamed Markdown blocks', () => {
  it('splits paragraphs at blank lines and keeps the growing last block whole', () => {
    expect(splitBlocks('First para\nsame para\n\nSecond\n\n\nThird, still strea')).toEqual([
      'First para\nsame para',
      'Second',
      'Third, still strea',
    ]);
  });

  it('never splits inside a code fence, closed or still open', () => {
    const code = '```js\nconst a = 1;\n\nconst b = 2;\n```';
    expect(splitBlocks(`Intro\n\n${code}\n\nAfter`)).toEqual(['Intro', code, 'After']);
    expect(splitBlocks('Intro\n\n~~~\nopen\n\nstill code')).toEqual(['Intro', '~~~\nopen\n\nstill code']);
  });

  it('gives nothing for empty or blank text', () => {
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks('\n\n  \n')).toEqual([]);
  });
});
