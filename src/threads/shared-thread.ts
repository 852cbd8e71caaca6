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
  /** Whether this open session keeps the process alive (e.g. only while it waits for a reply). */
  keepAlive(on: boolean): void;
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

  /** A session keeps the process alive until it is closed or says otherwise (keepAlive(false)). */
  open(session: ThreadSession<From>): SessionHandle<To> {
    const worker = this.running();
    const id = this.nextId++;
    this.sessions.set(id, session);
    let alive = false;
    const keepAlive = (on: boolean) => {
      // A session of a thread that died was dropped (and counted out) already.
      if (on === alive || this.worker !== worker || !this.sessions.has(id)) return;
      alive = on;
      if (on && this.alive++ === 0) worker.ref();
      if (!on && --this.alive === 0) worker.unref();
    };
    keepAlive(true);
    return {
      id,
      post: (message) => worker.postMessage(message),
      keepAlive,
      close: () => {
        keepAlive(false);
        this.sessions.delete(id);
      },
    };
  }

  /** Starts the thread ahead of its first session (it keeps nothing alive meanwhile). */
  start(): void {
    this.running();
  }

  /** Whether the thread is running (or starting). */
  get started(): boolean {
    return this.worker !== null;
  }

  /** Stops the thread; open sessions fail. For tests and shutdown. */
  async stop(): Promise<void> {
    await this.worker?.terminate();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(ENTRY, { workerData: { module: this.module.href } });
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
    // After the listeners: adding a 'message' listener refs the worker's port again.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
