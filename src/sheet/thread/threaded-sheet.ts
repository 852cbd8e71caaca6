/**
 * openSheet on the sheet thread: the same OpenedSheet, but the file is read, mapped and
 * validated on another core while the caller works on the rows already read (the sync engine
 * decides, sends and reports them). A delta sync of a large unchanged sheet then costs little
 * more than reading it. Chunks are read ahead only as far as the caller allows (flow control),
 * so memory stays bounded.
 */
import type { OpenedSheet, OpenSheetOptions } from '../open.ts';
import type { SheetRowResult } from '../types.ts';
import { SharedThread } from '../../threads/shared-thread.ts';
import { fromWireError, type FromSheetThread, type OpenedInfo, type ToSheetThread } from './wire.ts';

/** Chunks (of 500 rows) the thread may read ahead of the caller. */
const READ_AHEAD_CHUNKS = 4;

const thread = new SharedThread<ToSheetThread, FromSheetThread>(
  new URL('./thread-main.ts', import.meta.url),
  'sheet reader',
);

/**
 * Starts the sheet thread now, so the first large sheet does not wait for it (~0.3-0.5 s with
 * tsx). Long-running commands (worker, watch) call it at start; a one-shot command reads in place.
 */
export function warmSheetThread(): void {
  thread.start();
}

export function sheetThreadStarted(): boolean {
  return thread.started;
}

export async function openSheetInThread(file: string, options: OpenSheetOptions = {}): Promise<OpenedSheet> {
  let opened!: (info: OpenedInfo) => void;
  let failed!: (error: Error) => void;
  const ready = new Promise<OpenedInfo>((resolve, reject) => {
    opened = resolve;
    failed = reject;
  });
  const session = thread.open({
    receive: (message) => {
      if (message.type === 'opened') opened(message.info);
      else if (message.type === 'failed') failed(fromWireError(message.error));
    },
    fail: failed,
  });
  session.post({ type: 'open', id: session.id, file, options });
  let info: OpenedInfo;
  try {
    info = await ready;
  } catch (error) {
    session.close();
    throw error;
  }
  // Open, the sheet no longer keeps the process alive: only a pass over its rows does.
  session.keepAlive(false);
  let closed = false;
  return {
    ...info,
    rows: () => streamRows(session.id),
    close: () => {
      if (!closed) {
        closed = true;
        session.post({ type: 'close', id: session.id });
        session.close();
      }
      return Promise.resolve();
    },
  };
}

/** One pass over the rows: chunks arrive as credits allow; breaking off early cancels the read. */
async function* streamRows(sheetId: number): AsyncGenerator<SheetRowResult> {
  const pass: { chunks: SheetRowResult[][]; ended: boolean; failure: Error | null; wake: (() => void) | null } = {
    chunks: [],
    ended: false,
    failure: null,
    wake: null,
  };
  const notify = () => {
    const resolve = pass.wake;
    pass.wake = null;
    resolve?.();
  };
  const stream = thread.open({
    receive: (message) => {
      if (message.type === 'rows') pass.chunks.push(message.rows);
      else if (message.type === 'end') pass.ended = true;
      else if (message.type === 'failed') pass.failure = fromWireError(message.error);
      notify();
    },
    fail: (error) => {
      pass.failure = error;
      notify();
    },
  });
  stream.post({ type: 'rows', id: stream.id, sheet: sheetId });
  stream.post({ type: 'credit', id: stream.id, n: READ_AHEAD_CHUNKS });
  let finished = false;
  try {
    for (;;) {
      const chunk = pass.chunks.shift();
      if (chunk) {
        stream.post({ type: 'credit', id: stream.id, n: 1 });
        yield* chunk;
        continue;
      }
      if (pass.failure) throw pass.failure;
      if (pass.ended) break;
      await new Promise<void>((resolve) => (pass.wake = resolve));
    }
    finished = true;
  } finally {
    if (!finished && !pass.failure) stream.post({ type: 'cancel', id: stream.id });
    stream.close();
  }
}
