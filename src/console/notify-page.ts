/**
 * The notifications: on a finished batch's page, each notification's delivery (delivered,
 * retrying with the next try's time, given up); on the home page, a button that sends a test
 * notification. The e-mail links the batch's page (batch-page.ts). Their script: page/notify.ts.
 */
import { forEngineers } from './html.ts';
import type { Texts } from '../messages/console.ts';

/** Shown inside the batch's section. */
export function batchNotifications(h: (key: keyof Texts) => string): string {
  return `<div id="notifications" hidden><h3>${h('notifications_heading')}</h3><ul id="notification-list"></ul></div>`;
}

export function notifySection(h: (key: keyof Texts) => string): string {
  return `<section aria-labelledby="notify-heading"><h2 id="notify-heading">${h('notifications_heading')}</h2>
<p>${h('notify_hint')}</p><button id="notify-test" type="button">${h('notify_test')}</button>
<p id="notify-test-result" role="status" hidden></p>${forEngineers(h('for_engineers'), `<p id="notify-engineers">${h('notify_engineers')}</p>`)}</section>`;
}
