#!/bin/bash
# The board's benchmarks (BENCHMARKS.md, "The challenge board"), on the database $1 (a SQLite
# file or a postgres:// URL), tagged $2. Needs a release build (horde, the examples) and oha.
set -u
DB="$1"; TAG="$2"
BIN="$(cd "$(dirname "$0")/../../.." && pwd)/target/release"
DATA=$(mktemp -d)
XDG_DATA_HOME=$DATA $BIN/horde serve --addr 127.0.0.1:0 --db "$DB" --rate-burst 1000000 --rate-per-s 1000 > $DATA/serve.out 2> $DATA/serve.err &
PID=$!
for i in $(seq 1 100); do grep -q serving $DATA/serve.out 2>/dev/null && break; sleep 0.1; done
URL=$(awk '{print $NF}' $DATA/serve.out | head -1)
SEED=$(curl -s "$URL/api/days/today?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seed"])')
echo "[$TAG] server $URL seed $SEED"
$BIN/examples/challenge_bot --seed $SEED --out $DATA/short.rec --most-towers 0
# The long run: a defender given at most N towers, N chosen so that it loses nearest ten minutes.
bestgap=999999999
for k in laser mortar; do for n in 4 8 12 16 20 24 32 40 48 64; do
  line=$($BIN/examples/challenge_bot --seed $SEED --out $DATA/try.rec --kind $k --most-towers $n --max-ticks 80000)
  t=$(echo "$line" | awk '{print $2}'); out=$(echo "$line" | awk '{print $NF}')
  [ "$out" = "defeat" ] || continue
  gap=$(( t > 36000 ? t - 36000 : 36000 - t ))
  if [ "$gap" -lt "$bestgap" ]; then bestgap=$gap; cp $DATA/try.rec $DATA/long.rec; echo "long: $line"; fi
done; done
echo "1000 short runs (32 clients):"
$BIN/examples/board_load --server $URL --recording $DATA/short.rec --clients 32 --runs 1000 --prefix a
curl -s "$URL/api/days/today?limit=1000" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("listed", d["runs"], "top", len(d["top"]))'
echo "page bytes: $(curl -s "$URL/" | wc -c)  api bytes (limit 1000): $(curl -s "$URL/api/days/today?limit=1000" | wc -c)"
for r in 1 2 3; do
  ~/.cargo/bin/oha -z 10s -c 64 --no-tui --output-format json "$URL/api/days/today?limit=1000" | python3 -c 'import json,sys; d=json.load(sys.stdin); s=d["summary"]; p=d["latencyPercentiles"]; print("GET /api/days/today?limit=1000: rps %.0f p50 %.2f ms p99 %.2f ms success %.3f" % (s["requestsPerSec"], p["p50"]*1e3, p["p99"]*1e3, s["successRate"]))'
done
for r in 1 2 3; do
  echo "POST long runs, 32 clients, 64 runs (pass $r):"
  $BIN/examples/board_load --server $URL --recording $DATA/long.rec --clients 32 --runs 64 --prefix "l$r"
done
kill $PID; wait $PID 2>/dev/null
# The machine's own replay throughput on the same recording: two replays at a time.
start=$(date +%s.%N)
for j in 1 2; do ( for i in $(seq 1 16); do $BIN/horde replay $DATA/long.rec > /dev/null; done ) & done; wait
end=$(date +%s.%N)
python3 -c "print('horde replay, 2 at a time, 32 runs: %.2f runs/s' % (32/($end-$start)))"
