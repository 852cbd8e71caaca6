/**
 * The console page's script, bundled by esbuild (src/console/page-bundle.ts) and served as
 * /assets/page.js. Each concern is a module of its own; they talk through DOM events (events.ts).
 */
import { hideGuard, startGuard } from './guard.ts';
import { startChanges } from './changes.ts';
import { startColumns } from './columns.ts';
import { maybe } from './dom.ts';
import { on } from './events.ts';
import { startFixGrid } from './fix-grid.ts';
import { startMapping } from './mapping.ts';
import { startNotifications } from './notify.ts';
import { startPanels } from './panels.ts';
import { loadPast } from './past.ts';
import { showBatch } from './batch.ts';
import { startReasons } from './reasons.ts';
import { startReconcile } from './reconcile.ts';
import { startSending } from './send.ts';
import { startUndo } from './undo.ts';
import { startUploads } from './upload.ts';

// A page of a stores-file login that sees no store now has nothing to run.
if (maybe('drop-zone')) {
  startColumns();
  startUploads();
  startMapping();
  startChanges();
  startSending();
  startGuard();
  startReasons();
  startReconcile();
  startUndo();
  startFixGrid();
  startPanels();
  startNotifications();
  on('sheet-uploaded', hideGuard);
  on('batch-end', () => void loadPast());
  // A reconciled batch's counts changed: its progress box and the past batches show them.
  on('batch-reconciled', (batch) => {
    showBatch(batch);
    void loadPast();
  });
  void loadPast();
}
