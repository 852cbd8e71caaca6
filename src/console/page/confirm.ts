/**
 * Before rows go to a store of many, the page names the store and asks (store-page.ts renders the
 * dialog; a console of one store has none and asks nothing). A dry run sends nothing: not asked.
 */
import { $, maybe } from './dom.ts';

export function confirmSend(what: string): Promise<boolean> {
  const dialog = maybe<HTMLDialogElement>('confirm-send');
  if (!dialog) return Promise.resolve(true);
  $('confirm-what').textContent = what;
  dialog.returnValue = '';
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'send'), { once: true });
    dialog.showModal();
  });
}
