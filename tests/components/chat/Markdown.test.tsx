import { render, screen } from '@testing-library/react';
import { MarkdownContent, safeHref } from '../../../src/features/chat/components/MarkdownContent';

describe('reply Markdown', () => {
  it('renders GitHub-flavoured Markdown with highlighted code', () => {
    const { container } = render(
      <MarkdownContent text={'| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```'} />,
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(container.querySelector('code.hljs')).not.toBeNull();
  });

  it('never renders raw HTML', () => {
    const { container } = render(
      <MarkdownContent text={'<img src=x onerror="alert(1)"><script>alert(2)</script>hello'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('opens http(s) and mailto links in a new tab without the opener, and drops other addresses', () => {
    render(
      <MarkdownContent
        text={'[site](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1)) [rel](/profile)'}
      />,
    );
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('href', 'https://example.com');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@b.c');
    expect(screen.queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'rel' })).not.toBeInTheDocument();
    expect(safeHref(' HTTP://x.y ')).toBe('HTTP://x.y');
  });
});
