# syntax=docker/dockerfile:1
# The portal's production image: one app node (docs/deployment.md). Build from the repository root:
#   docker build -t portal .
# Run migrations once per deploy, as the role that owns the schema, then start as many nodes as needed from the
# same image, as the runtime role (DML only; decision 0077):
#   docker run --rm -e DATABASE_URL=<migrator> portal npm run migrate
#   docker run -e DATABASE_URL=<runtime> -e PUBLIC_URL=https://... -e APP_SECRET=... -e SEALING_KEY=... -p 3000:3000 portal
# scripts/check-production-image.mjs runs these steps without Docker in CI.

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Every dependency, from the lockfile; the type check; the web app's and the server's builds; then only the
#    production dependencies of the server are kept.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 CI=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY docs/scripts/package.json docs/scripts/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/web apps/web
COPY apps/server apps/server
# The bundler strips types without checking them: the build fails here on a type error.
RUN npx tsc -p packages/contract --noEmit && npx tsc -p apps/server --noEmit && npx tsc -p apps/web --noEmit
RUN npm run build
# What the running server does not need: the development packages (build, test and benchmark tools, tsx, TypeScript).
# A package npm cannot hoist stays in apps/server/node_modules; the folder is made so the COPY below finds it either way.
RUN npm prune --omit=dev --no-audit --no-fund && mkdir -p apps/server/node_modules

# 2. The runtime: the built server (plain JavaScript, run by node), its migrations, the built web app, the
#    server's production dependencies, and no root user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 SEED_DEMO=false DATA_DIR=/var/lib/portal
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/apps/server/package.json apps/server/package.json
COPY --from=build --chown=root:root /app/apps/server/node_modules apps/server/node_modules
COPY --from=build --chown=root:root /app/apps/server/dist apps/server/dist
COPY --from=build --chown=root:root /app/apps/server/drizzle apps/server/drizzle
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
CMD ["node", "--enable-source-maps", "dist/main.js"]
