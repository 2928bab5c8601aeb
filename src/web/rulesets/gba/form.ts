/// <reference lib="dom" />
/**
 * The GBA 5e situation form: shock (9.0) or missile fire (8.0), each side a list of unit counters (type,
 * class, TQ, Size, hits, missile class and supply, markers) and an optional leader. It only builds a
 * GbaSituation; parseGbaSituation (with its legality checks) and the rule set do the rest.
 */
import type {
  Facing,
  GbaLeader,
  GbaSide,
  GbaSituation,
  GbaUnit,
  MissileClass,
  MissileSupply,
  UnitClass,
  UnitType,
} from '../../../systems/gba/index.ts';
import { CLASS_OF_TYPE, MISSILE_CLASSES, MISSILE_SUPPLIES, UNIT_TYPES } from '../../../systems/gba/units.ts';
import { chip, labelledSelect, numberField, section, segmented } from '../../view/controls.ts';
import { h } from '../../view/dom.ts';

type Id = 'a' | 'b';
type Emit = (s: GbaSituation) => void;

/** GBA 5e 2.22 unit types, as the counters name them. */
const TYPE_NAMES: Record<UnitType, string> = {
  PH: 'phalanx',
  HI: 'heavy infantry',
  MI: 'medium infantry',
  LI: 'light infantry',
  LP: 'light phalanx',
  SK: 'skirmishers',
  'SK*': 'shock skirmishers',
  HC: 'heavy cavalry',
  LN: 'lancers',
  LC: 'light cavalry',
  EL: 'elephants',
  CH: 'chariots',
  AT: 'artillery',
};
const CLASS_NAMES: Record<UnitClass, string> = {
  HO: 'hoplites',
  HY: 'hypaspists',
  CA: 'cardaces',
  CAT: 'cataphracts',
};
const MISSILE_NAMES: Record<MissileClass, string> = {
  A: 'A archers',
  MA: 'MA mounted archers',
  S: 'S slingers',
  J: 'J javelins',
  MJ: 'MJ mounted javelins',
  ES: 'ES elephant screen',
  B: 'B bolts',
};
const SUPPLY_NAMES: Record<MissileSupply, string> = { full: 'full', low: 'Missile Low', no: 'Missile No' };
const FACING_NAMES: Record<Facing, string> = { front: 'Front', flank: 'Flank', rear: 'Rear' };
const NEW_UNIT: GbaUnit = {
  type: 'HI',
  tq: 6,
  size: 6,
  hits: 0,
  supply: 'full',
  twoHex: false,
  doubleDepth: false,
  moved: false,
  longCharge: false,
  advanceHits: 0,
};

/** Drop one optional key of an object. */
function omit<T extends object, K extends keyof T>(x: T, key: K): Omit<T, K> {
  const { [key]: _old, ...rest } = x;
  return rest;
}

