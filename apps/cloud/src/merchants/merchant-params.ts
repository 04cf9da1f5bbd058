// The path of every administration resource that belongs to a merchant.
import { z } from 'zod';

export const MerchantParams = z.object({ merchantId: z.string().max(100) });
