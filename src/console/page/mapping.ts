/**
 * The mapping step: for an upload with columns the aliases do not read, each column with a select
 * of what it holds (pre-filled) and its first rows; "Use this mapping" plans the upload again read
 * so, "Save for this store" keeps it for the next sheet with the same columns (mapping-api.ts).
 * The store's saved mappings are listed, each with its delete button.
 */
import { api } from './api.ts';
import { T } from './context.ts';
import { $, el, messageOf, pageLang, say } from './dom.ts';
import { on } from './events.ts';
import type { MappingProposal, UploadAnswer } from './types.ts';
import { showUpload } from './upload.ts';

let shown: { uploadId: string; name: string; proposal: MappingProposal } | null = null;

function fieldSelect(proposal: MappingProposal, header: string, field: string | null): HTMLSelectElement {
  const select = el('select', null, { 'aria-label': header, 'data-header': header });
  select.append(el('option', T.field_none, { value: '' }));
  const ar = pageLang() === 'ar';
  for (const choice of proposal.fields) {
    const option = el('option', ar ? choice.ar : choice.en, { value: choice.field });
    if (choice.field === field) option.selected = true;
    select.append(option);
  }
  return select;
}

function showMapping(answer: UploadAnswer): void {
  say('mapping-used', answer.mappingUsed ? `${T.mapping_used}: ${answer.mappingUsed}` : '');
  say('mapping-error', '');
  say('mapping-status', '');
  const proposal = answer.mapping ?? null;
  shown = proposal ? { uploadId: answer.uploadId, name: answer.name, proposal } : null;
  $('mapping').hidden = proposal === null;
  if (!proposal) return;
  const rows = $('mapping-rows');
  rows.replaceChildren();
  proposal.headers.forEach(({ header, field }, i) => {
    const tr = el('tr');
    const cell = el('td');
    cell.append(fieldSelect(proposal, header, field));
    // Each value isolated: in an Arabic page "10 · 20" would read right to left as "20 · 10".
    const examples = el('td');
    proposal.rows
      .map((row) => row[i] ?? '')
      .filter((text) => text !== '')
      .forEach((text, n) => examples.append(...(n > 0 ? [' · '] : []), el('bdi', text)));
    tr.append(el('th', header, { scope: 'row' }), cell, examples);
    rows.append(tr);
  });
  $<HTMLInputElement>('mapping-name').value = answer.name.replace(/\.[^.]+$/, '').slice(0, 80);
}

function chosenColumns(): Record<string, string | null> {
  const columns: Record<string, string | null> = {};
  for (const select of $('mapping-rows').querySelectorAll('select')) {
    columns[select.dataset.header ?? ''] = select.value === '' ? null : select.value;
  }
  return columns;
}

async function sendMapping(save: boolean): Promise<void> {
  if (!shown) return;
  const name = $<HTMLInputElement>('mapping-name').value.trim();
  say('mapping-error', '');
  try {
    const answer = await api(
      'POST /api/uploads/:id/mapping',
      { id: shown.uploadId },
      { body: { columns: chosenColumns(), lang: pageLang(), ...(save && name !== '' ? { save: name } : {}) } },
    );
    showUpload(answer);
    if (save) {
      say('mapping-status', T.mapping_saved);
      await loadSaved();
    }
  } catch (error) {
    say('mapping-error', `${T.error}: ${messageOf(error)}`);
  }
}

async function loadSaved(): Promise<void> {
  const { mappings } = await api('GET /api/mappings', {});
  const list = $('saved-mapping-list');
  list.replaceChildren();
  for (const mapping of mappings) {
    const item = el('li');
    const remove = el('button', T.mapping_delete, { type: 'button', 'data-mapping': mapping.name });
    remove.addEventListener('click', () => {
      void api('DELETE /api/mappings/:name', { name: mapping.name }).then(loadSaved);
    });
    item.append(el('bdi', mapping.name), ' ', remove);
    list.append(item);
  }
  say('saved-none', mappings.length === 0 ? T.saved_none : '');
}

export function startMapping(): void {
  on('sheet-uploaded', showMapping);
  $('mapping-use').addEventListener('click', () => void sendMapping(false));
  $('mapping-save').addEventListener('click', () => void sendMapping(true));
  void loadSaved();
}
