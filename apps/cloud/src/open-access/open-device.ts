// Device routes without a credential (activation issues it): every attempt is counted per
// client address first, refusals included, so codes cannot be guessed at speed.
import { DEVICE_API_BASE_PATH } from '@fiscal-pos/platform-protocol';
import type { AppContext } from '../context.js';
import { countOrRefuse, type AddressLimiter } from '../http/address-limiter.js';
import type { Access } from '../http/route.js';

export function openDevice(
  attempts: (ctx: AppContext) => { limiter: AddressLimiter; refusal: string },
): Access<AppContext, object> {
  return {
    name: 'open',
    basePath: DEVICE_API_BASE_PATH,
    admit: (ctx, request, reply) => {
      const { limiter, refusal } = attempts(ctx);
      countOrRefuse(limiter, request.ip, reply, refusal);
      return {};
    },
    doc: { who: 'Needs no credential; attempts are limited per client address.', tag: 'device' },
  };
}
