/**
 * The combat signature (ARCHITECTURE.md "Engagements"): everything a file-vs-file combat's outcome table
 * depends on besides the two sides' templates, declared once. The table index of a signature, the key of
 * its cached table, its trace and the adapter's arguments (adapter.ts CombatSignature) are all derived
 * from this one list of dimensions and radices.
 */

/** A dimension of the signature: its name in adapter.ts CombatSignature, and how many values it takes. */
interface Dimension {
  readonly name: SignatureField;
  /** Values 0 .. radix-1; `flank` dimensions take the config's flank range (adapter.ts flankRange). */
  readonly radix: number | 'flankA' | 'flankB';
}

/** The numeric fields of a signature, in index order (least significant first). */
export type SignatureField =
  | 'owner'
  | 'overlapsA'
  | 'overlapsB'
  | 'movedA'
  | 'movedB'
  | 'flankA'
  | 'flankB'
  | 'flankContactsA'
  | 'flankContactsB'
  | 'shakenA'
  | 'shakenB';

/**
 * The dimensions, least significant first. The first seven are a combat's "plain" part (whose bound,
 * overlaps, who moved into contact, the system's flank values); the last four (flank contacts, a
 * demoralised command) are zero in most combats, so a signature with them zero indexes the plain part
 * alone (PLAIN: a small dense array per pair of templates).
 */
export const DIMENSIONS: readonly Dimension[] = [
  { name: 'owner', radix: 2 },
  { name: 'overlapsA', radix: 3 },
  { name: 'overlapsB', radix: 3 },
  { name: 'movedA', radix: 2 },
  { name: 'movedB', radix: 2 },
  { name: 'flankA', radix: 'flankA' },
  { name: 'flankB', radix: 'flankB' },
  { name: 'flankContactsA', radix: 3 },
  { name: 'flankContactsB', radix: 3 },
  { name: 'shakenA', radix: 2 },
  { name: 'shakenB', radix: 2 },
];

/** How many leading dimensions make the plain part. */
const PLAIN = 7;

/** A signature as numbers, one per dimension (DIMENSIONS order). */
export type SignatureValues = Readonly<Record<SignatureField, number>>;

/** The index space of signatures for a config's two flank ranges. */
export interface SignatureSpace {
  /** Per dimension (DIMENSIONS order): its radix, and the step of its value in the index. */
  readonly radices: Int32Array;
  readonly strides: Int32Array;
  /** Signatures of the plain part (every later dimension 0): indices 0 .. plain - 1. */
  readonly plain: number;
  /** All signatures. */
  readonly size: number;
  /**
   * The close combat of a pair in each side's bound (owner 0, then 1), the owner having moved into contact
   * and nothing else (what decide.ts weighs a pair by: prepare.ts pairValue).
   */
  readonly charge: readonly [number, number];
}

/** Signature spaces by their two flank ranges (a config's is asked for once per line-up). */
const spaces = new Map<number, SignatureSpace>();

/**
 * The signature space of two flank ranges (1 where a system has no flank values): one shared object per
 * pair of ranges, never changed.
 */
export function signatureSpace(flankA: number, flankB: number): SignatureSpace {
  // Flank ranges are small whole numbers (a system's flank values): the key is exact below 2^20.
  if (!(flankA < 2 ** 20 && flankB < 2 ** 20)) return makeSpace(flankA, flankB);
  const key = flankA * 2 ** 20 + flankB;
  let space = spaces.get(key);
  if (!space) {
    space = makeSpace(flankA, flankB);
    spaces.set(key, space);
  }
  return space;
}

/** Every dimension 0. */
const NO_SIGNATURE = Object.fromEntries(DIMENSIONS.map((d) => [d.name, 0])) as SignatureValues;

function makeSpace(flankA: number, flankB: number): SignatureSpace {
  const radices = Int32Array.from(DIMENSIONS, (d) =>
    d.radix === 'flankA' ? flankA : d.radix === 'flankB' ? flankB : d.radix,
  );
  const strides = new Int32Array(radices.length);
  let size = 1;
  let plain = 1;
  radices.forEach((r, i) => {
    strides[i] = size;
    size *= r;
    if (i < PLAIN) plain = size;
  });
  const space = { radices, strides, plain, size, charge: [0, 0] as [number, number] };
  for (const owner of [0, 1] as const)
    space.charge[owner] = signatureIndex(space, {
      ...NO_SIGNATURE,
      owner,
      movedA: owner === 0 ? 1 : 0,
      movedB: owner === 1 ? 1 : 0,
    });
  return space;
}

/** The index of a signature in its space. */
export function signatureIndex(space: SignatureSpace, s: SignatureValues): number {
  let index = 0;
  DIMENSIONS.forEach((d, i) => {
    const v = s[d.name];
    if (!(v >= 0 && v < space.radices[i]!)) throw new Error(`signature ${d.name} ${v} is out of range`);
    index += v * space.strides[i]!;
  });
  return index;
}

/**
 * The signature of an index (for traces and the adapter's arguments), one value per dimension. It is read
 * for every combat table built, so its object is written out field by field in DIMENSIONS order (one
 * hidden class, where fields added by name as the dimensions came made V8's accesses megamorphic); the
 * test holds the two orders together.
 */
export function signatureOf(space: SignatureSpace, index: number): SignatureValues {
  const { strides: s, radices: r } = space;
  const at = (i: number) => Math.floor(index / s[i]!) % r[i]!;
  return {
    owner: at(0),
    overlapsA: at(1),
    overlapsB: at(2),
    movedA: at(3),
    movedB: at(4),
    flankA: at(5),
    flankB: at(6),
    flankContactsA: at(7),
    flankContactsB: at(8),
    shakenA: at(9),
    shakenB: at(10),
  };
}
