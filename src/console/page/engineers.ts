/**
 * A closed "for engineers" part (codes, attempts, commands), as html.ts renders it on the server:
 * what an operator reads by default speaks of the page, never of the terminal.
 */
import { T } from './context.ts';
import { el } from './dom.ts';

export function forEngineers(...parts: Node[]): HTMLDetailsElement {
  const details = el('details', null, { class: 'engineers' });
  details.append(el('summary', T.for_engineers), ...parts);
  return details;
}
