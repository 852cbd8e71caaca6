/** Text put into the page's HTML: every character that could start markup, as a character reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
