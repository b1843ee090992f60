# syntax=docker/dockerfile:1
#
# One image for every Folio process; docker-compose.yml picks the command per service:
#   node dist/apps/api/src/main.js        resource server (default CMD)
#   node dist/apps/auth/src/main.js       OAuth authorization server and account pages
#   node dist/apps/worker/src/main.js     background jobs (Chromium screenshots)
#   node dist/libs/db/src/cli/migrate.js  applies prisma/migrations (run from /app: it resolves prisma/ from the cwd)
#   node dist/libs/seed/src/cli/seed.js   idempotent demo seed (also applies pending migrations)
#   node dist/libs/credits/src/cli/credits.js grant <key> <credits> --reason "…"   operators' credits (docs/operating.md)
#
# Build:  docker build -t folio:local .
#
# Install scripts are skipped in both stages (--ignore-scripts):
#   - the `node` devDependency's preinstall would download a second Node 24 binary; the base image is Node 24;
#   - @prisma/engines would download native engines, which Folio never uses (wasm schema engine, driver adapters);
#   - @swc/core gets its native binary from its optional platform package, argon2 loads from prebuilds/.
# This mirrors the repo's package.json "allowScripts" (only `node` allowed).

ARG NODE_IMAGE=node:24-bookworm-slim

# ─────────────────────────────── build: all deps, prisma generate, swc ───────────────────────────────
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1 \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --ignore-scripts

COPY .swcrc tsconfig.json nest-cli.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY libs ./libs
COPY apps ./apps

# prebuild runs `prisma generate` into libs/db/src/generated (TypeScript), scripts/build-views.ts bundles the
# MCP Apps views into libs/mcp-views/src/generated (HTML), then swc compiles apps/ and libs/ (generated client
# included) into dist/ and copies the views' HTML beside them.
RUN npm run build \
 && test -f dist/apps/api/src/main.js \
 && test -f dist/apps/auth/src/main.js \
 && test -f dist/apps/worker/src/main.js \
 && test -f dist/libs/db/src/cli/migrate.js \
 && test -f dist/libs/seed/src/cli/seed.js \
 && test -f dist/libs/credits/src/cli/credits.js \
 && test -f dist/libs/mcp-views/src/generated/preview.html

# ─────────────────────────────── prod-deps: production node_modules only ───────────────────────────────
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --ignore-scripts

# ─────────────────────────────── runtime ───────────────────────────────
FROM ${NODE_IMAGE} AS runtime

# chromium + fonts: the worker's section screenshots (CHROMIUM_PATH); tini: PID 1 that forwards SIGTERM to
# node and reaps Chromium's child processes.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      ca-certificates \
      chromium \
      fonts-dejavu-core \
      fonts-liberation \
      tini \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    STORAGE_DIR=/data/blobs \
    CHROMIUM_PATH=/usr/bin/chromium \
    SEED_DEMO=false \
    CHECKPOINT_DISABLE=1 \
    npm_config_update_notifier=false

WORKDIR /app
# package.json is needed at run time: "type": "module" and the "#folio/*" import map into dist/.
COPY --chown=root:root package.json package-lock.json ./
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root prisma ./prisma

# Code stays root-owned and read-only for the app user; only /data is writable. Compose mounts a named
# volume there, and a fresh named volume copies this ownership. (No VOLUME instruction: migrate and seed
# would each leave an anonymous volume behind.)
RUN mkdir -p /data/blobs && chown -R node:node /data

USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/apps/api/src/main.js"]
