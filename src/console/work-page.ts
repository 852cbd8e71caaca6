/**
 * The pages' parts, as HTML the server renders (the script, page/*.ts, fills them): on the home
 * page (pages.ts) the sheet, what it would do and change, a held sheet's question, the past
 * batches; on a batch's page (batch-page.ts) the batch, the rows that need attention and the grid
 * that fixes them. Every label in the page's language (src/messages/console.ts).
 */
import { batchNotifications } from './notify-page.ts';
import { syncStore, type PageStore } from './store-page.ts';
import type { Texts } from '../messages/console.ts';

type Html = (key: keyof Texts) => string;

function head(h: Html, keys: (keyof Texts)[]): string {
  return `<thead><tr>${keys.map((k) => `<th scope="col">${h(k)}</th>`).join('')}</tr></thead>`;
}

export function uploadSection(h: Html): string {
  return `<section aria-labelledby="upload-heading"><h2 id="upload-heading">${h('upload_heading')}</h2>
<div id="drop-zone"><p>${h('upload_hint')}</p>
<label class="button" for="file">${h('choose_file')}</label>
<input id="file" name="file" type="file" accept=".csv,.xlsx,.tsv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
<p class="absent"><label for="absent-status">${h('absent_label')}</label> <input id="absent-status" name="absentStatus" type="number" min="0" step="1" inputmode="numeric" aria-describedby="absent-hint"> <small id="absent-hint">${h('absent_hint')}</small></p>
<p id="upload-status" role="status" hidden></p><p id="upload-error" class="error" role="alert" hidden></p></div></section>`;
}

/**
 * The mapping step, shown when an upload has columns the aliases do not read (page/mapping.ts):
 * each column with a field to choose and its first rows; and the store's saved mappings.
 */
export function mappingSection(h: Html): string {
  return `<section id="mapping" aria-labelledby="mapping-heading" hidden><h2 id="mapping-heading">${h('mapping_heading')}</h2>
<p class="hint">${h('mapping_hint')}</p>
<div class="scroll"><table aria-labelledby="mapping-heading">${head(h, ['col_header', 'col_holds', 'col_first_rows'])}
<tbody id="mapping-rows"></tbody></table></div>
<div class="actions"><button id="mapping-use" type="button" class="primary">${h('mapping_use')}</button>
<label>${h('mapping_name')} <input id="mapping-name" type="text" maxlength="80"></label>
<button id="mapping-save" type="button">${h('mapping_save')}</button></div>
<p id="mapping-error" class="error" role="alert" hidden></p></section>
<p id="mapping-used" role="status" hidden></p><p id="mapping-status" role="status" hidden></p>
<details id="saved-mappings"><summary>${h('saved_mappings')}</summary><ul id="saved-mapping-list"></ul><p id="saved-none" hidden></p></details>`;
}

/** Step 2: validate's summary, what a sync would change, the question of a held sheet, the buttons. */
export function previewSection(h: Html, store: PageStore | null): string {
  return `<section id="preview" aria-labelledby="preview-heading" hidden><h2 id="preview-heading">${h('preview_heading')}: <bdi id="preview-name"></bdi></h2>
<dl id="preview-counts" class="counts"></dl>
<div id="names-read" hidden><p>${h('names_read')}</p><ul id="names-read-list"></ul></div>
<p id="no-problems" hidden></p>
<div id="problems" class="scroll" hidden><table><caption>${h('problems_heading')}</caption>
${head(h, ['col_row', 'col_column', 'col_message', 'col_suggestion'])}
<tbody id="problem-rows"></tbody></table></div>
<div id="warnings" class="scroll" hidden><table><caption>${h('warnings_heading')}</caption>
${head(h, ['col_row', 'col_column', 'col_message', 'col_suggestion'])}
<tbody id="warning-rows"></tbody></table></div><p id="left-out" hidden></p>
<div id="changes" hidden><h3 id="changes-heading">${h('changes_heading')}</h3><p class="hint">${h('changes_hint')}</p>
<p id="changes-status" role="status"></p>
<div class="scroll"><table aria-labelledby="changes-heading">${head(h, ['col_row', 'col_action', 'col_changes'])}
<tbody id="change-rows"></tbody></table></div><button id="changes-more" type="button" hidden>${h('show_more')}</button></div>
<p id="changes-error" class="error" role="alert" hidden></p>
<div class="actions"><button id="dry-run" type="button">${h('dry_run')}</button><button id="sync" type="button" class="primary"${store ? ' aria-describedby="sync-store"' : ''}>${h('sync')}</button>${store ? syncStore(store, h) : ''}</div>
<p id="send-error" class="error" role="alert" hidden></p></section>
${guardBox(h)}`;
}

