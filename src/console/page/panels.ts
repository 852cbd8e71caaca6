/**
 * The page's three panels (schedules, drop folder, store): closed <details> that load their data
 * when opened (a closed panel costs no store request), again on each opening and when a batch ends.
 */
import { api, ApiError } from './api.ts';
import { openBatch } from './batch-link.ts';
import { confirmSend } from './confirm.ts';
import { T, textOf } from './context.ts';
import { $, el, fmt, ltr, messageOf, pageLang, say, when } from './dom.ts';
import { on } from './events.ts';
import { countsText } from './past.ts';
import type { DropView, SchedulesView, StoreView } from './types.ts';

type Folder = 'inbox' | 'processing' | 'done' | 'failed';
const FOLDERS: readonly Folder[] = ['inbox', 'processing', 'done', 'failed'];

function fillSchedules(data: SchedulesView): void {
  const rows = data.schedules.map((s) => {
    const tr = el('tr', null, { 'data-job': s.name });
    const next = el('td', null, { 'data-label': T.col_next });
    // Cron fields and clock times read left to right in Arabic too: bdi/dir keeps them whole.
    next.append(el('time', `${s.nextInStoreZone} (${data.storeTimeZone})`, { datetime: s.next, dir: 'ltr' }));
    if (!s.registered) next.append(el('br'), el('small', T.not_registered));
    const last = el('td', null, { 'data-label': T.col_last });
    if (s.lastBatch) {
      const status = s.lastBatch.status;
      last.append(
        el('span', textOf(`status_${status}`, status), { 'data-status': status }),
        el('br'),
        el('small', countsText(s.lastBatch.counts)),
      );
    }
    // Where the sheet came from last, and when: what a person checks first when a feed stops.
    if (s.lastDownload) {
      const d = s.lastDownload;
      const when = el('time', new Date(d.at).toLocaleString(), { datetime: d.at });
      const line = el('small', null, { class: 'last-download' });
      line.append(`${T.last_download}: `, when, `, ${fmt(d.bytes)} ${T.bytes} (`, el('bdi', d.file), ')');
      last.append(el('br'), line);
    }
    const run = el('button', T.run_now, { type: 'button', 'aria-label': `${T.run_now}: ${s.name}` });
    run.addEventListener('click', () => void runNow(s.name, run));
    const action = el('td');
    action.append(run);
    // On a phone each job is a card: its cells say what they are (data-label, page-style.ts).
    const cron = el('td', null, { 'data-label': T.col_cron });
    cron.append(ltr(s.cron + (s.timezone === data.storeTimeZone ? '' : ` (${s.timezone})`)));
    const job = el('td', null, { 'data-label': T.col_job });
    job.append(el('bdi', s.name), el('br'), el('small', null, { dir: 'ltr' }));
    job.lastElementChild?.append(el('bdi', s.source));
    tr.append(job, cron, next, last, action);
    return tr;
  });
  $('schedule-rows').replaceChildren(...rows);
  say('schedules-status', data.schedules.length === 0 && !data.skipped?.length ? T.no_schedules : '');
  // A job file that does not check is skipped by the worker: say so, naming the file and key.
  say('schedules-error', (data.skipped ?? []).map((s) => `${T.job_file_skipped}: ${s.message}`).join('\n'));
}

async function runNow(name: string, button: HTMLButtonElement): Promise<void> {
  if (!(await confirmSend(`${T.confirm_job} ${name}`))) return;
  button.disabled = true;
  say('schedules-error', '');
  try {
    const { batchId } = await api('POST /api/schedules/:name/run', { name });
    openBatch(batchId);
  } catch (error) {
    say('schedules-error', `${T.error}: ${messageOf(error)}`);
  } finally {
    button.disabled = false;
  }
}

function fillDrop(data: DropView): void {
  const parts = FOLDERS.map((folder) => {
    const part = el('section', null, { class: 'folder', 'data-folder': folder });
    part.append(el('h3', `${textOf(`drop_${folder}`)} (${fmt(data[folder].total)})`));
    const list = el('ul');
    for (const f of data[folder].files) {
      const li = el('li');
      li.append(el('bdi', f.name), ' ', el('time', when(f.at), { datetime: f.at }));
      if (f.status)
        li.append(' ', el('span', textOf(`drop_status_${f.status}`, f.status), { class: `drop-status ${f.status}` }));
      const counts = countsText(f.counts);
      if (counts) li.append(el('br'), el('small', counts));
      if (f.status === 'failed' && f.message) li.append(el('br'), el('small', f.message.split('\n')[0] ?? ''));
      list.append(li);
    }
    if (data[folder].files.length === 0) list.append(el('li', T.drop_empty));
    part.append(list);
    const more = data[folder].total - data[folder].files.length;
    if (more > 0) part.append(el('p', `${fmt(more)} ${T.drop_more}`));
    return part;
  });
  $('drop-folders').replaceChildren(...parts);
}

function fillStore(data: StoreView): void {
  const limit = (used: number, max: number | null): string =>
    `${fmt(used)} ${T.of_limit} ${max === null ? T.no_limit : fmt(max)}`;
  const ar = pageLang() === 'ar';
  const name = ar && data.store_name_ar ? data.store_name_ar : data.store_name;
  const facts: [keyof typeof T, string, string][] = [
    ['store_name', name, 'name'],
    ['store_products', limit(data.limits.products.used, data.limits.products.limit), 'products'],
    ['store_categories', limit(data.limits.categories.used, data.limits.categories.limit), 'categories'],
    [
      'store_rate',
      `${fmt(data.rate.perSecond)} ${T.requests_per_second} (${textOf(`rate_source_${data.rate.source}`)})`,
      'rate',
    ],
  ];
  $('store-facts').replaceChildren(
    ...facts.map(([key, value, id]) => {
      const item = el('div', null, { class: 'count' });
      item.append(el('dt', T[key]), el('dd', value, { 'data-store': id }));
      return item;
    }),
  );
  $('category-rows').replaceChildren(
    ...data.categories.map((c) => {
      const tr = el('tr');
      tr.append(
        el('td', ar && c.category_name_ar ? c.category_name_ar : c.category_name),
        el('td', fmt(c.product_total)),
      );
      return tr;
    }),
  );
}

type Panel = 'schedules' | 'drop' | 'store';
const PANEL_NAMES: readonly Panel[] = ['schedules', 'drop', 'store'];

/** Each panel's answer, loaded and shown. */
const PANELS: Record<Panel, () => Promise<void>> = {
  schedules: async () => fillSchedules(await api('GET /api/schedules', {})),
  drop: async () => fillDrop(await api('GET /api/drop', {})),
  store: async () => fillStore(await api('GET /api/store', {})),
};

async function loadPanel(name: Panel): Promise<void> {
  say(`${name}-error`, '');
  say(`${name}-status`, T.loading);
  try {
    await PANELS[name]();
    if (name !== 'schedules') say(`${name}-status`, '');
  } catch (error) {
    say(`${name}-status`, '');
    say(`${name}-error`, `${T.error}: ${error instanceof ApiError ? error.message : messageOf(error)}`);
  }
}

export function startPanels(): void {
  for (const name of PANEL_NAMES) {
    const panel = $<HTMLDetailsElement>(`${name}-panel`);
    panel.addEventListener('toggle', () => {
      if (panel.open) void loadPanel(name);
    });
  }
  // A batch that ends may be a job's last result, or a drop file's: open panels show it.
  on('batch-end', () => {
    for (const name of PANEL_NAMES) if ($<HTMLDetailsElement>(`${name}-panel`).open) void loadPanel(name);
  });
}
