import { extractVncUrl, latestVncUrl } from '../../../src/features/computer/vncUrl';

describe("Agent's Computer address (SPEC §4)", () => {
  it('reads vnc_url from JSON output and appends view_only=true', () => {
    expect(extractVncUrl('{"status":"ready","vnc_url":"https://desk.example/vnc.html?autoconnect=1"}')).toBe(
      'https://desk.example/vnc.html?autoconnect=1&view_only=true',
    );
  });

  it('reads vnc_url from JSON followed by Markdown, nested one level down', () => {
    expect(extractVncUrl('{"computer":{"vnc_url":"http://127.0.0.1:6080/vnc.html"}}\n\n## Desktop ready')).toBe(
      'http://127.0.0.1:6080/vnc.html?view_only=true',
    );
  });

  it('reads a Markdown link containing vnc.html', () => {
    expect(extractVncUrl('Watch here: [Live desktop](https://desk.example/novnc/vnc.html?path=ws) while I work.')).toBe(
      'https://desk.example/novnc/vnc.html?path=ws&view_only=true',
    );
  });

  it('leaves an address that already sets view_only as it is', () => {
    expect(extractVncUrl('{"vnc_url":"https://d.example/vnc.html?view_only=true"}')).toBe(
      'https://d.example/vnc.html?view_only=true',
    );
  });

  it.each([
    ['javascript: addresses', '{"vnc_url":"javascript:alert(1)//vnc.html"}'],
    ['data: addresses', '[desk](data:text/html,vnc.html)'],
    ['links that are not to vnc.html', '[docs](https://example.com/readme.html)'],
    ['plain text', 'no desktop here'],
    ['nothing', null],
  ])('accepts no address from %s', (_name, output) => {
    expect(extractVncUrl(output)).toBeNull();
  });

  it('takes the newest address among tools', () => {
    expect(
      latestVncUrl([
        { tool_call_id: '1', tool_name: 'a', tool_args: {}, result: '{"vnc_url":"https://old.example/vnc.html"}' },
        { tool_call_id: '2', tool_name: 'b', tool_args: {}, output: '[new](https://new.example/vnc.html)' },
        { tool_call_id: '3', tool_name: 'c', tool_args: {}, result: 'no link' },
      ]),
    ).toBe('https://new.example/vnc.html?view_only=true');
  });
});
