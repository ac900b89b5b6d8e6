/**
 * Makes SQLite's committed WAL frames durable from libuv's thread pool
 * instead of inside COMMIT on the event loop.
 *
 * With `synchronous=FULL`, SQLite fsyncs the WAL inside every COMMIT: the
 * server's only thread waits for the disk (0.5–1 ms a commit on this
 * machine, 100 ms when a disk stalls), and every room waits with it. Under
 * `synchronous=NORMAL` a COMMIT only writes the frames to the file (the OS
 * page cache: a killed process loses nothing); this class then fsyncs that
 * file asynchronously, and the store resolves a write only once the fsync
 * that followed its COMMIT has finished — the same guarantee as FULL (a
 * resolved write survives a power cut), with the loop free meanwhile.
 *
 * Calls coalesce: a sync asked for while one runs waits for the next fsync
 * (the running one may have started before the caller's COMMIT), and every
 * caller of that wait shares it. A failed fsync fails every later sync too:
 * after a failed fsync the kernel may have dropped the dirty pages, so no
 * later fsync can vouch for them (PostgreSQL's "fsyncgate").
 */
import { closeSync, fstatSync, fsync, openSync, statSync } from 'node:fs';

type Fsync = (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void;

export class WalFsync {
  private fd: number | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private broken: Error | null = null;

  /** `fsyncFn` is Node's fs.fsync; tests pass their own to hold or fail a sync. */
  constructor(
    private readonly walPath: string,
    private readonly fsyncFn: Fsync = fsync,
  ) {}

  /** Resolves once every frame committed before this call is on disk. */
  sync(): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    if (!this.running) return this.start();
    const after = () => {
      this.next = null;
      return this.start();
    };
    this.next ??= this.running.then(after, after);
    return this.next;
  }

  /** Waits for the fsyncs in flight (a close), then lets go of the file. */
  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.next]);
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private start(): Promise<void> {
    const run = new Promise<void>((resolve, reject) => {
      let fd: number;
      try {
        fd = this.file();
      } catch (e) {
        reject(this.fail(e));
        return;
      }
      this.fsyncFn(fd, (err) => (err ? reject(this.fail(err)) : resolve()));
    });
    this.running = run;
    const clear = () => {
      if (this.running === run) this.running = null;
    };
    run.then(clear, clear);
    return run;
  }

  /**
   * The WAL's descriptor, opened on first use (SQLite creates the file with
   * its first write). Reopened if the path names another file than the one
   * held (SQLite deletes the WAL when the last connection to it closes): an
   * fsync of a deleted file would vouch for nothing.
   */
  private file(): number {
    if (this.fd !== null && fstatSync(this.fd).ino === statSync(this.walPath).ino) return this.fd;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.fd = openSync(this.walPath, 'r+');
    return this.fd;
  }

  private fail(e: unknown): Error {
    this.broken ??= new Error(`fsync of ${this.walPath} failed, so no later write can be vouched for: ${(e as Error)?.message ?? e}`);
    return this.broken;
  }
}
