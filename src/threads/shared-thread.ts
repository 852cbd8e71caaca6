/**
 * A worker thread shared by the whole process, started on first use, serving any number of
 * sessions at once (messages carry the session id). It is ref'd only while a session is open, so
 * a finished CLI exits on its own. If it dies, every open session is told why, and the next
 * session starts a fresh thread.
 */
import { Worker } from 'node:worker_threads';

/** Plain JS: registers tsx's loader in the thread, then imports the thread's TypeScript module. */
const ENTRY = new URL('./ts-thread.js', import.meta.url);

export interface ThreadSession<From> {
  receive(message: From): void;
  /** The thread stopped: no more messages will come. */
  fail(error: Error): void;
}

export interface SessionHandle<To> {
  readonly id: number;
  post(message: To): void;
  /** The session is over: the thread may be unref'd. Idempotent. */
  close(): void;
}

export class SharedThread<To extends { id: number }, From extends { id: number }> {
  private worker: Worker | null = null;
  private readonly sessions = new Map<number, ThreadSession<From>>();
  private nextId = 1;
  /** Open sessions that keep the process alive (the worker is ref'd while there are any). */
  private alive = 0;
  private crash: Error | null = null;

  constructor(
    /** The thread's TypeScript module. */
    private readonly module: URL,
    /** For error messages: "the <name> thread stopped". */
    private readonly name: string,
  ) {}

  /** `keepAlive: false`: a session that may stay open while the process has nothing else to do. */
  open(session: ThreadSession<From>, options: { keepAlive?: boolean } = {}): SessionHandle<To> {
    const worker = this.running();
    const id = this.nextId++;
    const keepAlive = options.keepAlive ?? true;
    if (keepAlive && this.alive++ === 0) worker.ref();
    this.sessions.set(id, session);
    let open = true;
    return {
      id,
      post: (message) => worker.postMessage(message),
      close: () => {
        if (!open) return;
        open = false;
        // A session of a thread that died was dropped (and counted out) already.
        const current = this.sessions.delete(id);
        if (keepAlive && current && --this.alive === 0) worker.unref();
      },
    };
  }

  /** Stops the thread; open sessions fail. For tests and shutdown. */
  async stop(): Promise<void> {
    await this.worker?.terminate();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(ENTRY, { workerData: { module: this.module.href } });
    worker.unref();
    worker.on('message', (message: From) => this.sessions.get(message.id)?.receive(message));
    // 'error' (an exception in the thread) is always followed by 'exit': sessions fail there.
    worker.on('error', (error) => {
      this.crash ??= error;
    });
    worker.on('messageerror', (error) => {
      this.crash ??= error;
      void worker.terminate();
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      const reason = this.crash ? this.crash.message : `exit code ${code}`;
      const error = new Error(`the ${this.name} thread stopped (${reason})`, { cause: this.crash ?? undefined });
      this.crash = null;
      const sessions = [...this.sessions.values()];
      this.sessions.clear();
      this.alive = 0;
      for (const session of sessions) session.fail(error);
    });
    this.worker = worker;
    return worker;
  }
}
