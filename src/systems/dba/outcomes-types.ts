/** The outcomes a DBA 3.0 element can suffer from one combat, worst first (DBA 3.0 Combat Outcome). */
export const DBA_OUTCOMES = ['destroyed', 'flee', 'recoil', 'none'] as const;
export type DbaOutcome = (typeof DBA_OUTCOMES)[number];
