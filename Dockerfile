# syntax=docker/dockerfile:1
# The three production servers as images, from one build (docs/deploy.md):
#   docker build --target terminal -t fiscal-pos-terminal .
#   docker build --target cloud    -t fiscal-pos-cloud .
#   docker build --target relay    -t fiscal-pos-relay .
# One file with a target per server rather than three files: they share the build and the
# runtime base, and differ only in what is copied, the port and the health check. Each image
# holds what scripts/stage-production.sh lays out (the server's production dependencies alone,
# and its built code) and runs the command scripts/smoke-production.ts proves on that layout,
# `node --conditions=production apps/<server>/dist/main.js`, as the unprivileged user `node`.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM build AS stage-terminal
RUN bash scripts/stage-production.sh terminal /stage

FROM build AS stage-cloud
RUN bash scripts/stage-production.sh cloud /stage

FROM build AS stage-relay
RUN bash scripts/stage-production.sh relay /stage

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
# DATA_DIR of the terminal and the cloud; the node user writes nothing else.
RUN mkdir /data && chown node:node /data

FROM runtime AS terminal
COPY --from=stage-terminal /stage /app
ENV PORT=4567 DATA_DIR=/data
VOLUME /data
USER node
EXPOSE 4567
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--conditions=production", "apps/terminal/dist/main.js"]

FROM runtime AS cloud
COPY --from=stage-cloud /stage /app
ENV PORT=4600 DATA_DIR=/data
VOLUME /data
USER node
EXPOSE 4600
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--conditions=production", "apps/cloud/dist/main.js"]

FROM runtime AS relay
COPY --from=stage-relay /stage /app
ENV PORT=4700
USER node
EXPOSE 4700
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--conditions=production", "apps/relay/dist/main.js"]
