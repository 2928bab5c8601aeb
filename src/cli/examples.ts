/**
 * A few `odds` command lines per built-in rule system, for `odds --rules X --help` (docs/situation.md has
 * the rest). test/cli/help.test.ts runs every one of them.
 */
const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  dbm: [
    'debellator odds "Reg Bd(O)" "Irr Wb(S)" --a-general --a-overlapped 1 --b-rear "Irr Wb(S)"',
    'debellator odds "Reg Bw(S)" "Irr Pk(I)" --shooting --a-aiders 2 --rules dbm-3.0',
    'debellator odds "Reg Bd(O)" "Irr Kn(S)" --bounds 3',
    'debellator odds "Reg Bw(O)" "Irr Kn(F)" --shooting --bounds 4',
    'debellator odds --situation scenarios/situations/blades-v-warband.yaml --json',
  ],
  dba: [
    'debellator odds 4Bd 3Kn --rules dba-3.0 --a-general',
    'debellator odds 4Bw 4Bd --rules dba-3.0 --shooting',
    'debellator odds 4Wb 4Pk --rules dba-3.0 --b-rear 4Pk --bounds 5',
  ],
  bnb: [
    'debellator odds "Irr HCh(O)" "Reg Sp(O)" --rules bnb-0.7 --b-rear "Reg Sp(O)"',
    'debellator odds "Reg Bw(O)" "Irr Wb(O)" --rules bnb-0.7 --shooting',
  ],
  gba: [
    'debellator odds --rules gba-5 PH HI --a-tq 7 --a-size 10 --a-moved --b-tq 6 --b-size 8',
    'debellator odds --situation scenarios/situations/phalanx-v-hoplites.yaml',
    'debellator odds --situation scenarios/situations/agrianians-harass-archers.yaml',
  ],
};

/** The examples of a system (none for a system from outside the tool). */
export const oddsExamples = (system: string): readonly string[] => EXAMPLES[system] ?? [];
