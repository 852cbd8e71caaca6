/**
 * The page's one script, sent inline (no build step): it calls the same API a script would, and
 * builds every piece of data into the page with textContent, never as HTML.
 */
export const PAGE_SCRIPT = String.raw`
'use strict';
const T = JSON.parse(document.getElementById('texts').textContent);
// With a stores file, the store this page acts on (store-page.ts); null for a console of one store.
const STORE = JSON.parse(document.getElementById('store').textContent);
const $ = (id) => document.getElementById(id);
const OUTCOMES = ['created', 'updated', 'status_changed', 'unchanged', 'skipped', 'invalid', 'failed', 'unknown'];
const FILES = ['results.xlsx', 'results.csv', 'failed.csv', 'summary.json'];
let upload = null;

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}
function fmt(n) { return new Intl.NumberFormat(document.documentElement.lang).format(n); }
// The page's own list separator: "created 2, failed 1" / "أُنشئ 2، وفشل 1".
function countsText(counts) {
  const parts = counts ? OUTCOMES.filter((o) => counts[o] > 0).map((o) => T[o] + ' ' + fmt(counts[o])) : [];
  return new Intl.ListFormat(document.documentElement.lang, { style: 'short', type: 'unit' }).format(parts);
}
function say(target, message) { const box = $(target); box.textContent = message; box.hidden = !message; }
// Every API path names the page's store when there are several: /api/x -> /api/stores/<id>/x.
function scoped(path) { return STORE ? path.replace(/^\/api\//, '/api/stores/' + encodeURIComponent(STORE.id) + '/') : path; }
async function api(method, path, body) {
  const init = { method, headers: { accept: 'application/json' } };
  if (body instanceof FormData) init.body = body;
  else if (body) { init.body = JSON.stringify(body); init.headers['content-type'] = 'application/json'; }
  const res = await fetch(scoped(path), init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || res.status + ' ' + res.statusText);
  return data;
}

async function sendFile(file) {
  if (!file) return;
  say('upload-error', '');
  $('preview').hidden = true;
  say('upload-status', T.checking);
  const form = new FormData();
  form.append('file', file);
  try {
    const answer = await api('POST', '/api/uploads', form);
    upload = { upload: answer.uploadId, name: answer.name };
    showPreview(answer);
  } catch (e) {
    say('upload-error', T.error + ': ' + e.message);
  } finally {
    say('upload-status', '');
    $('file').value = '';
  }
}

function suggestionOf(message) {
  const m = /did you mean "([^"]+)"/i.exec(message);
  return m ? m[1] : '';
}

function showPreview(answer) {
  const counts = $('preview-counts');
  counts.replaceChildren();
  const rows = $('problem-rows');
  rows.replaceChildren();
  let problems = 0, leftOut = 0;
  for (const s of answer.sheets) {
    for (const [key, value] of [['rows', s.rows], ['creates', s.creates], ['updates', s.updates],
        ['status_changes', s.statusChanges], ['brand_updates', s.brandUpdates], ['invalid_rows', s.invalidRows]]) {
      if (key === 'brand_updates' && value === 0) continue;
      const item = el('div', null, { class: 'count' + (key === 'invalid_rows' && value > 0 ? ' bad' : '') });
      item.append(el('dt', T[key]), el('dd', fmt(value), { 'data-count': key }));
      counts.append(item);
    }
    for (const issue of [...s.headerIssues, ...s.issues]) {
      problems++;
      const tr = el('tr', null, { class: issue.severity });
      tr.append(el('td', issue.row), el('td', issue.column || ''), el('td', issue.message), el('td', suggestionOf(issue.message)));
      rows.append(tr);
    }
    leftOut += s.issuesLeftOut;
  }
  $('problems').hidden = problems === 0;
  say('no-problems', problems === 0 ? T.no_problems : '');
  say('left-out', leftOut > 0 ? fmt(leftOut) + ' ' + T.issues_left_out : '');
  $('preview-name').textContent = answer.name;
  $('preview').hidden = false;
  $('dry-run').focus();
}

// Before rows go to a store of many, the page names the store and asks (a dry run sends nothing).
function confirmSend(what) {
  const dialog = $('confirm-send');
  if (!dialog) return Promise.resolve(true);
  $('confirm-what').textContent = what;
  dialog.returnValue = '';
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'send'), { once: true });
    dialog.showModal();
  });
}

async function startBatch(dryRun) {
  if (!upload) return;
  if (!dryRun && !(await confirmSend(upload.name))) return;
  say('batch-error', '');
  try {
    const { batchId } = await api('POST', '/api/batches', { ...upload, dryRun: String(dryRun) });
    follow(batchId);
  } catch (e) {
    say('batch-error', T.error + ': ' + e.message);
  }
}

let source = null;
function follow(batchId) {
  if (source) source.close();
  $('batch').hidden = false;
  $('batch-id').textContent = batchId;
  $('batch-status').textContent = T.status_queued;
  $('batch-status').dataset.status = 'queued';
  $('downloads').hidden = true;
  $('rerun').hidden = true;
  source = new EventSource(scoped('/api/batches/' + encodeURIComponent(batchId) + '/events'));
  source.addEventListener('progress', (event) => showProgress(JSON.parse(event.data)));
  source.addEventListener('end', () => { source.close(); source = null; loadPast(); document.dispatchEvent(new Event('batch-end')); });
  $('batch').scrollIntoView({ block: 'nearest' });
}

function showProgress(b) {
  $('batch-status').textContent = T['status_' + b.status] || b.status;
  $('batch-status').dataset.status = b.status;
  const bar = $('bar');
  if (b.total === null) { bar.removeAttribute('value'); $('done-text').textContent = fmt(b.done) + ' ' + T.rows_done + ' (' + T.reading + ')'; }
  else { bar.max = Math.max(1, b.total); bar.value = b.done; $('done-text').textContent = fmt(b.done) + ' / ' + fmt(b.total) + ' ' + T.rows_done; }
  $('pace').textContent = b.rowsPerSecond === null ? '' : fmt(Math.round(b.rowsPerSecond * 10) / 10) + ' ' + T.pace + ' ' + fmt(b.rate) + ' ' + T.requests_per_second;
  $('eta').textContent = b.etaSeconds === null || b.status !== 'running' ? '' : T.eta + ': ' + fmt(Math.ceil(b.etaSeconds)) + ' s';
  const counts = $('batch-counts');
  counts.replaceChildren();
  for (const o of OUTCOMES) {
    if (!b.counts[o]) continue;
    const item = el('div', null, { class: 'count ' + o });
    item.append(el('dt', T[o]), el('dd', fmt(b.counts[o]), { 'data-outcome': o }));
    counts.append(item);
  }
  say('batch-error', b.error ? T.error + ': ' + b.error : '');
  if (b.status === 'done') {
    const links = $('download-links');
    links.replaceChildren(...FILES.map((f) => fileLink(b.batchId, f)));
    $('downloads').hidden = false;
    $('rerun').hidden = !(b.counts.failed > 0) || !!b.dryRun;
    $('rerun').dataset.batch = b.batchId;
  }
}

function fileLink(batchId, name) {
  const li = el('li');
  li.append(el('a', name, { href: scoped('/api/batches/' + encodeURIComponent(batchId) + '/files/' + name), download: batchId + '-' + name }));
  return li;
}

async function rerun() {
  if (!(await confirmSend(T.confirm_rerun + ' ' + $('rerun').dataset.batch))) return;
  say('batch-error', '');
  try {
    const { batchId } = await api('POST', '/api/batches/' + encodeURIComponent($('rerun').dataset.batch) + '/rerun');
    follow(batchId);
  } catch (e) {
    say('batch-error', T.error + ': ' + e.message);
  }
}

async function loadPast() {
  let batches;
  try { batches = await api('GET', '/api/batches'); } catch { return; }
  const body = $('past-rows');
  body.replaceChildren();
  for (const b of batches) {
    const tr = el('tr');
    const counts = countsText(b.counts);
    const files = el('td');
    if (b.status === 'done') {
      const list = el('ul', null, { class: 'inline' });
      list.append(...FILES.map((f) => fileLink(b.batchId, f)));
      files.append(list);
    }
    // A batch id reads left to right in Arabic too (else its date and random parts swap places).
    const id = el('td');
    id.append(el('bdi', b.batchId, { dir: 'ltr' }));
    // The store a batch went to: several consoles may share one report folder.
    const store = el('td');
    if (b.store) store.append(el('bdi', b.store.name || b.store.url, { dir: 'auto', title: b.store.url + ' · ' + b.store.account }));
    else store.textContent = T.store_unrecorded;
    tr.append(id, el('td', (T['status_' + b.status] || b.status) + (b.dryRun ? ' (' + T.dry_run + ')' : '')), el('td', b.source), store, el('td', counts), files);
    body.append(tr);
  }
  say('past-none', batches.length === 0 ? T.none_yet : '');
}

$('file').addEventListener('change', () => sendFile($('file').files[0]));
const zone = $('drop-zone');
zone.addEventListener('dragover', (e) => { e.preventDefault(); zone.classList.add('over'); });
zone.addEventListener('dragleave', () => zone.classList.remove('over'));
zone.addEventListener('drop', (e) => { e.preventDefault(); zone.classList.remove('over'); sendFile(e.dataTransfer.files[0]); });
$('dry-run').addEventListener('click', () => startBatch(true));
$('sync').addEventListener('click', () => startBatch(false));
$('rerun').addEventListener('click', rerun);
loadPast();
`;
