/** Small DOM helpers: every piece of data goes into the page as text, never as HTML. */

/** The element the server rendered with this id (pages.ts); its absence is a bug of the page. */
export function $<E extends HTMLElement = HTMLElement>(id: string): E {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node as E;
}

/** The element with this id, or null where the page leaves it out (the store dialog of one store). */
export function maybe<E extends HTMLElement = HTMLElement>(id: string): E | null {
  return document.getElementById(id) as E | null;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string | number | null,
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** Shows text and elements (a batch id kept left to right) in a status element; hides it when given none. */
export function sayParts(id: string, ...parts: (string | Node)[]): void {
  const box = $(id);
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

/** Shows a message in a status or alert element, or hides it when the message is empty. */
export function say(id: string, message: string): void {
  const box = $(id);
  box.textContent = message;
  box.hidden = message === '';
}

export function pageLang(): string {
  return document.documentElement.lang;
}

export function fmt(n: number): string {
  return new Intl.NumberFormat(pageLang()).format(n);
}

/** The page's own list separator: "created 2, failed 1" / "أُنشئ 2، وفشل 1". */
export function listText(parts: string[]): string {
  return new Intl.ListFormat(pageLang(), { style: 'short', type: 'unit' }).format(parts);
}

/** A number of seconds in the page's language ("12 sec", "١٢ ث"). */
export function seconds(n: number): string {
  return new Intl.NumberFormat(pageLang(), { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(n);
}

export function when(iso: string): string {
  return new Intl.DateTimeFormat(pageLang(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Text that reads left to right in Arabic too (batch ids, cron fields, values as typed). */
export function ltr(text: string): HTMLElement {
  return el('bdi', text, { dir: 'ltr' });
}

/**
 * A row message as nodes: each run of it without Arabic letters that holds a Latin letter or a
 * digit (a header, a value as typed, an example number) is isolated left to right. Without it an
 * Arabic message reorders them (`"sale_price: "3O`); the texts carry no direction marks of their
 * own, as they also go to CSV and Excel.
 */
export function messageNodes(text: string): (string | Node)[] {
  const nodes: (string | Node)[] = [];
  let at = 0;
  for (const run of text.matchAll(LTR_RUN)) {
    const start = run.index;
    if (start < at) continue;
    if (start > at) nodes.push(text.slice(at, start));
    const end = closedEnd(text, start, start + run[0].length);
    nodes.push(ltr(text.slice(start, end)));
    at = end;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/**
 * Where a run ends with the brackets it opened closed (`[AMBIGUOUS, 1 attempt]`): a closing
 * bracket left outside the run is set right to left, mirrored, and the codes read jumbled.
 */
function closedEnd(text: string, start: number, end: number): number {
  let at = end;
  for (const [open, close] of [
    ['[', ']'],
    ['(', ')'],
  ] as const) {
    const run = text.slice(start, at);
    let missing = run.split(open).length - run.split(close).length;
    while (missing > 0 && text[at] === close) {
      at += 1;
      missing -= 1;
    }
  }
  return at;
}

/**
 * From a Latin letter, digit or opening quote (or a dot before one: `.xlsx`) to the last such
 * character before any Arabic letter.
 */
const LTR_RUN =
  /(?:["'A-Za-z0-9_]|\.(?=[A-Za-z0-9]))(?:[^\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]*["'A-Za-z0-9_%])?/g;

/** A cell of text whose message is shown with its left-to-right runs kept in order. */
export function messageCell<K extends keyof HTMLElementTagNameMap>(tag: K, text: string): HTMLElementTagNameMap[K] {
  const node = el(tag);
  node.append(...messageNodes(text));
  return node;
}

/** The message of whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
