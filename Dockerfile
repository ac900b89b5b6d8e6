# Fireside: the game server and the web client in one image.
#
#   docker build -t fireside .
#   docker run -d -p 2567:2567 --name fireside fireside        # http://localhost:2567
#
# Settings (environment; see docs/self-hosting.md):
#   PORT                          HTTP + WebSocket port inside the container (2567)
#   FIRESIDE_BOT_DELAY_MS         how long a server-side bot waits before it acts (700)
#   FIRESIDE_SHUTDOWN_TIMEOUT_MS  SIGTERM: exit even if rooms have not closed after this long (8000)
#
# Node 22: Colyseus 0.18 needs Node >= 22, and the npm 10 it ships installs our lockfile.
ARG NODE_VERSION=22

# ---- build: every dependency (TypeScript, Vite), then shared, client and server ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
COPY botclient/package.json botclient/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY shared shared
COPY client client
COPY server server
RUN npm run build -w shared && npm run build -w client && npm run build -w server

# ---- deps: production dependencies of the server and shared only ----
# (the client's dependencies are bundled into client/dist by Vite)
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
COPY botclient/package.json botclient/
COPY tests/package.json tests/
# npm also installs optional peers that the server never loads (TypeScript for
# @colyseus/schema's codegen, @types, the client SDK): drop them.
RUN npm ci --omit=dev --no-audit --no-fund -w server -w shared \
 && rm -rf node_modules/typescript node_modules/@types node_modules/@colyseus/sdk \
 && node -e "import('@colyseus/core').then(() => import('helmet')).then(() => import('express'))"

# ---- runtime ----
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    PORT=2567 \
    FIRESIDE_DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
# The files stay root-owned and read-only to the server, which runs as `node`;
# the match store (SQLite) lives in /data, a volume the server owns.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 2567
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 2567) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) -> graceful shutdown: clients get `restarting`, exit code 0.
STOPSIGNAL SIGTERM
# node itself is PID 1 (not npm, which would not pass the signal on).
CMD ["node", "server/dist/index.js"]
