/** What an app builds: each piece on first use, closed together, the last built first. */
export class Lifecycle {
  private readonly closers: (() => Promise<void>)[] = [];

  /** `build` runs on the first call; every call gets its one result. */
  once<T>(build: () => Promise<T>): () => Promise<T> {
    let built: Promise<T> | undefined;
    return () => (built ??= build());
  }

  onClose(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  async close(): Promise<void> {
    // Last built, first closed: the ledger after the clients and workers using it, Redis last.
    for (const close of this.closers.splice(0).reverse()) await close();
  }
}
