/** Text put into the page's HTML: every character that could start markup, as a character reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Engineer details (settings' names, codes, commands) in a closed part of their own, so what an
 * operator reads by default speaks of the page, not of the terminal. `summary` and `inner` are HTML.
 */
export function forEngineers(summary: string, inner: string): string {
  return `<details class="engineers"><summary>${summary}</summary>${inner}</details>`;
}
