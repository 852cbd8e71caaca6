/** The guide's little markdown: headings, paragraphs, lists, its own pictures, all text escaped. */
import { expect, it } from 'vitest';
import { guideHtml } from '../../src/console/guide-markdown.ts';

it('renders headings, paragraphs, lists with continued items, bold and the guide’s pictures', () => {
  const html = guideHtml(
    [
      '# Guide',
      '',
      'One line',
      'and the next.',
      '',
      '- **Send** it',
      '  when ready.',
      '- Or not.',
      '',
      '![The page](img/en-1-upload.png)',
    ].join('\n'),
  );
  expect(html.split('\n')).toEqual([
    '<h1>Guide</h1>',
    '<p>One line and the next.</p>',
    '<ul><li><strong>Send</strong> it when ready.</li><li>Or not.</li></ul>',
    '<p><img src="/guide/img/en-1-upload.png" alt="The page"></p>',
  ]);
});

it('escapes markup and leaves any other picture address as text', () => {
  const html = guideHtml('<script>x</script>\n\n![x](https://example.com/a.png)');
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<img');
  expect(html).toContain('&#60;script&#62;');
});
