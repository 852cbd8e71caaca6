/**
 * What the rest of catalog-sync calls when a batch ends, cannot run, or a schedule cannot fetch
 * its sheet: it writes the event once for each configured channel and hands the notifications to
 * the store's outbox (local mode) or its queue (Redis), which deliver them at least once. Nothing
 * is sent for a dry run, and nothing at all when no channel is configured.
 */
import { join } from 'node:path';
import type { Logger } from '../log.ts';
import { REPORT_FILES } from '../report/batch-report.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { StoreIdentity } from '../store/identity.ts';
import { readErrorText } from '../sync/read-error.ts';
import { problemsIn } from '../sync/tally.ts';
import { logAttempt, type AttemptListener } from './attempt-log.ts';
import {
  batchFailed,
  batchFinished,
  eventStore,
  scheduleFailed,
  errorIn,
  testEvent,
  type FailedBatchFacts,
  type FailedScheduleFacts,
  type NotifyEvent,
} from './event.ts';
import { notifyLanguage, storeNameIn, type StoreNames } from './language.ts';
import type { Channel, DeliveryView, TestResult } from './delivery-view.ts';
import { attemptDelivery, notificationId, type Notification } from './notification.ts';
import { firstProblems } from './problems.ts';
import { channelsOf, type NotifySettings } from './settings.ts';

/** Where notifications wait until delivered: the outbox (outbox.ts) or the queue (queue.ts). */
export interface NotificationBox {
  add(notifications: readonly Notification[]): Promise<void>;
  ofBatch(batchId: string): Promise<DeliveryView[]>;
  /** This process delivers too, until close. */
  start(): Promise<unknown>;
  close(): Promise<void>;
}

export interface NotifierDeps {
  settings: NotifySettings;
  /** The configured store. */
  store: StoreIdentity;
  /** The store's names from its login (cached), for the language and the mail; null when none can be had. */
  storeNames: () => Promise<StoreNames | null>;
  /** Built when first needed, and only when a channel is configured. */
  box: () => Promise<NotificationBox>;
  logger: Logger;
  clock?: () => number;
  onAttempt?: AttemptListener;
}

export class Notifier {
  private built: Promise<NotificationBox> | null = null;
  /** The names of the last login seen: a batch whose login was refused is written in the store's language still. */
  private names: StoreNames | null = null;
  private readonly clock: () => number;

  constructor(private readonly deps: NotifierDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  get channels(): Channel[] {
    return channelsOf(this.deps.settings);
  }

  /** A batch ended and its report is written. */
  async batchFinished(summary: BatchSummary): Promise<void> {
    if (this.channels.length === 0 || summary.dryRun) return;
    const names = await this.storeNames(true);
    // The problems in the notification's language, whatever the batch's.
    const lang = notifyLanguage(this.deps.settings.lang, names);
    const problems = problemsIn(summary.counts) > 0 ? await firstProblems(summary.reportDir, lang) : [];
    // Where the file broke, in the same language.
    const { readError } = summary;
    const told = readError
      ? { ...summary, readError: { ...readError, message: readErrorText(readError, lang) } }
      : summary;
    const event = batchFinished(told, problems, eventStore(summary.store ?? this.deps.store));
    const failedCsv = problemsIn(summary.counts) > 0 ? join(summary.reportDir, REPORT_FILES.failedCsv) : null;
    await this.send(event, names, failedCsv);
  }

  /**
   * A batch that could not run (an unreadable file, a refused login): nothing was sent.
   * `mayLogIn`: false when the store refused the login (no second try for a notification).
   */
  async batchFailed(facts: FailedBatchFacts, mayLogIn: boolean): Promise<void> {
    if (this.channels.length === 0) return;
    const names = await this.storeNames(mayLogIn);
    // Why it could not run, in the notification's language (the mail and the webhook alike).
    const told = { ...facts, error: errorIn(facts.error, notifyLanguage(this.deps.settings.lang, names)) };
    await this.send(batchFailed(told, eventStore(this.deps.store, names?.store_name || undefined)), names, null);
  }

  async scheduleFailed(facts: FailedScheduleFacts): Promise<void> {
    if (this.channels.length === 0) return;
    const names = await this.storeNames(true);
    const told = { ...facts, error: errorIn(facts.error, notifyLanguage(this.deps.settings.lang, names)) };
    await this.send(scheduleFailed(told, eventStore(this.deps.store, names?.store_name || undefined)), names, null);
  }

  /** One attempt on each channel now, not retried: the console's "send a test notification". */
  async test(): Promise<TestResult[]> {
    const names = await this.storeNames(true);
    const event = testEvent(
      eventStore(this.deps.store, names?.store_name || undefined),
      new Date(this.clock()).toISOString(),
    );
    const results: TestResult[] = [];
    for (const notification of this.notifications(event, names, null)) {
      const result = await attemptDelivery(notification, this.deps.settings, this.clock());
      logAttempt(
        this.deps.logger,
        { notification, attempt: 1, result, state: result.ok ? 'delivered' : 'given_up', nextAttemptAt: null },
        this.deps.onAttempt,
      );
      results.push({ channel: notification.channel, ...result });
    }
    return results;
  }

  /** Where each notification of a batch stands. */
  async ofBatch(batchId: string): Promise<DeliveryView[]> {
    return this.channels.length === 0 ? [] : (await this.box()).ofBatch(batchId);
  }

  /** Deliver from this process too (a long-running one: worker, watch, serve). */
  async startDelivery(): Promise<void> {
    if (this.channels.length > 0) await (await this.box()).start();
  }

  async close(): Promise<void> {
    const built = this.built;
    this.built = null;
    await (await built?.catch(() => null))?.close();
  }

  private box(): Promise<NotificationBox> {
    return (this.built ??= this.deps.box());
  }

  private async send(event: NotifyEvent, names: StoreNames | null, failedCsv: string | null): Promise<void> {
    await (await this.box()).add(this.notifications(event, names, failedCsv));
  }

  private notifications(event: NotifyEvent, names: StoreNames | null, failedCsv: string | null): Notification[] {
    const lang = notifyLanguage(this.deps.settings.lang, names);
    const fallback = event.data.store.name ?? new URL(event.data.store.url).host;
    const storeName = storeNameIn(lang, names, fallback);
    return this.channels.map((channel) => ({
      id: notificationId(event, channel),
      channel,
      event,
      lang,
      storeName,
      failedCsv: channel === 'email' ? failedCsv : null,
    }));
  }

  private async storeNames(mayLogIn: boolean): Promise<StoreNames | null> {
    if (!mayLogIn) return this.names;
    try {
      this.names = (await this.deps.storeNames()) ?? this.names;
    } catch (error) {
      this.deps.logger.debug({ err: error }, "the store's names could not be read for a notification");
    }
    return this.names;
  }
}
