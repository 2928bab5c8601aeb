/** `debellator serve`'s static server: files from its folder only, GET and HEAD only. */
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileFor, serveStatic, type StaticServer } from '../../src/cli/commands/serve.ts';

let dir: string;
let server: StaticServer;
let outside: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'debellator-serve-'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>odds</title>');
  writeFileSync(join(dir, 'app.js'), 'console.log(1);');
  writeFileSync(join(dir, 'sub', 'index.html'), 'sub');
  // Symbolic links: one to a file outside the folder (never served), one to a file inside it.
  outside = mkdtempSync(join(tmpdir(), 'debellator-secret-'));
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(join(outside, 'secret.txt'), join(dir, 'leak.txt'));
  symlinkSync(outside, join(dir, 'elsewhere'));
  symlinkSync(join(dir, 'app.js'), join(dir, 'alias.js'));
  server = await serveStatic(dir, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('static server', () => {
  it('serves index.html for / and files with their content type', async () => {
    const root = await fetch(server.url);
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await root.text()).toBe('<!doctype html><title>odds</title>');
    const js = await fetch(`${server.url}app.js?v=1`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await (await fetch(`${server.url}sub/`)).text()).toBe('sub');
  });

  it('answers 404 for missing files and folders, 405 for other methods', async () => {
    expect((await fetch(`${server.url}nope.js`)).status).toBe(404);
    expect((await fetch(`${server.url}sub`)).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await fetch(`${server.url}app.js`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '15']);
  });

  it('never resolves a path outside its folder', () => {
    expect(fileFor('/srv/web', '/app.js')).toBe('/srv/web/app.js');
    expect(fileFor('/srv/web', '/')).toBe('/srv/web/index.html');
    expect(fileFor('/srv/web', '/sub/../app.js')).toBe('/srv/web/app.js');
    expect(fileFor('/srv/web', '/../secret')).toBeUndefined();
    expect(fileFor('/srv/web', '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
    expect(fileFor('/srv/web', '/..%2fweb2/x')).toBeUndefined();
    expect(fileFor('/srv/web', '/a%00b')).toBeUndefined();
    expect(fileFor('/srv/web', '/%E0%A4%A')).toBeUndefined();
  });

  it('serves only files really inside its folder: a symbolic link pointing outside is not found', async () => {
    expect((await fetch(`${server.url}leak.txt`)).status).toBe(404);
    expect((await fetch(`${server.url}elsewhere/secret.txt`)).status).toBe(404);
    const alias = await fetch(`${server.url}alias.js`);
    expect([alias.status, await alias.text()]).toEqual([200, 'console.log(1);']);
  });

  it('refuses a port already in use with a usage error', async () => {
    const port = Number(new URL(server.url).port);
    await expect(serveStatic(dir, { port, host: '127.0.0.1' })).rejects.toThrow(`port ${port} is in use`);
  });
});

describe('serve command', () => {
  it('refuses a port that is not a number with a usage error', async () => {
    const { Command } = await import('commander');
    const { registerServe } = await import('../../src/cli/commands/serve.ts');
    const program = new Command().exitOverride();
    registerServe(program, { code: 0 });
    await expect(program.parseAsync(['serve', '--port', '80x'], { from: 'user' })).rejects.toThrow(
      '--port: "80x" is not a port number (0-65535)',
    );
  });

  it('refuses --port or --host given twice, as run does', async () => {
    const { Command } = await import('commander');
    const { registerServe } = await import('../../src/cli/commands/serve.ts');
    for (const [flag, x, y] of [
      ['--port', '1', '2'],
      ['--host', '127.0.0.1', '::1'],
    ]) {
      const program = new Command().exitOverride();
      registerServe(program, { code: 0 });
      await expect(program.parseAsync(['serve', flag!, x!, flag!, y!], { from: 'user' })).rejects.toThrow(
        `${flag} is given twice (${x} and ${y}): give it once`,
      );
    }
  });

  it('sends a strict content policy, no framing and no referrer with every file', async () => {
    const r = await fetch(server.url);
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('refuses an empty or foreign host before listening', async () => {
    await expect(serveStatic(dir, { port: 0, host: '' })).rejects.toThrow(
      '--host: "" is not an address to listen on',
    );
    await expect(serveStatic(dir, { port: 0, host: 'example.com' })).rejects.toThrow(
      'is not an address to listen on',
    );
    await expect(serveStatic(dir, { port: 0, host: '192.0.2.1' })).rejects.toThrow(
      'is not an address of this machine',
    );
  });
});
