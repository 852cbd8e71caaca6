/**
 * Job files that do not check, told where people look: the log, and a schedule.failed
 * notification (code job_file_invalid) stamped with the file's modification time, so its id is the
 * same each time the same file is read again (each worker start, every worker of the store): a
 * queue that still holds it does not send it twice.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Logger } from '../log.ts';
import { JOB_FILE_INVALID } from '../notify/event.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { JobFileError } from './job-file.ts';

export async function reportJobProblems(
  problems: readonly JobFileError[],
  deps: { logger: Logger; notify?: Pick<Notifier, 'scheduleFailed'> | undefined },
): Promise<void> {
  for (const problem of problems) {
    deps.logger.error({ file: problem.file, key: problem.key, err: problem }, 'job file skipped: it does not check');
    if (!deps.notify) continue;
    const saved = await stat(problem.file).then(
      (stats) => stats.mtimeMs,
      () => Date.now(),
    );
    try {
      await deps.notify.scheduleFailed({
        job: basename(problem.file).replace(/\.ya?ml$/i, ''),
        source: problem.file,
        at: new Date(Math.floor(saved)).toISOString(),
        error: { code: JOB_FILE_INVALID, message: problem.message },
      });
    } catch (error) {
      deps.logger.error({ err: error, file: problem.file }, 'the notification of a skipped job file was not recorded');
    }
  }
}
