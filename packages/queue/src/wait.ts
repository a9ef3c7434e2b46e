// Waiting for a file that another machine may create (a queue's name on a shared folder): watched where the kernel
// can see it, and polled besides.
import { existsSync, watch, type FSWatcher } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * How often a worker waiting for its output folder's queue looks for `queue/name` besides watching for it, ms. Watch
 * events do not come for files that another machine creates on a shared folder (NFS, CephFS: the kernel only sees its
 * own changes), so there the poll is what finds the queue. One `stat` per look costs nothing; 5 s is little beside a
 * producer that first lists and hashes its inputs, and an NFS client may see a new file only once its cache of the
 * folder's attributes expires (acdirmin: 30 s by default) whatever the poll.
 */
export const QUEUE_WAIT_POLL_MS = 5000

/**
 * Resolves true once `file` exists, false if `signal` aborts first. Watches the deepest existing folder on the way to
 * `file`, from `top` down (a folder's creation is an event in its parent), and looks every `pollMs` besides; with
 * `watch` false, only looks. Creates nothing.
 */
export function waitForFile(file: string, o: { pollMs: number; top: string; signal?: AbortSignal; watch?: boolean }): Promise<boolean> {
  const top = resolve(o.top)
  return new Promise<boolean>((res) => {
    if (o.signal?.aborted) return res(false)
    let watcher: FSWatcher | undefined
    let watched: string | undefined
    let settled = false
    const finish = (found: boolean) => {
      if (settled) return
      settled = true
      clearInterval(timer)
      watcher?.close()
      o.signal?.removeEventListener('abort', onAbort)
      res(found)
    }
    const onAbort = () => finish(false)
    /** The deepest existing folder between `top` and `file`'s folder; undefined when not even `top` exists. */
    const deepest = (): string | undefined => {
      for (let d = dirname(resolve(file)); ; d = dirname(d)) {
        if (existsSync(d)) return d
        if (d === top || dirname(d) === d) return undefined
      }
    }
    const look = () => {
      // Arms the watch again until the folder watched is the deepest one, then looks once more: a file or folder made
      // while the watch moved is seen.
      for (;;) {
        if (settled) return
        if (existsSync(file)) return finish(true)
        if (o.watch === false) return
        const d = deepest()
        if (d === watched) return
        watcher?.close()
        watcher = undefined
        watched = d
        if (!d) return
        try {
          watcher = watch(d, { persistent: false }, look)
          watcher.on('error', () => {
            // The folder went away: the next look finds the deepest one again.
            watcher?.close()
            watcher = undefined
            watched = undefined
          })
        } catch {
          // A folder that cannot be watched (no inotify left, an odd mount): the poll alone finds the file.
        }
      }
    }
    const timer = setInterval(look, o.pollMs)
    o.signal?.addEventListener('abort', onAbort, { once: true })
    look()
  })
}
