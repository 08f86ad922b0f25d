#!/usr/bin/env bash
# Makes the upgrade test's fixture: a backup of a released version's shop (demo data) and its figures.
#   scripts/make-upgrade-fixture.sh v1.29.0      (the tag, or its commit: v1.29.0 is a73c113)
# The released code runs the shop and its migrations; this checkout's `npm run backup` then backs its data up
# (a backup reads any schema whose migrations this code knows). Pictures are left out to keep the file small: the
# upgrade test checks figures (docs/decisions/044-backups-and-recovery.md).
set -euo pipefail
TAG="${1:?usage: scripts/make-upgrade-fixture.sh TAG}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT_DIR="$ROOT/apps/api/test/fixtures/upgrade"
WORK="$(mktemp -d)"
chmod 755 "$WORK"
SHOP_PID=""
cleanup() {
  if [ -n "$SHOP_PID" ]; then kill -INT "$SHOP_PID" 2>/dev/null || true; wait "$SHOP_PID" 2>/dev/null || true; fi
  git -C "$ROOT" worktree remove --force "$WORK/shop" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

git -C "$ROOT" worktree add --detach "$WORK/shop" "$TAG" >/dev/null
(cd "$WORK/shop" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
# The shop's start builds the web app when it is missing; the fixture needs only the API.
mkdir -p "$WORK/shop/apps/web/dist" && echo '<!doctype html>' > "$WORK/shop/apps/web/dist/index.html"

DATA="$WORK/data"
mkdir -p "$DATA" && chmod 755 "$DATA"
PORT=$((20000 + RANDOM % 20000))
(cd "$WORK/shop" && DATA_DIR="$DATA" PORT="$PORT" HOST=127.0.0.1 SEED_DEMO=true LOG_LEVEL=warn \
  exec node scripts/start.mjs >"$WORK/shop.log" 2>&1) &
SHOP_PID=$!
for _ in $(seq 1 240); do
  curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null || { cat "$WORK/shop.log"; exit 1; }

PG_PORT="$(sed -n 4p "$DATA/pg/postmaster.pid")"
URL="postgres://postgres:$(cat "$DATA/pg-password")@127.0.0.1:$PG_PORT/bagshop"
(cd "$ROOT" && npx tsx apps/api/test/shop-figures.ts "$URL") >"$OUT_DIR/$TAG.figures.json"
kill -INT "$SHOP_PID"; wait "$SHOP_PID" || true; SHOP_PID=""

rm -rf "$DATA/uploads"
(cd "$ROOT" && DATA_DIR="$DATA" BACKUP_WAL_SECONDS=0 npx tsx apps/api/src/cli/backup.ts --out "$OUT_DIR/$TAG.tar.gz" | tail -1)
echo "Wrote $OUT_DIR/$TAG.tar.gz and $OUT_DIR/$TAG.figures.json"
