/** The shape of a DBM army file (docs/armies.md "The format"); the notation inside is notation.ts. */
import { z } from 'zod';

/** A command: its general and troops (`general` with `troops`, or the whole of it as `command`). */
export const armyCommandSchema = z
  .object({
    name: z.string().min(1).optional(),
    command: z.string().min(1).optional(),
    general: z.string().min(1).optional(),
    troops: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
    wing: z.enum(['left', 'centre', 'right']),
    line: z.enum(['front', 'second', 'reserve']).optional(),
  })
  .strict();

export const armyFileSchema = z
  .object({
    name: z.string().min(1),
    /** The army list imitated: book, list and name. */
    list: z.string().min(1),
    date: z.union([z.string().min(1), z.number()]).optional(),
    /** The choices the file makes, in words. */
    choices: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    /** Where the proportions come from, and what is the author's judgement. */
    proportions: z.string().min(1).optional(),
    notes: z.string().optional(),
    /** The budget the file is fitted to when the caller gives none. */
    budget: z.number().positive().max(10_000).optional(),
    commands: z.array(armyCommandSchema),
  })
  .strict();

/** The file with its commands left unchecked (each is checked on its own, so every problem is found). */
export const armyFileTopSchema = armyFileSchema.extend({ commands: z.array(z.unknown()) });

export type ArmyFile = z.output<typeof armyFileSchema>;
export type ArmyFileCommand = z.output<typeof armyCommandSchema>;
