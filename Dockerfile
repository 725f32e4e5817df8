# syntax=docker/dockerfile:1
# The portal's production image: one app node (docs/deployment.md). Build from the repository root:
#   docker build -t portal .
# Run migrations once per deploy, then start as many nodes as needed from the same image:
#   docker run --rm -e DATABASE_URL=... portal npm run migrate
#   docker run -e DATABASE_URL=... -e APP_SECRET=... -e PUBLIC_URL=... -p 3000:3000 portal

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Every dependency, from the lockfile, and the web app's build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 CI=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/web apps/web
RUN npm run build -w @portal/web
COPY apps/server apps/server
# What the running server does not need: build tools, test tools, type packages.
RUN npm prune --omit=dev --no-audit --no-fund

# 2. The runtime: the server's sources (run by tsx, as in development), the built web app, production
#    dependencies only, and no root user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 SEED_DEMO=false DATA_DIR=/var/lib/portal
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/tsconfig.base.json ./
COPY --from=build --chown=root:root /app/packages/contract packages/contract
COPY --from=build --chown=root:root /app/apps/server apps/server
COPY --from=build --chown=root:root /app/apps/web/package.json apps/web/package.json
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
# The code is read-only to the app's user; only DATA_DIR (local object storage, if used) is writable.
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
USER node
EXPOSE 3000
# The balancer should use /readyz (database reachable); this only says the process answers.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node runs as the container's first process, not under npm, so a stop's SIGTERM reaches main.ts's shutdown.
WORKDIR /app/apps/server
CMD ["node", "--import", "tsx", "src/main.ts"]
