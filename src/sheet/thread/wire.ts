/** The messages between the main thread and the sheet thread (structured-cloned). */
import type { OpenedSheet, OpenSheetOptions } from '../open.ts';
import { SheetFileError, type SheetRowResult } from '../types.ts';

/** What the main thread learns when the sheet is open: OpenedSheet without its functions. */
export type OpenedInfo = Omit<OpenedSheet, 'rows' | 'close'>;

export type ToSheetThread =
  | { type: 'open'; id: number; file: string; options: OpenSheetOptions }
  /** Streams the rows of the sheet opened as session `sheet` to session `id`. */
  | { type: 'rows'; id: number; sheet: number }
  /** The reader may send `n` more chunks. */
  | { type: 'credit'; id: number; n: number }
  /** The reader stopped reading before the end. */
  | { type: 'cancel'; id: number }
  | { type: 'close'; id: number };

export type FromSheetThread =
  | { type: 'opened'; id: number; info: OpenedInfo }
  | { type: 'rows'; id: number; rows: SheetRowResult[] }
  | { type: 'end'; id: number }
  | { type: 'failed'; id: number; error: WireError };

/** An error as it crosses threads: SheetFileError keeps its class (the CLI maps it to exit 2). */
export interface WireError {
  name: string;
  message: string;
  file?: string;
  code?: string;
}

export function toWireError(error: unknown): WireError {
  if (error instanceof SheetFileError)
    return { name: error.name, message: error.message, file: error.file, code: error.code };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

export function fromWireError(wire: WireError): Error {
  if (wire.name === 'SheetFileError' && wire.file !== undefined && wire.code !== undefined) {
    const error = new SheetFileError(wire.file, wire.code, '');
    error.message = wire.message;
    return error;
  }
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}
