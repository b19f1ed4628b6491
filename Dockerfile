# syntax=docker/dockerfile:1
# reachd: single self-contained binary (Bun --compile) on a small Debian runtime with git.
#
#   docker build -t reachd .
#   docker run --init -p 8080:8080 -v reachd-data:/data reachd
#   docker run --rm -v reachd-data:/data reachd init --json      # first admin key
#
# --init (or compose `init: true`) is recommended: reachd spawns git, and an init process
# reaps any orphaned git helpers and forwards signals.

############################ build ############################
FROM node:20-bookworm-slim AS build
# binutils: readelf/objdump for the portability gate below.
RUN apt-get update \
 && apt-get install -y --no-install-recommends binutils ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src

# Dependencies first (cached while the lockfile is unchanged). No third-party install scripts
# run (the tree-sitter packages ship .wasm grammars; their native builds are not used); only
# bun's own postinstall, which links the platform's bun binary.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && node node_modules/bun/install.js \
 && node_modules/.bin/bun --version

COPY tsconfig.json bunfig.toml ./
COPY scripts ./scripts
COPY grammars ./grammars
COPY src ./src

# Builds dist/reachd for bun-linux-x64-baseline (no AVX2 needed) on amd64, bun-linux-arm64 on arm64;
# then refuses an image whose binary needs glibc > 2.17 or libstdc++.
RUN npm run build \
 && node_modules/.bin/bun run scripts/check-portability.ts dist/reachd

############################ runtime ############################
FROM debian:bookworm-slim AS runtime
# git: repositories are cloned at scan time; ca-certificates: HTTPS remotes and webhooks.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 reachd \
 && useradd --system --uid 10001 --gid reachd --home-dir /home/reachd --create-home --shell /usr/sbin/nologin reachd \
 && mkdir -p /data \
 && chown reachd:reachd /data

COPY --from=build --chown=root:root --chmod=0755 /src/dist/reachd /usr/local/bin/reachd

# BUN_JSC_*: reachd's JavaScriptCore options (src/cli/relaunch.ts JSC_ENV; README, Configuration):
# no FTL JIT tier; heap growth past the live size that fades as the heap grows (a large scan's
# peak stays near its live heap); collections that seldom stop the program. Set here, the binary does not start itself again to get them.
ENV REACHD_DATA_DIR=/data \
    BUN_JSC_useFTLJIT=0 \
    BUN_JSC_forceRAMSize=17179869184 \
    BUN_JSC_heapGrowthFunctionThresholdInMB=0 \
    BUN_JSC_heapGrowthMaxIncrease=1 \
    BUN_JSC_heapGrowthSteepnessFactor=54.61 \
    BUN_JSC_minimumMutatorUtilization=0.9 \
    BUN_JSC_maximumMutatorUtilization=0.95 \
    REACHD_HOST=0.0.0.0 \
    REACHD_PORT=8080 \
    GIT_TERMINAL_PROMPT=0 \
    HOME=/home/reachd

USER reachd:reachd
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080

ENTRYPOINT ["/usr/local/bin/reachd"]
CMD ["serve", "--host", "0.0.0.0"]
