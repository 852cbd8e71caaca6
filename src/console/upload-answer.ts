/**
 * What `POST /uploads` (and a mapping sent for an upload) answers: the upload's plan, read with
 * its column mapping (the one sent, else a saved one made for the same headers), and, for a sheet
 * whose headers still leave columns unread, the mapping step's proposal.
 */
import type { Lang } from '../messages/index.ts';
import { SheetFileError } from '../sheet/index.ts';
import type { StoreDesk } from './desk.ts';
import { mappingFor, mappingsDir } from './mappings.ts';
import { keepMapping, proposalOf, readHead, type Columns } from './upload-mapping.ts';
import type { AbsentSetting } from '../sync/retire.ts';
import { planUpload } from './upload-plan.ts';
import { unreadableUpload, type StoredUpload } from './uploads.ts';
import type { UploadAnswer } from './answers/upload.ts';

export type { UploadAnswer } from './answers/upload.ts';

/** A mapping chosen for the upload: its columns, and the saved mapping's name when it is one. */
export interface ChosenMapping {
  columns: Columns;
  saved: string | null;
}

export async function answerUpload(
  upload: StoredUpload,
  desk: StoreDesk,
  lang: Lang,
  chosen?: ChosenMapping,
  /** The sheet is the whole catalog (the upload's absentStatus): what it no longer lists is retired. */
  absent?: AbsentSetting,
): Promise<UploadAnswer> {
  try {
    let mapping = chosen;
    // The head as the aliases read it; read again only when a mapping reads it otherwise.
    let head = mapping === undefined ? await readHead(upload.path, desk.maxTextLength, undefined, true) : null;
    if (head) {
      const saved = await mappingFor(mappingsDir(desk), head.headers);
      if (saved) mapping = { columns: saved.columns, saved: saved.name };
    }
    if (mapping) await keepMapping(upload, mapping.columns);
    const plan = await planUpload(upload, desk, lang, { absent, columns: mapping?.columns });
    if (mapping) head = await readHead(upload.path, desk.maxTextLength, mapping.columns, true);
    return {
      uploadId: upload.uploadId,
      name: upload.name,
      bytes: upload.bytes,
      valid: plan.valid,
      sheets: plan.sheets,
      guard: plan.guard,
      mappingUsed: mapping?.saved ?? null,
      mapping: head?.needsMapping ? proposalOf(head) : null,
    };
  } catch (error) {
    if (error instanceof SheetFileError) throw unreadableUpload(error, upload, lang);
    throw error;
  }
}
