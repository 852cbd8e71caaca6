/**
 * The operator's guide as HTML: the little markdown its pages use (headings, paragraphs, lists,
 * pictures, **bold**), nothing more. The guide is our own text, but every character is escaped all
 * the same, and a picture may only be one of the guide's own (img/<name>.png).
 */
import { escapeHtml } from './html.ts';

/** A picture's address in the guide's text, and where the console serves it. */
const PICTURE = /^!\[([^\]]*)\]\(img\/([a-z0-9-]+\.png)\)$/;
export const GUIDE_IMG_PATH = '/guide/img';

function inline(text: string): string {
  return escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
}

export function guideHtml(markdown: string): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = (): void => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    if (list.length) out.push(`<ul>${list.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    paragraph = [];
    list = [];
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3}) (.+)$/.exec(line);
    const picture = PICTURE.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      const level = heading[1]!.length;
      out.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
    } else if (picture) {
      flush();
      out.push(`<p><img src="${GUIDE_IMG_PATH}/${picture[2]!}" alt="${escapeHtml(picture[1]!)}"></p>`);
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      list.push(line.slice(2));
    } else if (list.length) list[list.length - 1] += ` ${line}`;
    else paragraph.push(line);
  }
  flush();
  return out.join('\n');
}
