import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/**
 * Watches directories for changes to files in them (fs.watch, one watcher per directory):
 * how the server sees a dsq.config.json or a schema file change, appear or go, whatever the
 * client does about watched files. Editors that save by renaming a new file over the old one
 * are seen too (a directory watcher sees the rename). Directories that cannot be watched are
 * skipped: the client's workspace/didChangeWatchedFiles notifications still reach the server.
 */
export class DirectoryWatcher {
  private readonly watchers = new Map<string, FSWatcher>();

  constructor(private readonly onChange: (path: string) => void) {}

  /** Watch exactly these directories: start the new ones, close the others. */
  set(dirs: Iterable<string>): void {
    const wanted = new Set(dirs);
    for (const [dir, w] of this.watchers) {
      if (wanted.has(dir)) continue;
      w.close();
      this.watchers.delete(dir);
    }
    for (const dir of wanted) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = watch(dir, { persistent: false }, (_event, filename) => {
          if (filename) this.onChange(join(dir, filename.toString()));
        });
        w.on('error', () => {
          w.close();
          this.watchers.delete(dir);
        });
        this.watchers.set(dir, w);
      } catch {
        // Missing, unreadable, or out of watch handles: rely on the client's notifications.
      }
    }
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
