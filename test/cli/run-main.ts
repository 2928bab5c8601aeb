/** Runs the CLI's `main` in this process and captures what it prints (for command tests). */
import { main } from '../../src/cli/main.ts';

export async function runMain(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const ow = process.stdout.write.bind(process.stdout);
  const ew = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((s: string) => ((out += s), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => ((err += s), true)) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, out, err };
  } finally {
    process.stdout.write = ow;
    process.stderr.write = ew;
  }
}
