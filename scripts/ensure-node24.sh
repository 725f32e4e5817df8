# Sourced, not run (`source scripts/ensure-node24.sh`): puts Node 24, the production runtime, first on PATH.
# A machine whose own Node is older gets the official binary from the npm registry's node-linux-<arch> package
# (decision 0075), kept in a cache folder, so later runs start at once. The machine's npm and npx then run on it.
# Sets MACHINE_NODE to the machine's own node when that one is older, so CI can run some steps on it too.
PORTAL_NODE_VERSION=24.22.3
MACHINE_NODE=
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != 24 ]; then
  MACHINE_NODE=$(command -v node || true)
  case "$(uname -m)" in
    x86_64) node_arch=x64 ;;
    aarch64) node_arch=arm64 ;;
    *) echo "No Node 24 package for $(uname -m): install Node 24 and run again." >&2 && return 1 ;;
  esac
  node_dir="${PORTAL_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/portal-node}/$PORTAL_NODE_VERSION-$node_arch"
  if [ ! -x "$node_dir/bin/node" ]; then
    echo "Fetching Node $PORTAL_NODE_VERSION (node-linux-$node_arch) into $node_dir..."
    mkdir -p "$node_dir.part"
    # npm pack checks the tarball against the registry's integrity hash; the package holds bin/node.
    tarball=$(cd "$node_dir.part" && npm pack --silent "node-linux-$node_arch@$PORTAL_NODE_VERSION") || return 1
    tar -xzf "$node_dir.part/$tarball" -C "$node_dir.part" --strip-components=1 && rm "$node_dir.part/$tarball" || return 1
    rm -rf "$node_dir" && mv "$node_dir.part" "$node_dir"
  fi
  export PATH="$node_dir/bin:$PATH"
  hash -r
fi
export MACHINE_NODE
echo "Node $(node -v) at $(command -v node)"
[ -z "$MACHINE_NODE" ] || echo "The machine's own Node: $("$MACHINE_NODE" -v) at $MACHINE_NODE"
