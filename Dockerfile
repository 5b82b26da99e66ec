# The service as a container: Node 24 (Debian 12), runs as the unprivileged `node` user, needs
# DATABASE_URL (the embedded PostgreSQL of `npm start` is left out), keeps uploads under /app/.data.

# ---- deps: every dependency, downloaded once, with npm 11 ----
FROM node:24-bookworm-slim AS deps
WORKDIR /app
# npm 11 honours "allowScripts" in package.json (npm 10 ignores it and runs every dependency's install
# script, telemetry included).
RUN npm install --global npm@11.21.2 && npm cache clean --force
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: compile (Swagger plugin), then drop the development dependencies from that same install ----
FROM deps AS build
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY migrations ./migrations
# TypeScript stays after the prune as an optional peer of @nestjs/swagger, which needs it only for the
# build plugin; the embedded PostgreSQL is a development dependency (the image requires DATABASE_URL).
RUN npx nest build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/typescript \
 && npm cache clean --force

# ---- runtime: the compiled service and its production dependencies (sharp's build matches this OS) ----
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data \
    # glibc arenas fragment under image processing and GC threads; two keep RSS flat. The start
    # command of package.json sets it too (why: docs/performance.md).
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/src ./dist/src
COPY --from=build /app/dist/migrations ./dist/migrations
RUN mkdir -p /app/.data && chown node:node /app/.data
# Generated JWT secret (outside production), uploads with IMAGE_STORAGE=local: kept beyond the container.
VOLUME /app/.data
USER node
# 3000: the API (PORT); 9464: Prometheus metrics (METRICS_PORT), for the private network only.
EXPOSE 3000 9464
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run at start, under an advisory lock, before the server accepts requests. The V8 flags are
# those of package.json's start:prod (why: docs/performance.md); NODE_OPTIONS refuses --heap-growing-percent.
CMD ["node", "--heap-growing-percent=15", "--max-semi-space-size=8", "dist/src/main.js"]
