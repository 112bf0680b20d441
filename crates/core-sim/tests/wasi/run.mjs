// Runs a WASI (preview 1) program under Node: `node run.mjs PROGRAM.wasm ARGS...`, with the
// file system's root open to it, its exit status passed on. What `tests/wasi.rs` plays the
// simulation with, to compare its checksums with the native build's.
import { readFile } from 'node:fs/promises';
import { argv, env, exit } from 'node:process';
import { WASI } from 'node:wasi';

const [program, ...args] = argv.slice(2);
if (!program) {
  console.error('usage: node run.mjs PROGRAM.wasm [ARGS...]');
  exit(2);
}
const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env,
  preopens: { '/': '/' },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, {
  wasi_snapshot_preview1: wasi.wasiImport,
});
exit(wasi.start(instance));
