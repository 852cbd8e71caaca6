/**
 * The page's notifications: under a finished batch, each notification's delivery (delivered,
 * retrying with the next try's time, given up), and a button that sends a test notification.
 * A link `/#batch=<id>` (the e-mail's) opens that batch. The script uses the helpers of
 * page-script.ts and panels-page.ts ($, el, say, api, follow, when, T), sent before it.
 */
import type { Texts } from './texts.ts';

/** Shown inside the batch's section. */
export function batchNotifications(h: (key: keyof Texts) => string): string {
  return `<div id="notifications" hidden><h3>${h('notifications_heading')}</h3><ul id="notification-list"></ul></div>`;
}

export function notifySection(h: (key: keyof Texts) => string): string {
  return `<section aria-labelledby="notify-heading"><h2 id="notify-heading">${h('notifications_heading')}</h2>
<p>${h('notify_hint')}</p><button id="notify-test" type="button">${h('notify_test')}</button>
<p id="notify-test-result" role="status" hidden></p></section>`;
}

export const NOTIFY_SCRIPT = String.raw`
let notificationsTimer = null;
async function loadNotifications(batchId) {
  clearTimeout(notificationsTimer);
  let data;
  try { data = await api('GET', '/api/batches/' + encodeURIComponent(batchId) + '/notifications'); } catch { return; }
  if ($('batch-id').textContent !== batchId) return;
  const list = $('notification-list');
  list.replaceChildren();
  for (const n of data.notifications) {
    let text = T['channel_' + n.channel] + ': ' + T['delivery_' + n.state];
    if (n.nextAttemptAt) text += ' (' + T.next_try + ' ' + when(n.nextAttemptAt) + ')';
    if (n.attempts > 1) text += ', ' + n.attempts + ' ' + T.attempts;
    if (n.lastError && n.state !== 'delivered') text += ': ' + n.lastError;
    list.append(el('li', text, { 'data-channel': n.channel, 'data-state': n.state }));
  }
  $('notifications').hidden = data.notifications.length === 0;
  // Still on its way: look again while the batch is shown.
  if (data.notifications.some((n) => n.state === 'pending' || n.state === 'retrying'))
    notificationsTimer = setTimeout(() => loadNotifications(batchId), 5000);
}
document.addEventListener('batch-end', () => loadNotifications($('batch-id').textContent));
$('notify-test').addEventListener('click', async () => {
  say('notify-test-result', T.notify_sending);
  try {
    const { results } = await api('POST', '/api/notifications/test');
    say('notify-test-result', results.map((r) => T['channel_' + r.channel] + ': ' +
      (r.ok ? T.notify_test_ok : T.notify_test_failed + ' (' + r.detail + ')')).join(' · '));
  } catch (e) {
    say('notify-test-result', e.message.startsWith('no notification') ? T.notify_none : T.error + ': ' + e.message);
  }
});
const linked = /^#batch=([A-Za-z0-9_.-]+)$/.exec(location.hash);
if (linked) follow(linked[1]);
`;
