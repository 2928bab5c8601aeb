/**
 * Once before the suite: what a fresh Debian machine lacks for the tests. Run as root (a container, CI),
 * Debian's chromium (browser tests) and fonts-dejavu-core (chart PNGs) are installed when missing, as
 * .ci/run does. Otherwise a missing chromium skips the browser tests, said in one line; everything else
 * runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_MISSING, findChromium } from './chromium.ts';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

const isRoot = (): boolean => process.getuid?.() === 0;

function hasAptGet(): boolean {
  try {
    execFileSync('which', ['apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function install(packages: readonly string[]): void {
  process.stderr.write(`installing ${packages.join(' ')} from Debian for the tests\n`);
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (e) {
    process.stderr.write(`could not install ${packages.join(' ')}: ${(e as Error).message.split('\n')[0]}\n`);
  }
}

export default function setup(): void {
  const need = [
    ...(findChromium() === undefined ? ['chromium'] : []),
    ...(existsSync(FONT) ? [] : ['fonts-dejavu-core']),
  ];
  if (need.length > 0 && isRoot() && hasAptGet()) install(need);
  if (findChromium() === undefined) process.stderr.write(`browser tests skipped: ${CHROMIUM_MISSING}\n`);
}
