// PGlite's directory on Node is Emscripten's NODEFS, whose files have no fsync operation: an
// fsync or fdatasync from PostgreSQL (a commit's WAL flush, a checkpoint) returns success
// without asking the kernel to write anything to the disk. A committed fiscal document then
// survives the process's death (the kernel holds the write) but not a power cut or a crash of
// the machine. This filesystem is NODEFS with the operation added: PostgreSQL's fsync reaches
// the disk through fs.fdatasyncSync (the data and what is needed to read it back, as
// PostgreSQL's own wal_sync_method=fdatasync asks on Linux).
import { fdatasyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
type PreRun = (module: { NODEFS: { stream_ops: Record<string, unknown> } }) => void;

export class DurableNodeFS extends NodeFS {
  /** `sync`: what flushes a file descriptor (a test counts the calls). */
  constructor(
    dataDir: string,
    private readonly sync: (fd: number) => void = fdatasyncSync,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, options: Partial<EmscriptenOptions>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = (emscriptenOpts as { preRun?: PreRun[] }).preRun ?? [];
    const flushToDisk: PreRun = (module) => {
      module.NODEFS.stream_ops.fsync = (stream: { nfd: number }) => {
        this.sync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, flushToDisk] } };
  }
}
