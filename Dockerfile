# catalog-sync: one image for the worker, the drop-folder watcher and one-off commands.
# The app runs its TypeScript sources with tsx (a runtime dependency), so there is no build step
# and `npm ci --omit=dev` keeps everything `./bin/catalog-sync.js` needs.
FROM node:20-slim

ENV NODE_ENV=production \
    REPORT_DIR=/data/reports \
    DROP_DIR=/data/drop \
    LEDGER_FILE=/data/ledger/ledger.jsonl \
    JOBS_DIR=/app/jobs

WORKDIR /app

# Dependencies first, so a source change does not reinstall them. Install scripts are skipped:
# the only one is msgpackr-extract's optional native build; BullMQ falls back to pure JS.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

COPY tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY templates ./templates
COPY jobs ./jobs

# Reports, the drop folder and the embedded-mode ledger live under /data (mount volumes there).
RUN mkdir -p /data/reports /data/drop /data/ledger && chown -R node:node /data
USER node

# The commands handle SIGTERM themselves (finish or hand back work); run with `init: true`
# (compose) or `docker run --init` so signals reach node and zombies are reaped.
ENTRYPOINT ["node", "./bin/catalog-sync.js"]
CMD ["--help"]
