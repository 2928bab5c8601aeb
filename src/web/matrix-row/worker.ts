/**
 * Entry of worker.js: computes one element against many (compute.ts) off the page's thread, so the page
 * stays responsive while a long row (every DBM element) is worked out. Replies in chunks; a newer
 * request supersedes the one in progress.
 */
import { ruleSetById } from '../rulesets/index.ts';
import { matrixCell, type MatrixRowReply, type MatrixRowRequest } from './compute.ts';

/** The worker's global scope, as much of it as this uses (the DOM typings are the project's). */
const scope = globalThis as unknown as {
  postMessage(message: MatrixRowReply): void;
  onmessage: ((e: { data: MatrixRowRequest }) => void) | null;
};

const CHUNK = 16;
let latest = 0;

function work(req: MatrixRowRequest, from: number): void {
  if (req.id !== latest) return;
  const rs = ruleSetById(req.ruleSet);
  if (!rs) {
    scope.postMessage({ id: req.id, cells: [], done: true });
    return;
  }
  const to = Math.min(req.opponents.length, from + CHUNK);
  const cells = req.opponents.slice(from, to).map((o) => matrixCell(rs, req.input, o));
  const done = to >= req.opponents.length;
  scope.postMessage({ id: req.id, cells, done });
  // Yield between chunks, so a newer request is read before the rest of this one.
  if (!done) setTimeout(() => work(req, to), 0);
}

scope.onmessage = (e) => {
  latest = e.data.id;
  work(e.data, 0);
};
