#!/usr/bin/env bash
# MCP conformance: the official suite's server scenarios (@modelcontextprotocol/conformance) against a
# test instance — the standalone build on a temporary DATA_DIR (embedded PGlite, demo seed) — through
# auth-proxy.ts, which adds the demo API key the suite's CLI cannot send. The instance's public address
# is the proxy's, as behind any reverse proxy. Scenarios that need the suite's own fixture tools,
# resources or prompts are listed in expected-failures.yml; check-results.ts fails the run on any other
# failure, or on a listed scenario that passes. Needs `npm run build` first. Run: test/conformance/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH" # Node 24 (devDependency), as npm scripts use
started=$SECONDS

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}
wait_for() { # url seconds log
  local deadline=$((SECONDS + $2))
  until curl -fsS -o /dev/null "$1" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      cat "$3"
      echo "conformance: $1 did not answer within $2 s"
      exit 1
    fi
    sleep 0.5
  done
}

port="$(free_port)"
proxy_port="$(free_port)"
public="http://127.0.0.1:$proxy_port"

env -u DATABASE_URL -u REDIS_URL DATA_DIR="$work/data" PORT="$port" PUBLIC_BASE_URL="$public" LOG_LEVEL=warn \
  node dist/apps/standalone/src/main.js >"$work/server.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$port/healthz" 90 "$work/server.log"
key="$(node -p "require('$work/data/demo-credentials.json').apiKey")"

UPSTREAM="http://127.0.0.1:$port" SERVICE_KEY="$key" PORT="$proxy_port" \
  node test/conformance/auth-proxy.ts >"$work/proxy.log" 2>&1 &
pids+=($!)
wait_for "$public/healthz" 30 "$work/proxy.log"
echo "test instance up after $((SECONDS - started)) s: $public/v2/mcp (through auth-proxy)"

# The suite's exit status is ignored: check-results.ts judges the results against the baseline.
conformance server --url "$public/v2/mcp" --output-dir "$work/results" >"$work/suite.log" 2>&1 || true
status=0
node test/conformance/check-results.ts "$work/results" test/conformance/expected-failures.yml || status=$?
if ((status != 0)); then
  if [ -z "$(ls -A "$work/results" 2>/dev/null)" ]; then
    printf '\n---- suite output\n'
    cat "$work/suite.log"
  fi
  printf '\n---- server log\n'
  cat "$work/server.log"
fi
echo "conformance finished in $((SECONDS - started)) s"
exit "$status"
