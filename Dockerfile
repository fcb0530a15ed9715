# Mailcraft server image (README "Running at scale"): one image for every role — ROLE=web for the
# HTTP listeners, ROLE=worker for jobs (print rendering, maps, deliveries). Not exercised by CI here
# (no container runtime on the CI machine); apps/web/e2e/scale-out.test.ts runs the same settings
# as plain processes.

# --- build: compile shared, server and web app ---------------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w packages/shared && npm run build -w apps/server && npm run build -w apps/web

# --- runtime: production dependencies and the built files only ------------------------------
FROM node:20-bookworm-slim AS runtime
# poppler-utils and zbar-tools: the print preflight reads finished files back (pdfinfo, pdffonts,
# pdftoppm) and decodes their QR codes (zbarimg). No Chromium: it only drives the tests.
RUN apt-get update && apt-get install -y --no-install-recommends poppler-utils zbar-tools \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --workspace packages/shared --include-workspace-root \
  && npm cache clean --force
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/dist apps/web/dist
# Files and the embedded database (single-process use) live here; S3 and PostgreSQL replace them at scale.
RUN mkdir -p /data && chown node:node /data
USER node
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=8080 API_PORT=8081
EXPOSE 8080 8081
# Liveness; the load balancer's readiness check is GET /api/ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:8080/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
