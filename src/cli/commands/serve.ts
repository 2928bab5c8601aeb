/**
 * `debellator serve [--port N] [--host H] [--build]`: serves the odds page (web-dist/, built by
 * `npm run web`) with node:http, static files only. Builds the page first when it is missing.
 */
import { existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { isIP } from 'node:net';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { once } from '../parse.ts';

/** The package's web-dist/, wherever the command is run from. */
const WEB_DIST = fileURLToPath(new URL('../../../web-dist/', import.meta.url));

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface StaticServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** The file a request path names inside `root`, or undefined when it points outside it. */
export function fileFor(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split(/[?#]/)[0] ?? '/');
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  const base = resolve(root);
  const file = resolve(base, `.${path.endsWith('/') ? `${path}index.html` : path}`);
  return file === base || file.startsWith(base + sep) ? file : undefined;
}

/** Serve the files under `root` (GET and HEAD only). Port 0 picks a free port. */
/**
 * The page is its own files only: no inline script, nothing from elsewhere, never framed. Vega compiles
 * chart expressions with `new Function`, hence 'unsafe-eval' (no data reaches it but the page's own specs).
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

/** A host to listen on: an IP address or localhost (an empty or foreign name is refused). */
function checkHost(host: string): string {
  if (host !== 'localhost' && isIP(host) === 0)
    throw new InputError(
      `--host: "${host}" is not an address to listen on (e.g. 127.0.0.1, or 0.0.0.0 for your network)`,
    );
  return host;
}

export function serveStatic(root: string, options: { port: number; host: string }): Promise<StaticServer> {
  // Only files really inside the folder: a symbolic link in it that points elsewhere is not served.
  const realRoot = realpath(resolve(root)).catch(() => resolve(root));
  const inside = async (file: string): Promise<string | undefined> => {
    const [base, real] = await Promise.all([realRoot, realpath(file).catch(() => undefined)]);
    return real !== undefined && real.startsWith(base + sep) ? real : undefined;
  };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
        return;
      }
      const asked = fileFor(root, req.url ?? '/');
      const file = asked === undefined ? undefined : await inside(asked);
      const found = file !== undefined && (await stat(file).catch(() => undefined))?.isFile();
      if (!file || !found) {
        res
          .writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
          .end('not found\n');
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-cache',
        ...SECURITY_HEADERS,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((ok, fail) => {
    checkHost(options.host); // a throw here rejects the promise
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(
        e.code === 'EADDRINUSE'
          ? new InputError(`port ${options.port} is in use; pick another with --port`)
          : e.code === 'EACCES'
            ? new InputError(`not allowed to listen on port ${options.port}; pick another with --port`)
            : e.code === 'EADDRNOTAVAIL'
              ? new InputError(`--host: ${options.host} is not an address of this machine`)
              : e,
      ),
    );
    server.listen(options.port, options.host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : options.port;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      ok({
        url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function parsePort(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 65535) throw new InputError(`--port: "${v}" is not a port number (0-65535)`);
  return n;
}

export function registerServe(program: Command, exit: { code: number }): void {
  program
    .command('serve')
    .description('Serve the odds page on localhost (static files from web-dist/, built first if missing)')
    .option('-p, --port <n>', 'port to listen on (default 8080; 0: any free port)', once('port', parsePort))
    .option(
      '--host <address>',
      'address to listen on (default 127.0.0.1); 0.0.0.0 lets a phone on your network connect',
      once('host', checkHost),
    )
    .option('--build', 'rebuild the page first even if web-dist/ exists')
    .action(async (flags: { port?: number; host?: string; build?: boolean }) => {
      const opts = { ...flags, port: flags.port ?? 8080, host: flags.host ?? '127.0.0.1' };
      if (opts.build || !existsSync(join(WEB_DIST, 'index.html'))) {
        process.stdout.write('Building the odds page into web-dist/ ...\n');
        let build: typeof import('../../../scripts/build-web.ts');
        try {
          build = await import('../../../scripts/build-web.ts');
        } catch (e) {
          throw new InputError(
            `cannot build the page (${(e as Error).message}); run \`npm run web\` in a dev checkout`,
          );
        }
        await build.buildWeb({ outDir: WEB_DIST });
      }
      const s = await serveStatic(WEB_DIST, { port: opts.port, host: opts.host });
      process.stdout.write(`Odds page at ${s.url}  (Ctrl+C to stop)\n`);
      await new Promise<void>((done) => {
        process.once('SIGINT', done);
        process.once('SIGTERM', done);
      });
      await s.close();
      exit.code = 0;
    });
}
