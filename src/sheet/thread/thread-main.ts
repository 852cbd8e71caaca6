/**
 * The sheet thread: reads, maps and validates sheets (src/sheet's openSheet) and streams the
 * row results to the main thread in chunks, as many chunks ahead as the main thread allows.
 */
import { parentPort } from 'node:worker_threads';
import { openSheet, type OpenedSheet, type OpenSheetOptions } from '../open.ts';
import type { SheetRowResult } from '../types.ts';
import { toWireError, type FromSheetThread, type ToSheetThread } from './wire.ts';

/** Rows per message: large enough that posting costs little per row, small enough to start soon. */
const CHUNK_ROWS = 500;

interface Stream {
  credits: number;
  wake: (() => void) | null;
  cancelled: boolean;
}

interface Sheet {
  file: string;
  options: OpenSheetOptions;
  /** Open until a pass over its rows ends; a later pass opens the file again. */
  opened: Promise<OpenedSheet> | null;
}

const port = parentPort!;
const sheets = new Map<number, Sheet>();
const streams = new Map<number, Stream>();
const send = (message: FromSheetThread) => port.postMessage(message);

port.on('message', (message: ToSheetThread) => {
  switch (message.type) {
    case 'open':
      open(message.id, message.file, message.options);
      return;
    case 'rows':
      void stream(message.id, message.sheet);
      return;
    case 'credit': {
      const target = streams.get(message.id);
      if (!target) return;
      target.credits += message.n;
      target.wake?.();
      return;
    }
    case 'cancel': {
      const target = streams.get(message.id);
      if (!target) return;
      target.cancelled = true;
      target.wake?.();
      return;
    }
    case 'close':
      void close(message.id);
  }
});

function open(id: number, file: string, options: OpenSheetOptions): void {
  const opening = openSheet(file, options);
  sheets.set(id, { file, options, opened: opening });
  opening.then(
    (sheet) => {
      const { format, sheetName, hiddenSheetsSkipped, encoding, delimiter, kind, headers, headerIssues, rowSignature } =
        sheet;
      send({
        type: 'opened',
        id,
        info: {
          file: sheet.file,
          format,
          sheetName,
          hiddenSheetsSkipped,
          encoding,
          delimiter,
          kind,
          headers,
          headerIssues,
          rowSignature,
        },
      });
    },
    (error: unknown) => {
      sheets.delete(id);
      send({ type: 'failed', id, error: toWireError(error) });
    },
  );
}

async function stream(id: number, sheetId: number): Promise<void> {
  const state: Stream = { credits: 0, wake: null, cancelled: false };
  streams.set(id, state);
  const source = sheets.get(sheetId);
  let chunk: SheetRowResult[] = [];
  try {
    if (!source) throw new Error('the sheet is closed');
    source.opened ??= openSheet(source.file, source.options);
    const sheet = await source.opened;
    for await (const row of sheet.rows()) {
      chunk.push(row);
      if (chunk.length < CHUNK_ROWS) continue;
      if (!(await room(state))) return;
      send({ type: 'rows', id, rows: chunk });
      chunk = [];
    }
    if (chunk.length > 0) {
      if (!(await room(state))) return;
      send({ type: 'rows', id, rows: chunk });
    }
    send({ type: 'end', id });
  } catch (error) {
    // The rows read before the break go first, as openSheet gives them before it throws.
    if (chunk.length > 0 && (await room(state))) send({ type: 'rows', id, rows: chunk });
    if (!state.cancelled) send({ type: 'failed', id, error: toWireError(error) });
  } finally {
    streams.delete(id);
    // The pass is over: the file is released now, not when the main thread gets round to close.
    if (source) await release(source);
  }
}

/** Closes the sheet's file; never throws (a failure to close must not end the thread). */
async function release(source: Sheet): Promise<void> {
  const opened = source.opened;
  source.opened = null;
  const sheet = await opened?.catch(() => undefined);
  await sheet?.close().catch(() => undefined);
}

/** Waits for a credit; false when the reader cancelled (the loop's return closes the file). */
async function room(state: Stream): Promise<boolean> {
  while (state.credits <= 0 && !state.cancelled) await new Promise<void>((resolve) => (state.wake = resolve));
  state.wake = null;
  if (state.cancelled) return false;
  state.credits--;
  return true;
}

async function close(id: number): Promise<void> {
  const source = sheets.get(id);
  sheets.delete(id);
  if (source) await release(source);
}
