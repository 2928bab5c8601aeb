#!/usr/bin/env node
// Thin launcher: registers tsx so the TypeScript sources run directly, then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