function unitRow(
  id: Id,
  i: number,
  u: GbaUnit,
  s: GbaSituation,
  put: (u: GbaUnit | null) => void,
  count: number,
) {
  const field = `${id}.units.${i}`;
  const label = `${id.toUpperCase()} unit ${i + 1}`;
  const set = (changes: Partial<GbaUnit>) => put({ ...u, ...changes });
  const classes = (Object.keys(CLASS_OF_TYPE) as UnitClass[]).filter((c) => CLASS_OF_TYPE[c] === u.type);
  const flag = (key: 'moved' | 'longCharge' | 'doubleDepth' | 'twoHex', text: string, title?: string) =>
    chip(`${field}.${key}`, text, u[key], (v) => set({ [key]: v }), title);
  const attacker = id === 'a' && s.mode === 'shock';
  return h(
    'li',
    { class: 'rank unit' },
    h('span', { class: 'rank-no' }, `#${i + 1}`),
    labelledSelect(
      `${field}.type`,
      'Type',
      UNIT_TYPES.map((t) => ({ value: t, label: `${t} \u2013 ${TYPE_NAMES[t]}` })),
      u.type,
      // A class belongs to one type; a phalanx is a two-hex counter by default (parse.ts).
      (type) => put({ ...omit(u, 'class'), type, twoHex: type === 'PH', doubleDepth: false }),
      `${label}: type`,
    ),
    classes.length > 0 &&
      labelledSelect(
        `${field}.class`,
        'Class',
        [
          { value: '', label: '\u2013' },
          ...classes.map((c) => ({ value: c, label: `${c} ${CLASS_NAMES[c]}` })),
        ],
        u.class ?? '',
        (c) => put(c === '' ? omit(u, 'class') : { ...u, class: c }),
        `${label}: class`,
      ),
    h(
      'div',
      { class: 'nums' },
      numberField(`${field}.tq`, 'TQ', u.tq, 1, 9, (tq) => set({ tq })),
      numberField(`${field}.size`, 'Size', u.size, 0, 30, (size) => set({ size })),
      numberField(`${field}.hits`, 'Hits', u.hits, 0, 9, (hits) => set({ hits })),
    ),
    h(
      'div',
      { class: 'nums' },
      labelledSelect(
        `${field}.missile`,
        'Missile',
        [
          { value: '', label: 'none' },
          ...MISSILE_CLASSES.map((m) => ({ value: m, label: MISSILE_NAMES[m] })),
        ],
        u.missile ?? '',
        (m) => put(m === '' ? omit(u, 'missile') : { ...u, missile: m }),
        `${label}: missile class`,
      ),
      u.missile !== undefined &&
        labelledSelect(
          `${field}.supply`,
          'Supply',
          MISSILE_SUPPLIES.map((m) => ({ value: m, label: SUPPLY_NAMES[m] })),
          u.supply,
          (supply) => set({ supply }),
          `${label}: missile supply`,
        ),
    ),
    h(
      'div',
      { class: 'chips' },
      attacker && flag('moved', 'Moved to shock', 'Carries a Shock-Must Check marker (7.32)'),
      attacker &&
        (u.type === 'CH' || u.longCharge) &&
        flag('longCharge', 'Long charge', 'Chariot moved 4+ hexes (9.13)'),
      (u.type === 'PH' || u.doubleDepth) && flag('doubleDepth', 'Double depth'),
      flag('twoHex', 'Two-hex counter'),
    ),
    attacker &&
      numberField(`${field}.advanceHits`, 'Hits to advance', u.advanceHits, 0, 9, (advanceHits) =>
        set({ advanceHits }),
      ),
    count > 1 &&
      h(
        'button',
        {
          type: 'button',
          class: 'icon',
          'data-field': `${field}.remove`,
          'aria-label': `Remove ${label}`,
          onclick: () => put(null),
        },
        '\u2715',
      ),
  );
}

function leaderRow(
  id: Id,
  leader: GbaLeader | undefined,
  put: (l: GbaLeader | undefined) => void,
): HTMLElement {
  return h(
    'div',
    { class: 'row' },
    chip(`${id}.leader`, 'Leader', leader !== undefined, (v) => put(v ? { charisma: 1 } : undefined)),
    leader &&
      numberField(`${id}.leader.charisma`, 'Charisma', leader.charisma, 0, 9, (charisma) =>
        put({ ...leader, charisma }),
      ),
    leader &&
      numberField(`${id}.leader.personalCombat`, 'Personal combat', leader.personalCombat ?? 0, 0, 9, (pc) =>
        put({ ...leader, personalCombat: pc }),
      ),
  );
}

