// How many document jobs a batch runs and the memory each may take, chosen from this machine's memory (its cgroup's
// limit when there is one) and cores.
import { availableParallelism, totalmem } from 'node:os'

/** What a batch may use: the memory pdftriage takes the machine to have and its cores. */
export interface Machine {
  /** MB (MiB): the machine's memory, or its container's limit when that is lower. */
  memoryMb: number
  cores: number
}

/**
 * Environment variable naming the machine's memory in MB, for a machine whose limit Node cannot see (a container
 * limited another way than by its cgroup) and to try what a smaller machine would choose.
 */
export const MACHINE_MEMORY_ENV = 'PDFTRIAGE_MACHINE_MEMORY_MB'

/** This machine: os.totalmem(), lowered to the cgroup's limit when there is one, or MACHINE_MEMORY_ENV; its cores. */
export function thisMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  const mb = (bytes: number): number => Math.floor(bytes / 2 ** 20)
  let memoryMb = mb(totalmem())
  // Without a limit Node reports 0 or a huge number (2^64 under cgroup v1).
  const limit = process.constrainedMemory?.() ?? 0
  if (limit > 0 && mb(limit) < memoryMb) memoryMb = mb(limit)
  const given = Number(env[MACHINE_MEMORY_ENV])
  if (env[MACHINE_MEMORY_ENV] !== undefined && Number.isFinite(given) && given > 0) memoryMb = Math.floor(given)
  return { memoryMb, cores: availableParallelism() }
}

/**
 * Share of the machine's memory the whole process tree of a batch may reach (the main process and every document
 * process): the other half is the system's, its file cache and the other programs'. On a 4 GB machine that is the
 * 2 GB the hostile batch must stay under.
 */
export const TREE_MEMORY_SHARE = 0.5

/**
 * Memory kept for the main process (it holds the modules, the index and the records in flight): it peaked at 72 MB
 * resident over a hostile batch of 113 files (`run --jobs 2`); the rest is room for a large batch's index.
 */
export const MAIN_PROCESS_MB = 200

/**
 * Least memory a document process is given: one OCRing scans with two tesseract workers peaks at 430-510 MB, one
 * triaging 1,280 pages near 280 MB. A machine too small for one such process still gets one job with this much.
 */
export const JOB_MIN_MB = 600

/**
 * Most memory a document process is given whatever the machine: a page holding one 9000 x 9000 image takes 2.2 GB to
 * render at 300 dpi and its document peaked at 2.6 GB with OCR; a bomb is stopped long before it takes a large host.
 */
export const JOB_MAX_MB = 3000

/** The document jobs and the memory limit of each, and the sentence saying why. */
export interface Resources {
  jobs: number
  maxMemoryMb: number
  /** "chose ... from the machine's ...": for the run's log. */
  note: string
}

/**
 * Jobs and each job's memory limit from the machine: the tree may use TREE_MEMORY_SHARE of the memory, the main
 * process MAIN_PROCESS_MB of it, the rest is shared between the jobs, each given at least JOB_MIN_MB (so there are
 * no more jobs than that allows, and no more than cores) and at most JOB_MAX_MB. A value given (a flag) wins; the
 * other is derived from it.
 */
export function chooseResources(machine: Machine, given: { jobs?: number; maxMemoryMb?: number } = {}): Resources {
  const forJobs = Math.max(0, machine.memoryMb * TREE_MEMORY_SHARE - MAIN_PROCESS_MB)
  const cores = Math.max(1, machine.cores)
  const jobs = given.jobs ?? Math.max(1, Math.min(cores, Math.floor(forJobs / JOB_MIN_MB)))
  const maxMemoryMb = given.maxMemoryMb ?? Math.min(JOB_MAX_MB, Math.max(JOB_MIN_MB, Math.floor(forJobs / jobs)))
  const gb = (machine.memoryMb / 1024).toFixed(1).replace(/\.0$/, '')
  const how = (flag: string, v: number | undefined) => (v === undefined ? '' : ` (${flag} given)`)
  const note =
    `chose max-memory ${maxMemoryMb} MB${how('--max-memory', given.maxMemoryMb)}, jobs ${jobs}${how('--jobs', given.jobs)} ` +
    `from the machine's ${gb} GB / ${cores} cores`
  return { jobs, maxMemoryMb, note }
}
