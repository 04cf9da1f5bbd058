import { cloudMemoryAfterRequests } from './cloud-memory.js';
import { seedProducts } from './cloud-bench.js';
console.log(process.env.PGLITE_CONF ?? 'default', JSON.stringify(await cloudMemoryAfterRequests(seedProducts)));
