// Piscina worker entry. Worker threads start without the TypeScript loader the main thread may have
// (bin/debellator.js, vitest), so register tsx here, then hand piscina the kernel dispatcher.
import { register } from 'tsx/esm/api';

register();
const { runShard } = await import('../studies/kernels.ts');

export default runShard;
