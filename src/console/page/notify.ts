/**
 * On a batch's page, its notifications (delivered, retrying with the next try's time, given up);
 * on the home page, the button that sends a test notification. An old link `/#batch=<id>` (the
 * e-mails sent before batches had pages) goes on to that batch's page.
 */
import { api } from './api.ts';
import { batchPageUrl } from './batch-link.ts';
import { shownBatch } from './batch.ts';
import { T, textOf } from './context.ts';
import { $, el, messageOf, say, when } from './dom.ts';
import { on } from './events.ts';
import type { NotificationsAnswer } from './types.ts';

/** Still on its way: look again this often while the batch is shown. */
const AGAIN_MS = 5000;
let timer: ReturnType<typeof setTimeout> | undefined;

async function loadNotifications(batchId: string): Promise<void> {
  clearTimeout(timer);
  let data: NotificationsAnswer;
  try {
    data = await api('GET /api/batches/:id/notifications', { id: batchId });
  } catch {
    return;
  }
  if (shownBatch() !== batchId) return;
  $('notification-list').replaceChildren(
    ...data.notifications.map((n) => {
      let text = `${textOf(`channel_${n.channel}`)}: ${textOf(`delivery_${n.state}`)}`;
      if (n.nextAttemptAt) text += ` (${T.next_try} ${when(n.nextAttemptAt)})`;
      if (n.attempts > 1) text += `, ${n.attempts} ${T.attempts}`;
      if (n.lastError && n.state !== 'delivered') text += `: ${n.lastError}`;
      return el('li', text, { 'data-channel': n.channel, 'data-state': n.state });
    }),
  );
  $('notifications').hidden = data.notifications.length === 0;
  if (data.notifications.some((n) => n.state === 'pending' || n.state === 'retrying'))
    timer = setTimeout(() => void loadNotifications(batchId), AGAIN_MS);
}

async function sendTest(): Promise<void> {
  say('notify-test-result', T.notify_sending);
  try {
    const { results } = await api('POST /api/notifications/test', {});
    say(
      'notify-test-result',
      results
        .map(
          (r) =>
            `${textOf(`channel_${r.channel}`)}: ${r.ok ? T.notify_test_ok : `${T.notify_test_failed} (${r.detail})`}`,
        )
        .join(' · '),
    );
  } catch (error) {
    const message = messageOf(error);
    say('notify-test-result', message.startsWith('no notification') ? T.notify_none : `${T.error}: ${message}`);
  }
}

/** On a batch's page: its notifications, once it ended. */
export function startBatchNotifications(): void {
  on('batch-end', (batch) => void loadNotifications(batch.batchId));
}

/** On the home page: the test button, and an old link's batch. */
export function startNotifyTest(): void {
  $('notify-test').addEventListener('click', () => void sendTest());
  openLinked();
  // A link followed with the page already open changes only its #batch=.
  window.addEventListener('hashchange', openLinked);
}

function openLinked(): void {
  const linked = /^#batch=([A-Za-z0-9_.-]+)$/.exec(location.hash);
  // replace: Back from the batch's page does not land on the link that sends there again.
  if (linked?.[1]) location.replace(batchPageUrl(decodeURIComponent(linked[1])));
}