/** A held sheet (or fix): why, the rows, and the one button that sends it anyway. */
export function guardBox(h: Html): string {
  return `<section id="guard" class="guard" aria-labelledby="guard-heading" hidden>
<h2 id="guard-heading" tabindex="-1">${h('guard_heading')}</h2><p>${h('guard_hint')}</p>
<ul id="guard-reasons"></ul>
<div class="scroll"><table id="guard-table" aria-labelledby="guard-heading">${head(h, ['col_row', 'col_field', 'col_before', 'col_after', 'col_drop'])}
<tbody id="guard-rows"></tbody></table></div>
<div class="actions"><button id="guard-cancel" type="button">${h('cancel')}</button><button id="guard-confirm" type="button" class="primary">${h('guard_confirm')}</button></div></section>`;
}

export function batchSection(h: Html): string {
  return `<section id="batch" aria-labelledby="batch-heading" hidden><h2 id="batch-heading">${h('batch_page_heading')} <bdi id="batch-id" dir="ltr"></bdi>: <span id="batch-status"></span></h2>
<progress id="bar" max="1"></progress>
<p id="progress-text" aria-live="polite"><span id="done-text"></span> <span id="pace"></span> <span id="eta"></span></p>
<div aria-live="polite"><dl id="batch-counts" class="counts"></dl><p id="batch-note" hidden></p></div><p id="batch-error" class="error" role="alert" hidden></p>
<div id="downloads" hidden><h3>${h('downloads')}</h3><ul id="download-links" class="inline"></ul></div>
${batchNotifications(h)}
<button id="rerun" type="button" hidden>${h('rerun_failed')}</button><p id="rerun-note" role="status" hidden></p>
${undoBox(h)}</section>`;
}

/** The batch's undo: what it would put back, previewed, then sent on the person's word. */
function undoBox(h: Html): string {
  return `<button id="undo" type="button" hidden>${h('undo_button')}</button>
<div id="undo-box" hidden><h3 id="undo-heading">${h('undo_heading')}</h3><p class="hint">${h('undo_hint')}</p>
<p id="undo-status" role="status" aria-live="polite" hidden></p><p id="undo-error" class="error" role="alert" hidden></p>
<div id="undo-table" class="scroll" hidden><table aria-labelledby="undo-heading"><thead><tr><th scope="col" id="undo-product-head">${h('col_product')}</th><th scope="col">${h('col_changes')}</th></tr></thead>
<tbody id="undo-rows"></tbody></table></div>
<div id="undo-left-box" hidden><h4>${h('undo_left')}</h4><ul id="undo-left"></ul></div>
<div class="actions"><button id="undo-send" type="button" class="primary" hidden>${h('undo_send')}</button></div></div>`;
}

/** The rows that need attention, with what to do next, and the grid that fixes them. */
export function attentionSections(h: Html): string {
  return `<section id="reasons" aria-labelledby="reasons-heading" hidden><h2 id="reasons-heading">${h('reasons_heading')}</h2>
<p id="reasons-status" role="status" aria-live="polite"></p><p id="reasons-error" class="error" role="alert" hidden></p>
<div class="scroll"><table aria-labelledby="reasons-heading">${head(h, ['col_row', 'col_outcome', 'col_column', 'col_message', 'col_next_step'])}
<tbody id="reason-rows"></tbody></table></div><button id="reasons-more" type="button" hidden>${h('show_more')}</button>
${reconcileBox(h)}</section>
<section id="fix" aria-labelledby="fix-heading" hidden><h2 id="fix-heading">${h('fix_heading')}</h2>
<p id="fix-hint" class="hint">${h('fix_hint')}</p>
<div class="scroll"><table id="fix-grid" class="grid" aria-labelledby="fix-heading" aria-describedby="fix-hint"><thead><tr id="fix-head"></tr></thead>
<tbody id="fix-rows"></tbody></table></div>
<p id="fix-status" role="status" aria-live="polite"></p><p id="fix-error" class="error" role="alert" hidden></p>
<div class="actions"><button id="fix-send" type="button" class="primary">${h('fix_send')}</button></div></section>`;
}

/** The unknown creates, checked with the store (a dry run of reconcile), then recorded on confirmation. */
function reconcileBox(h: Html): string {
  return `<div id="reconcile" hidden><h3 id="reconcile-heading">${h('reconcile_heading')}</h3><p class="hint">${h('reconcile_hint')}</p>
<div class="actions"><button id="reconcile-check" type="button">${h('reconcile_check')}</button></div>
<p id="reconcile-status" role="status" aria-live="polite" hidden></p><p id="reconcile-error" class="error" role="alert" hidden></p>
<div id="reconcile-result" hidden><div class="scroll"><table aria-labelledby="reconcile-heading">${head(h, ['col_row', 'col_category', 'col_becomes', 'col_why'])}
<tbody id="reconcile-rows"></tbody></table></div><ul id="reconcile-warnings"></ul>
<div class="actions"><button id="reconcile-apply" type="button" class="primary" hidden>${h('reconcile_apply')}</button></div></div></div>`;
}

export function pastSection(h: Html): string {
  return `<section aria-labelledby="past-heading"><h2 id="past-heading">${h('past_heading')}</h2>
<div class="scroll"><table>${head(h, ['col_batch', 'col_status', 'col_source', 'col_store', 'col_counts', 'col_files'])}
<tbody id="past-rows"></tbody></table></div><p id="past-none" hidden></p></section>`;
}