function sideCard(id: Id, s: GbaSituation, emit: Emit): HTMLElement {
  const side = s[id];
  const set = (changes: Partial<GbaSide>) => emit({ ...s, [id]: { ...side, ...changes } } as GbaSituation);
  const units = side.units;
  const many = s.mode === 'shock';
  const role = s.mode === 'shock' ? (id === 'a' ? 'attacker' : 'defender') : id === 'a' ? 'firer' : 'target';
  return h(
    'section',
    { class: `side side-${id}`, 'aria-label': `Side ${id.toUpperCase()}` },
    h('h2', {}, h('span', { class: 'badge' }, id.toUpperCase()), ' ', role),
    h(
      'ol',
      { class: 'ranks' },
      units.map((u, i) =>
        unitRow(
          id,
          i,
          u,
          s,
          (next) =>
            set({
              units:
                next === null ? units.filter((_, j) => j !== i) : units.map((x, j) => (j === i ? next : x)),
            }),
          units.length,
        ),
      ),
    ),
    many &&
      units.length < 5 &&
      h(
        'button',
        {
          type: 'button',
          class: 'add',
          'data-field': `${id}.units.add`,
          onclick: () => set({ units: [...units, units.at(-1) ?? NEW_UNIT] }),
        },
        '+ unit',
      ),
    leaderRow(id, side.leader, (leader) => set(leader ? { leader } : omit(side, 'leader'))),
  );
}

function combatRow(s: GbaSituation, emit: Emit): HTMLElement {
  const first = (side: GbaSide): GbaSide => ({ ...side, units: side.units.slice(0, 1) });
  const mode = segmented(
    'mode',
    'Combat',
    [
      { value: 'shock', label: 'Shock' },
      { value: 'missile', label: 'Missile fire' },
    ],
    s.mode,
    (m) => {
      if (m === s.mode) return;
      emit(
        m === 'shock'
          ? {
              rules: s.rules,
              mode: 'shock',
              a: s.a,
              b: s.b,
              facing: 'front',
              attackerFlankThreatened: false,
              terrainShift: 0,
            }
          : {
              rules: s.rules,
              mode: 'missile',
              a: first(s.a),
              b: first(s.b),
              range: 1,
              downhill: false,
              targetInWoods: false,
              throughFront: true,
              firerMoved: false,
            },
      );
    },
  );
  if (s.mode === 'shock') {
    return h(
      'div',
      { class: 'combat' },
      mode,
      segmented(
        'facing',
        'Through the defender\u2019s',
        (['front', 'flank', 'rear'] as const).map((f) => ({ value: f, label: FACING_NAMES[f] })),
        s.facing,
        (facing) => emit({ ...s, facing }),
      ),
      section(
        'gba.combat.more',
        'More circumstances',
        h(
          'div',
          { class: 'chips' },
          chip('attackerFlankThreatened', 'Attacker flank threatened', s.attackerFlankThreatened, (v) =>
            emit({ ...s, attackerFlankThreatened: v }),
          ),
        ),
        numberField(
          'terrainShift',
          'Terrain column shift (your card)',
          s.terrainShift,
          -12,
          12,
          (terrainShift) => emit({ ...s, terrainShift }),
        ),
      ),
    );
  }
  return h(
    'div',
    { class: 'combat' },
    mode,
    numberField('range', 'Range (hexes)', s.range, 1, 10, (range) => emit({ ...s, range })),
    h(
      'div',
      { class: 'chips' },
      chip('throughFront', 'Through target front', s.throughFront, (v) => emit({ ...s, throughFront: v })),
      chip('downhill', 'Firing downhill', s.downhill, (v) => emit({ ...s, downhill: v })),
      chip('targetInWoods', 'Target in woods', s.targetInWoods, (v) => emit({ ...s, targetInWoods: v })),
      chip('firerMoved', 'Firer moved', s.firerMoved, (v) => emit({ ...s, firerMoved: v })),
    ),
  );
}

export function renderGbaForm(host: HTMLElement, s: GbaSituation, emit: Emit): void {
  host.replaceChildren(
    combatRow(s, emit),
    h('div', { class: 'sides' }, sideCard('a', s, emit), sideCard('b', s, emit)),
  );
}
