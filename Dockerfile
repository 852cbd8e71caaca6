# catalog-sync: one image for the worker, the drop-folder watcher and one-off commands.
# A build stage compiles src/ to dist/ (TypeScript, a dev dependency); the image holds dist/ and
# the production dependencies only, and runs the compiled JavaScript on the current Node.js LTS
# line (26; the code supports 20.19+ as well, and .ci/run tests on both).
FROM node:26-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
# Install scripts are skipped (see below), so the build runs by name.
RUN npm ci --ignore-scripts --no-audit --no-fund && npm run build

FROM node:26-slim

ENV NODE_ENV=production \
    REPORT_DIR=/data/reports \
    DROP_DIR=/data/drop \
    LEDGER_FILE=/data/ledger/ledger.jsonl \
    JOBS_DIR=/app/jobs

WORKDIR /app

# Dependencies first, so a source change does not reinstall them. Install scripts are skipped:
# prepare (the build) ran in the build stage, and msgpackr-extract's optional native build is
# not needed (BullMQ falls back to pure JS).
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

COPY --from=build /app/dist ./dist
COPY bin ./bin
COPY templates ./templates
COPY jobs ./jobs
# The operator's guide the console serves at /guide.
COPY docs/guide ./docs/guide

# Reports, the drop folder and the embedded-mode ledger live under /data (mount volumes there).
RUN mkdir -p /data/reports /data/drop /data/ledger && chown -R node:node /data
USER node

# The commands handle SIGTERM themselves (finish or hand back work); run with `init: true`
# (compose) or `docker run --init` so signals reach node and zombies are reaped.
ENTRYPOINT ["node", "./bin/catalog-sync.js"]
CMD ["--help"]
