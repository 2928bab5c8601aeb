// Types of node-flags.js (the launcher's settings, plain JavaScript: it runs before tsx is registered).
export declare const GC_FLAG: string;
export declare const JIT_FLAGS: readonly string[];
export declare const HEAP_FLAGS: readonly string[];
export declare const TUNING_FLAGS: readonly string[];
export declare function missingFlags(given: readonly string[], wanted: readonly string[]): string[];
