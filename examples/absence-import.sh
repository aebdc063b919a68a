#!/bin/sh
# The shell job of issue 6, end to end: imports 200 absence dates for 20 members from CSV against a
# `pulse serve` with the default v1 rate limit (bursts of 10, one request per second), then re-runs the
# same import, which must report every date as already set. Takes about 7 minutes (the rate limit).
# Usage: sh examples/absence-import.sh   (after npm run build; uses bin/pulse.js of this checkout)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
pulse() { node "$here/bin/pulse.js" "$@"; }
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
export PULSE_CONFIG_DIR="$work/config" XDG_CACHE_HOME="$work/cache" PULSE_NO_INPUT=1

store="$work/team.db"
pulse init --store "$store" --name "Member 1" --email member1@example.com --team Core --time-zone UTC >/dev/null
for n in $(seq 2 20); do
  pulse admin person add --store "$store" --name "Member $n" --email "member$n@example.com" --team Core --time-zone UTC >/dev/null
done
read -r team_id api_key <<KEY
$(pulse admin team api-key --store "$store" --team Core 2>/dev/null)
KEY

pulse serve --store "$store" --port 0 > "$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 50); do grep -q listening "$work/serve.log" && break; sleep 0.1; done
base=$(sed -n 's/^listening on //p' "$work/serve.log")

# 10 weekdays from next Monday for each of the 20 members: 200 dates.
monday=$(date -u -d 'next monday' +%F)
for n in $(seq 1 20); do
  for day in 0 1 2 3 4 7 8 9 10 11; do
    echo "member$n@example.com,$(date -u -d "$monday + $day days" +%F)"
  done
done > "$work/absences.csv"

export PULSE_BASE_URL="$base" PULSE_TEAM_ID="$team_id" PULSE_API_KEY="$api_key"
summary() { node -e 'const r=JSON.parse(require("fs").readFileSync(0,"utf8")); console.log(JSON.stringify(r.summary))'; }
start=$(date +%s)
pulse absence import "$work/absences.csv" --json 2>/dev/null | summary
echo "first run: $(( $(date +%s) - start )) s"
start=$(date +%s)
pulse absence import "$work/absences.csv" --json 2>/dev/null | summary
echo "second run: $(( $(date +%s) - start )) s"
