# syntax=docker/dockerfile:1
# Arena LATAM: build with `docker build -t arena-latam .`, run with compose.yaml (docs/deploy.md).

# ---- dependencies for the build (dev dependencies included: Vite, Tailwind, TypeScript) ----
FROM node:20-slim AS build
WORKDIR /app
ENV NODE_ENV=development
COPY package.json package-lock.json .npmrc ./
# Applied by the install's postinstall (patch-package): docs/decisions/016-render-cost.md.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# The Vite/React Router production build: build/client (static files) and build/server (the app).
RUN npm run build

# ---- production dependencies only ----
FROM node:20-slim AS deps
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- the image that runs ----
FROM node:20-slim AS production
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
# What the server reads at run time: its entry, the build, the migrations it applies at start-up
# and the translations. Owned by root (read-only for the app); only DATA_DIR is writable.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
COPY app/db/migrations ./app/db/migrations
COPY locales ./locales
RUN mkdir -p /app/data && chown node:node /app/data
# The official image's unprivileged user (uid 1000).
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness: the process answers and its database answers (readiness, for a load balancer, is /readyz).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1 receives SIGTERM and shuts down gracefully (server.js), no npm in between.
CMD ["node", "server.js"]
