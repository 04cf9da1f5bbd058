import { join } from 'node:path';
import type { Clock } from '../clock.js';
import { withProcessLock } from '../storage/process-lock.js';
import type { DeviceClient } from './device-client.js';
import { readActivatedPlatformFile, updatePlatformFile, type PlatformFile } from './platform-file.js';

export interface RotateCredentialOptions {
  dataDir: string;
  /** Calls the cloud with the credential stored in platform.json at the time of the call. */
  client: DeviceClient;
  clock: Clock;
  /** The client's timeout: a holder of the lock is done within it, so a waiter waits twice that. */
  cloudTimeoutMs: number;
  /** Whether the file, as it is once the lock is held, still asks for a rotation (default: yes). */
  due?: (file: PlatformFile) => boolean;
  /** Another process is rotating: this one waits for it. */
  onWait?: () => void;
}

/**
 * Asks the cloud for a successor of the device credential and stores it in platform.json
 * (atomically, fsynced) before anything uses it. The cloud keeps the old credential valid until
 * the successor's first use, so a crash, a full disk or a lost answer before the store leaves
 * the terminal working with the old one; the successor it never kept is revoked by the cloud at
 * the next rotation. The caller's next call with the stored credential retires the old one.
 *
 * One rotation at a time across processes (the command beside the running terminal's sync):
 * two at once would both rotate the same credential, the cloud would revoke the first
 * successor when issuing the second, and the file could end up holding the revoked one. Under
 * the lock the file is read again, so a rotation that waited starts from the credential the
 * other one stored, or finds it is no longer due. Answers null when it did not rotate.
 */
export async function rotateDeviceCredential(o: RotateCredentialOptions): Promise<PlatformFile | null> {
  const lock = { waitMs: 2 * o.cloudTimeoutMs, ...(o.onWait ? { onWait: o.onWait } : {}) };
  return withProcessLock(join(o.dataDir, 'credential-rotation.lock'), lock, async () => {
    if (o.due && !o.due(readActivatedPlatformFile(o.dataDir))) return null;
    const deviceCredential = await o.client.rotateCredential();
    return updatePlatformFile(o.dataDir, (file) => ({
      ...file,
      deviceCredential,
      deviceCredentialIssuedAt: o.clock.now().toISOString(),
    }));
  });
}
