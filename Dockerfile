# syntax=docker/dockerfile:1
# BugScout GitHub App. Both stages use the same base, so better-sqlite3's native module is built against the
# glibc and Node ABI it runs on: Node 24, the active LTS (Node 20 left support in April 2026).

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Toolchain for better-sqlite3 when no prebuilt binary can be downloaded.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
# The release workflow adds version, revision and creation time (docker/metadata-action); these hold for any build.
LABEL org.opencontainers.image.title="BugScout" \
      org.opencontainers.image.source="https://github.com/bugscout/bugscout" \
      org.opencontainers.image.licenses="MIT"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOG_FORMAT=json \
    BUGSCOUT_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
# app.yml: the manifest `bugscout setup` registers the app from (docs/deploy.md); LICENSE travels with the code.
COPY app.yml LICENSE ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Indexes and temporary snapshots live on a volume owned by the unprivileged `node` user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/index.js"]
# Registering the app from a container: docker run --rm -it -p 3000:3000 -v "$PWD:/setup" IMAGE \
#   node dist/cli-bundle/bin.js setup --url https://<public host> --out /setup
