# syntax=docker/dockerfile:1

# ---- build: full dependencies, compile TypeScript (with the Swagger plugin) ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY migrations ./migrations
RUN npx nest build

# ---- runtime: production dependencies only, installed here (sharp and PostgreSQL binaries match this OS) ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data \
    # glibc arenas fragment under image processing; two keep RSS flat.
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/.data && chown -R node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run at start, under an advisory lock, before the server accepts requests.
CMD ["node", "dist/src/main.js"]
