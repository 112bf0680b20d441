#!/usr/bin/env bash
# Builds Horde's web build into OUT (default target/web): the page, the glue script and the
# module, ready for `horde serve --web OUT`. Needs `rustup target add wasm32-unknown-unknown`
# and the wasm-bindgen CLI of the wasm-bindgen crate's version (Cargo.lock):
#   cargo install wasm-bindgen-cli --version 0.2.130
# CARGO_TARGET_DIR is honoured.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(mkdir -p "${1:-$root/target/web}" && cd "${1:-$root/target/web}" && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
cd "$root"
cargo build --release --locked -p horde-web --target wasm32-unknown-unknown
wasm-bindgen --target web --no-typescript --out-dir "$out" \
    "$target/wasm32-unknown-unknown/release/horde_web.wasm"
cp crates/web/static/index.html "$out/index.html"
echo "the web build is in $out: horde serve --web $out, then open /play"
