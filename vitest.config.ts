import { defineConfig } from 'vitest/config';

/**
 * Tests that spawn processes (the CLI, workers, a private redis-server that they stop and
 * restart): the slowest, and the ones that need the whole machine. `npm run test:fast` leaves
 * them out for the inner loop; `npm test` runs both projects.
 */
const processTests = [
  'test/intake/claims.test.ts',
  'test/ledger/lock.test.ts',
  'test/ledger/home.test.ts',
  'test/ledger/kill-durable.test.ts',
  'test/intake/watch-crash.test.ts',
  'test/sandbox/cli.test.ts',
  'test/store/answer-cap.test.ts',
  'test/store/keep-alive.test.ts',
  'test/sync/crash.test.ts',
  'test/sync/login-fails-mid-batch.test.ts',
  'test/sync/denied-product-id.test.ts',
  'test/sync/unsent-after-crash.test.ts',
  'test/sync/redis-outage-log.test.ts',
  'test/sync/store-rate.test.ts',
  'test/sync/worker-sigterm.test.ts',
  'test/sync/worker-sigterm-redis-down.test.ts',
  'test/sync/worker-idle-redis-down.test.ts',
  'test/intake/watch-sigterm.test.ts',
  'test/console/serve-sigterm.test.ts',
  'test/sync/worker-ledger.test.ts',
  'test/console/browser.test.ts',
  'test/console/stores-browser.test.ts',
  'test/console/operator-fix.test.ts',
  'test/console/operator-batch-page.test.ts',
  'test/console/operator-unknown.test.ts',
  'test/console/operator-words.test.ts',
  'test/console/operator-warnings.test.ts',
  'test/console/operator-mapping.test.ts',
  'test/notify/mail-fix-link.test.ts',
  'test/console/operator-reconcile.test.ts',
  'test/console/operator-undo.test.ts',
  'test/console/operator-one-story.test.ts',
  'test/console/operator-guard.test.ts',
  'test/console/operator-category-names.test.ts',
  'test/console/operator-retire.test.ts',
  'test/console/operator-asset.test.ts',
  'test/console/operator-paging.test.ts',
  'test/console/operator-file-error.test.ts',
  'test/console/operator-guide.test.ts',
  'test/console/serve-stores.test.ts',
  'test/console/serve-env-file.test.ts',
  'test/console/serve-ledger-beside.test.ts',
  'test/console/worker-metrics.test.ts',
  'test/console/proxy.test.ts',
  'test/cli/output.test.ts',
  'test/messages/cli-arabic.test.ts',
  'test/messages/cli-file-error.test.ts',
  'test/sync/no-worker.test.ts',
  'test/intake/drop-whole.test.ts',
  'test/cli/terminal.test.ts',
  'test/cli/build-swap.test.ts',
  'test/intake/watch-alive.test.ts',
  'test/sync/service-lines.test.ts',
  'test/stores/two-stores.test.ts',
  'test/stores/watch-stores.test.ts',
  'test/stores/mail-per-store.test.ts',
  'test/stores/bad-job-file.test.ts',
  'test/stores/agency-words.test.ts',
  'test/stores/worker-store-hangs.test.ts',
  'test/stores/cluster.test.ts',
  'test/stores/sandbox-stores.test.ts',
  'test/stores/leases.test.ts',
  'test/stores/cluster-failover.test.ts',
  'test/stores/store-connections.test.ts',
  'test/stores/cluster-connections.test.ts',
  'test/stores/idle-stores.test.ts',
  'test/stores/cluster-leases.test.ts',
  'test/notify/restart.test.ts',
  'test/notify/console-page.test.ts',
  'test/cli/start-up-loads.test.ts',
  'test/intake/sshd-start.test.ts',
  'test/intake/sftp-password.test.ts',
  'test/intake/source-secrets.test.ts',
];

/**
 * Tests whose judge is a store's request log under load (requests per second, never over the
 * limit in any second): run after every other test file, one at a time, so the suite's own
 * processes do not starve the store that stamps the arrivals. Their stores run in processes of
 * their own at a higher priority (test/helpers/child-sandbox.ts).
 */
const rateTests = [
  'test/store/rate-limit.test.ts',
  'test/sync/rate-under-restart.test.ts',
  'test/stores/worker-pool.test.ts',
];

export default defineConfig({
  test: {
    // Safety nets, not timings: on two cores shared with other work, a child process can take
    // tens of seconds to start, and a test waits on events, never on these. 240 s since a machine
    // that ran plain JavaScript 2-3x slower than before, at load 13-18, took rate-under-restart's
    // three worker processes and a restart past 120 s.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // expect.poll waits until its check holds; vitest's 1 s default is a timing, and a CI run at load
    // 13-18 saw a browser's second upload show after it (operator-mapping, ar). The browser tests'
    // element wait is 90 s too (test/helpers/chromium.ts).
    expect: { poll: { timeout: 90_000 } },
    // Two cores: end-to-end suites start servers and workers of their own.
    maxWorkers: 2,
    reporters: ['default'],
    // A home of its own per test file: the per-user ledger never lands in the real one.
    setupFiles: ['test/helpers/state-home.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: [...processTests, ...rateTests],
          // Its files share a worker's modules: on an idle 2-core machine they spent 101 s of 189 s
          // importing (bullmq, got, fastify, our graph) once per file. Each file still gets its own
          // home (setupFiles run per file), prefix, sandbox and temp folders from the test worlds.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      // They run bin/catalog-sync.js, which runs dist/: built (incrementally) before they start.
      {
        extends: true,
        test: {
          name: 'processes',
          include: processTests,
          globalSetup: ['test/helpers/build-dist.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'rates',
          include: rateTests,
          globalSetup: ['test/helpers/build-dist.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
