/**
 * The page's three panels (schedules, drop folder, store): closed <details> that load their data
 * from the API when opened (a closed panel costs no store request) and again on each opening.
 * `<summary>` is a button to the keyboard (Enter/Space) and to screen readers, with no script.
 * The script uses the helpers of page-script.ts ($, el, fmt, countsText, api, follow, confirmSend, T),
 * sent before it.
 */
import type { Texts } from './texts.ts';

export function panels(h: (key: keyof Texts) => string): string {
  return `<section aria-label="${h('schedules_heading')}, ${h('drop_heading')}, ${h('store_heading')}" class="panels">
<details id="schedules-panel"><summary><h2>${h('schedules_heading')}</h2></summary>
<p id="schedules-status" role="status"></p><p id="schedules-error" class="error" role="alert" hidden></p>
<div class="scroll"><table class="cards"><thead><tr><th scope="col">${h('col_job')}</th><th scope="col">${h('col_cron')}</th><th scope="col">${h('col_next')}</th><th scope="col">${h('col_last')}</th><th scope="col"><span class="sr-only">${h('run_now')}</span></th></tr></thead>
<tbody id="schedule-rows"></tbody></table></div></details>
<details id="drop-panel"><summary><h2>${h('drop_heading')}</h2></summary>
<p id="drop-status" role="status"></p><p id="drop-error" class="error" role="alert" hidden></p>
<div id="drop-folders" class="folders"></div></details>
<details id="store-panel"><summary><h2>${h('store_heading')}</h2></summary>
<p id="store-status" role="status"></p><p id="store-error" class="error" role="alert" hidden></p>
<dl id="store-facts" class="counts"></dl>
<div class="scroll"><table><thead><tr><th scope="col">${h('col_category')}</th><th scope="col">${h('col_products')}</th></tr></thead>
<tbody id="category-rows"></tbody></table></div></details></section>`;
}

export const PANEL_SCRIPT = String.raw`
const FOLDERS = ['inbox', 'processing', 'done', 'failed'];
function when(iso) {
  return new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
async function loadPanel(name, fill) {
  say(name + '-error', '');
  say(name + '-status', T.loading);
  try { fill(await api('GET', '/api/' + name)); say(name + '-status', ''); }
  catch (e) { say(name + '-status', ''); say(name + '-error', T.error + ': ' + e.message); }
}

function fillSchedules(data) {
  const body = $('schedule-rows');
  body.replaceChildren();
  for (const s of data.schedules) {
    const tr = el('tr', null, { 'data-job': s.name });
    const next = el('td');
    // Cron fields and clock times read left to right in Arabic too: bdi/dir keeps them whole.
    next.append(el('time', s.nextInStoreZone + ' (' + data.storeTimeZone + ')', { datetime: s.next, dir: 'ltr' }));
    if (!s.registered) next.append(el('br'), el('small', T.not_registered));
    const last = el('td');
    if (s.lastBatch) {
      last.append(el('span', T['status_' + s.lastBatch.status] || s.lastBatch.status, { 'data-status': s.lastBatch.status }),
        el('br'), el('small', countsText(s.lastBatch.counts)));
    }
    const run = el('button', T.run_now, { type: 'button', 'aria-label': T.run_now + ': ' + s.name });
    run.addEventListener('click', () => runNow(s.name, run));
    const action = el('td');
    action.append(run);
    // On a phone each job is a card: its cells say what they are (data-label, page-style.ts).
    next.dataset.label = T.col_next;
    last.dataset.label = T.col_last;
    const cron = el('td', null, { 'data-label': T.col_cron });
    cron.append(el('bdi', s.cron + (s.timezone === data.storeTimeZone ? '' : ' (' + s.timezone + ')'), { dir: 'ltr' }));
    const job = el('td', null, { 'data-label': T.col_job });
    job.append(el('bdi', s.name));
    tr.append(job, cron, next, last, action);
    body.append(tr);
  }
  say('schedules-status', data.schedules.length === 0 ? T.no_schedules : '');
}

async function runNow(name, button) {
  if (!(await confirmSend(T.confirm_job + ' ' + name))) return;
  button.disabled = true;
  say('schedules-error', '');
  try {
    const { batchId } = await api('POST', '/api/schedules/' + encodeURIComponent(name) + '/run');
    follow(batchId);
  } catch (e) {
    say('schedules-error', T.error + ': ' + e.message);
  } finally {
    button.disabled = false;
  }
}

function fillDrop(data) {
  const box = $('drop-folders');
  box.replaceChildren();
  for (const folder of FOLDERS) {
    const part = el('section', null, { class: 'folder', 'data-folder': folder });
    part.append(el('h3', T['drop_' + folder] + ' (' + fmt(data[folder].total) + ')'));
    const list = el('ul');
    for (const f of data[folder].files) {
      const li = el('li');
      li.append(el('bdi', f.name), ' ', el('time', when(f.at), { datetime: f.at }));
      if (f.status) li.append(' ', el('span', T['drop_status_' + f.status] || f.status, { class: 'drop-status ' + f.status }));
      const counts = countsText(f.counts);
      if (counts) li.append(el('br'), el('small', counts));
      if (f.status === 'failed' && f.message) li.append(el('br'), el('small', f.message.split('\n')[0]));
      list.append(li);
    }
    if (data[folder].files.length === 0) list.append(el('li', T.drop_empty));
    part.append(list);
    const more = data[folder].total - data[folder].files.length;
    if (more > 0) part.append(el('p', fmt(more) + ' ' + T.drop_more));
    box.append(part);
  }
}

function fillStore(data) {
  const facts = $('store-facts');
  facts.replaceChildren();
  const limit = (used, max) => fmt(used) + ' ' + T.of_limit + ' ' + (max === null ? T.no_limit : fmt(max));
  const name = document.documentElement.lang === 'ar' && data.store_name_ar ? data.store_name_ar : data.store_name;
  for (const [key, value, id] of [['store_name', name, 'name'],
      ['store_products', limit(data.limits.products.used, data.limits.products.limit), 'products'],
      ['store_categories', limit(data.limits.categories.used, data.limits.categories.limit), 'categories'],
      ['store_rate', fmt(data.rate.perSecond) + ' ' + T.requests_per_second + ' (' + T['rate_source_' + data.rate.source] + ')', 'rate']]) {
    const item = el('div', null, { class: 'count' });
    item.append(el('dt', T[key]), el('dd', value, { 'data-store': id }));
    facts.append(item);
  }
  const rows = $('category-rows');
  rows.replaceChildren();
  for (const c of data.categories) {
    const tr = el('tr');
    tr.append(el('td', document.documentElement.lang === 'ar' && c.category_name_ar ? c.category_name_ar : c.category_name), el('td', fmt(c.product_total)));
    rows.append(tr);
  }
}

const PANELS = { schedules: fillSchedules, drop: fillDrop, store: fillStore };
for (const [name, fill] of Object.entries(PANELS)) {
  $(name + '-panel').addEventListener('toggle', (event) => { if (event.target.open) loadPanel(name, fill); });
}
// A batch that ends may be a job's last result, or a drop file's: open panels show it.
document.addEventListener('batch-end', () => {
  for (const [name, fill] of Object.entries(PANELS)) if ($(name + '-panel').open) loadPanel(name, fill);
});
`;
