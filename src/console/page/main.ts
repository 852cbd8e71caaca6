/**
 * The console's script, bundled by esbuild (src/console/page-bundle.ts) and served as
 * /assets/page.js, for both pages: the home page (an upload up to its Send, the past batches, the
 * panels) and a batch's page (its progress, reasons, fix grid, undo). Each concern is a module of
 * its own; they talk through DOM events (events.ts).
 */
import { api } from './api.ts';
import { hideGuard, startGuard } from './guard.ts';
import { startChanges } from './changes.ts';
import { startBatchColumns, startColumns } from './columns.ts';
import { maybe } from './dom.ts';
import { on } from './events.ts';
import { startFixGrid } from './fix-grid.ts';
import { showLineage, showOrigin } from './lineage.ts';
import { startMapping } from './mapping.ts';
import { startBatchNotifications, startNotifyTest } from './notify.ts';
import { startPanels } from './panels.ts';
import { loadPast } from './past.ts';
import { follow, showBatch } from './batch.ts';
import { startReasons } from './reasons.ts';
import { startReconcile } from './reconcile.ts';
import { startRerun, startSending } from './send.ts';
import { startUndo } from './undo.ts';
import { startUploads } from './upload.ts';

function startHome(): void {
  startNotifyTest();
  startColumns();
  startUploads();
  startMapping();
  startChanges();
  startSending();
  startGuard();
  startPanels();
  on('sheet-uploaded', hideGuard);
  void loadPast();
}

function startBatchPage(batchId: string): void {
  startBatchColumns();
  startGuard();
  startReasons();
  startReconcile();
  startUndo();
  startFixGrid();
  startRerun();
  startBatchNotifications();
  // The batch it was made from is linked while it runs; those made from it once it ended.
  void api('GET /api/batches/:id', { id: batchId })
    .then(showOrigin)
    .catch(() => undefined);
  on('batch-end', (batch) => void showLineage(batch));
  // A reconciled batch's counts changed: its progress box shows them.
  on('batch-reconciled', showBatch);
  follow(batchId);
}

// A page of a stores-file login that sees no store now, or a batch this store has not, has nothing to run.
const batchPage = maybe('batch-page');
if (batchPage) startBatchPage(JSON.parse(batchPage.textContent ?? '""') as string);
else if (maybe('drop-zone')) startHome();
