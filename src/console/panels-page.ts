/**
 * The page's three panels (schedules, drop folder, store): closed <details> that load their data
 * from the API when opened (a closed panel costs no store request) and again on each opening.
 * `<summary>` is a button to the keyboard (Enter/Space) and to screen readers, with no script.
 * Their script: page/panels.ts.
 */
import type { Texts } from '../messages/console.ts';

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
