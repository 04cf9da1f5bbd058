import type { Clock } from '../clock.js';
import type { DeviceClient } from './device-client.js';
import { updatePlatformFile, type PlatformFile } from './platform-file.js';

/**
 * Asks the cloud for a successor of the device credential and stores it in platform.json
 * (atomically, fsynced) before anything uses it. The cloud keeps the old credential valid until
 * the successor's first use, so a crash, a full disk or a lost answer before the store leaves
 * the terminal working with the old one; the successor it never kept is revoked by the cloud at
 * the next rotation. The caller's next call with the stored credential retires the old one.
 */
export async function rotateDeviceCredential(
  dataDir: string,
  client: DeviceClient,
  clock: Clock,
): Promise<PlatformFile> {
  const deviceCredential = await client.rotateCredential();
  return updatePlatformFile(dataDir, (file) => ({
    ...file,
    deviceCredential,
    deviceCredentialIssuedAt: clock.now().toISOString(),
  }));
}
