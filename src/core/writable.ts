/**
 * A readonly interface with its fields writable: the object a hot path fills in place and hands on as the
 * readonly interface, instead of making a new one each time (the reader keeps nothing).
 */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };
