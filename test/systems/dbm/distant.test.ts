/** Distant shooting and moves (DBM 3.2 p.20 Distant Shooting, p.19 Move Distances, p.18 Tactical Moves). */
import { describe, expect, it } from 'vitest';
import { canShoot, mayCharge, moveDistance, shootingRange } from '../../../src/systems/dbm/distant.ts';
import { parseElement as el } from '../../../src/systems/dbm/notation.ts';
import { sit } from './helpers.ts';

describe('who shoots at a distance, and how far (DBM 3.2 p.20)', () => {
  it('bowmen 200p, artillery 500p but (I) 200p and (X) 100p, war wagons (S)/(O) 200p, El(X) 500p', () => {
    expect(shootingRange(el('Reg Bw(O)'))).toBe(200);
    expect(shootingRange(el('Reg Art(O)'))).toBe(500);
    expect(shootingRange(el('Reg Art(I)'))).toBe(200);
    expect(shootingRange(el('Reg Art(X)'))).toBe(100);
    expect(shootingRange(el('Reg WWg(O)'))).toBe(200);
    expect(shootingRange(el('Irr El(X)'))).toBe(500);
  });
  it('blades, knights, cavalry, light horse, psiloi and war wagons (X) do not shoot at a distance', () => {
    for (const t of ['Reg Bd(O)', 'Irr Kn(S)', 'Reg Cv(O)', 'Reg LH(F)', 'Reg Ps(O)', 'Reg WWg(X)'])
      expect(canShoot(el(t))).toBe(false);
  });
  it('a situation with a non-shooter shooting is refused, naming who cannot', () => {
    expect(() => sit('Reg Bd(O)', 'Irr Kn(S)', { mode: 'shooting' })).toThrow(
      /neither Reg Bd\(O\) nor Irr Kn\(S\) can shoot/,
    );
    expect(() => sit('Reg Bw(O)', 'Irr Kn(S)', { mode: 'shooting', shooters: 'both' })).toThrow(
      /Irr Kn\(S\) cannot shoot at a distance/,
    );
    // B shoots by default when only B can.
    expect(sit('Reg Bd(O)', 'Reg Bw(O)', { mode: 'shooting' }).shooters).toBe('b');
  });
});

describe('move distances off-road (DBM 3.2 p.19)', () => {
  it('light horse 250/200/100, knights 150/150/100, blades 100 everywhere, auxilia 150 everywhere', () => {
    expect(['good', 'rough', 'difficult'].map((g) => moveDistance(el('Reg LH(O)'), g as never))).toEqual([
      250, 200, 100,
    ]);
    expect(['good', 'rough', 'difficult'].map((g) => moveDistance(el('Irr Kn(O)'), g as never))).toEqual([
      150, 150, 100,
    ]);
    expect(['good', 'rough', 'difficult'].map((g) => moveDistance(el('Reg Bd(O)'), g as never))).toEqual([
      100, 100, 100,
    ]);
    expect(['good', 'rough', 'difficult'].map((g) => moveDistance(el('Reg Ax(O)'), g as never))).toEqual([
      150, 150, 150,
    ]);
  });
  it('fast: +50 for foot anywhere, for mounted only in good going; camels count dunes as good', () => {
    expect(moveDistance(el('Reg LH(F)'), 'good')).toBe(300);
    expect(moveDistance(el('Reg LH(F)'), 'rough')).toBe(200);
    expect(moveDistance(el('Irr Bd(F)'), 'rough')).toBe(150);
    expect(moveDistance(el('Irr Cm(O)'), 'dunes')).toBe(200);
    expect(moveDistance(el('Reg Cv(O)'), 'dunes')).toBe(100);
  });
  it('artillery (S) cannot move in difficult going; baggage in a line does not move', () => {
    expect(moveDistance(el('Reg Art(S)'), 'difficult')).toBe(0);
    expect(moveDistance(el('Irr Bg(O)'), 'good')).toBe(0);
  });
});

describe('who may charge whom (DBM 3.2 p.18)', () => {
  it('bowmen do not move to contact the front of mounted they can shoot at; war wagons (X) may contact', () => {
    expect(mayCharge(el('Reg Bw(O)'), el('Irr Kn(S)'))).toBe(false);
    expect(mayCharge(el('Reg Bw(O)'), el('Reg Bd(O)'))).toBe(true);
    expect(mayCharge(el('Reg WWg(O)'), el('Reg Bd(O)'))).toBe(false);
    expect(mayCharge(el('Reg WWg(X)'), el('Reg Bd(O)'))).toBe(true);
  });
});
