#!/usr/bin/env bash
# Single-node Ceph RADOS Gateway (real S3) for the tests of the S3 storage driver (issue 15): mon + 1 OSD
# + radosgw from Debian 12's own packages, no systemd, everything under $CEPH_DIR. Modelled on ceph's
# src/vstart.sh (after ../shared/reference/ceph-s3.sh).
#
# usage: scripts/ceph-s3.sh install  # the Debian packages (ceph-mon ceph-osd radosgw ceph-common), once
#        scripts/ceph-s3.sh start    # install if needed, build the cluster from nothing, print the S3_* variables
#        scripts/ceph-s3.sh stop     # kill the daemons started by 'start' (by pid file)
#        scripts/ceph-s3.sh rss      # print RSS of the daemons
# env:   CEPH_DIR (default ${TMPDIR:-/tmp}/ceph-s3)  OBJECTSTORE=memstore|bluestore
#        MEMSTORE_BYTES (default 4 GiB)  RGW_PORT (7480)  MON_PORT (3300, v1 = MON_PORT+1)
#        S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (fixed test keys by default)
#
# Endpoint ready 1.3-2.7 s after start (memstore), about 120 MiB RSS idle. Known behaviour of radosgw
# 16.2: the ETag returned by CompleteMultipartUpload is empty (HeadObject has the right one); an aborted
# multipart upload may still be listed for a moment; use path-style URLs; memstore holds everything in
# RAM (MEMSTORE_BYTES cap): use bluestore for big test data (the 1 GiB benchmark).
set -euo pipefail

CEPH_DIR=${CEPH_DIR:-${TMPDIR:-/tmp}/ceph-s3}
OBJECTSTORE=${OBJECTSTORE:-memstore}
MEMSTORE_BYTES=${MEMSTORE_BYTES:-4294967296}
RGW_PORT=${RGW_PORT:-7480}
MON_PORT=${MON_PORT:-3300}
MON_V1_PORT=$((MON_PORT + 1))
S3_ACCESS_KEY_ID=${S3_ACCESS_KEY_ID:-TESTACCESSKEY0000001}
S3_SECRET_ACCESS_KEY=${S3_SECRET_ACCESS_KEY:-testsecretkey0000000000000000000000000001}
CONF=$CEPH_DIR/ceph.conf
export CEPH_CONF=$CONF          # so plain `ceph`, `radosgw-admin` find it
T0=$(date +%s.%N)

log() { printf "[%6.2fs] %s\n" "$(awk -v a="$(date +%s.%N)" -v b="$T0" "BEGIN{print a-b}")" "$*" >&2; }
ceph_() { ceph -c "$CONF" --connect-timeout 10 "$@"; }

wait_for() { # wait_for <seconds> <description> <command...>
  local t=$1 what=$2; shift 2
  for ((i = 0; i < t * 5; i++)); do
    if "$@" >/dev/null 2>&1; then log "$what: ok"; return 0; fi
    sleep 0.2
  done
  log "TIMEOUT waiting for $what"; return 1
}

stop() {
  # order matters: osd first waits up to osd_mon_shutdown_timeout (5 s) for a dead mon
  for name in client.rgw.gw osd.0 mon.a; do
    f=$CEPH_DIR/run/$name.pid
    [ -e "$f" ] || continue
    pid=$(cat "$f")
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid"; echo "stopped $name pid $pid"
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -0 "$pid" 2>/dev/null && { kill -9 "$pid"; echo "SIGKILLed $name $pid"; }
    fi
    rm -f "$f"
  done
}

rss() {
  for f in "$CEPH_DIR"/run/*.pid; do
    [ -e "$f" ] || continue
    pid=$(cat "$f")
    printf '%-16s pid %-7s RSS %s\n' "$(basename "$f" .pid)" "$pid" \
      "$(awk '/VmHWM/{h=$2} /VmRSS/{r=$2} END{printf "%.0f MiB (peak %.0f MiB)", r/1024, h/1024}' /proc/"$pid"/status 2>/dev/null || echo gone)"
  done
}

install() {
  local pkgs=(ceph-mon ceph-osd radosgw ceph-common uuid-runtime curl) missing=()
  for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  local SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

start() {
  install
  [ -d "$CEPH_DIR" ] && { stop >/dev/null 2>&1 || true; rm -rf "$CEPH_DIR"; }
  mkdir -p "$CEPH_DIR"/{run,log,mon.a,osd.0,rgw.gw}
  local fsid; fsid=$(uuidgen)

  cat >"$CONF" <<EOF
[global]
fsid = $fsid
mon host = [v2:127.0.0.1:$MON_PORT,v1:127.0.0.1:$MON_V1_PORT]
public addr = 127.0.0.1
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
keyring = $CEPH_DIR/keyring
run dir = $CEPH_DIR/run
pid file = $CEPH_DIR/run/\$name.pid
admin socket = $CEPH_DIR/run/\$name.asok
log file = $CEPH_DIR/log/\$name.log
crash dir = $CEPH_DIR/crash
# single OSD: replicas=1, CRUSH picks OSDs not hosts, few PGs
osd pool default size = 1
osd pool default min size = 1
osd crush chooseleaf type = 0
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
mon data avail warn = 2
mon data avail crit = 1
auth allow insecure global id reclaim = false

[mon]
mon data = $CEPH_DIR/mon.\$id
mon cluster log file = $CEPH_DIR/log/cluster.log
# every pool create / osd map change waits paxos_propose_interval (1 s default);
# rgw issues ~10 such commands at first start (=> ~9 s). Shorten for a test cluster.
paxos propose interval = 0.01

[osd]
osd data = $CEPH_DIR/osd.\$id
keyring = $CEPH_DIR/osd.\$id/keyring
osd objectstore = $OBJECTSTORE
memstore device bytes = $MEMSTORE_BYTES
bluestore block create = true
bluestore block size = 21474836480
bluestore block db create = false
bluestore block wal create = false
bluestore cache size = 134217728
osd memory target = 939524096
osd max object size = 134217728

[client.rgw.gw]
rgw data = $CEPH_DIR/rgw.gw
keyring = $CEPH_DIR/rgw.gw/keyring
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw dns name = localhost
# reclaim deleted/overwritten object data quickly (default min wait 2 h) so memstore RAM doesn't grow forever
rgw gc obj min wait = 0
rgw gc processor period = 10
log file = $CEPH_DIR/log/rgw.log
EOF

  # keys: mon., client.admin
  ceph-authtool --create-keyring "$CEPH_DIR/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-authtool "$CEPH_DIR/keyring" --gen-key -n client.admin \
    --cap mon 'allow *' --cap osd 'allow *' --cap mds 'allow *' --cap mgr 'allow *' >/dev/null
  monmaptool --create --clobber --fsid "$fsid" \
    --addv a "[v2:127.0.0.1:$MON_PORT,v1:127.0.0.1:$MON_V1_PORT]" "$CEPH_DIR/monmap" >/dev/null

  # ---- mon
  ceph-mon -c "$CONF" -i a --mkfs --monmap "$CEPH_DIR/monmap" --keyring "$CEPH_DIR/keyring"
  ceph-mon -c "$CONF" -i a            # daemonizes, writes run/mon.a.pid
  wait_for 60 "mon quorum" ceph_ mon stat

  # ---- osd.0
  local osd_uuid osd_key; osd_uuid=$(uuidgen); osd_key=$(ceph-authtool --gen-print-key)
  echo "{\"cephx_secret\": \"$osd_key\"}" >"$CEPH_DIR/osd.0/new.json"
  ceph_ osd new "$osd_uuid" -i "$CEPH_DIR/osd.0/new.json" >/dev/null   # -> id 0
  # mkfs --key only writes osd.0/osd_key; the daemon needs a real keyring file
  ceph-authtool --create-keyring "$CEPH_DIR/osd.0/keyring" -n osd.0 --add-key "$osd_key" >/dev/null
  ceph-osd -c "$CONF" -i 0 --mkfs --osd-uuid "$osd_uuid" >"$CEPH_DIR/log/osd-mkfs.log" 2>&1
  ceph-osd -c "$CONF" -i 0
  wait_for 120 "osd.0 up" bash -c "ceph -c '$CONF' osd dump 2>/dev/null | grep -q '^osd.0 up'"

  # ---- radosgw
  ceph_ auth get-or-create client.rgw.gw mon 'allow rw' osd 'allow rwx' mgr 'allow rw' \
    -o "$CEPH_DIR/rgw.gw/keyring"
  radosgw -c "$CONF" -n client.rgw.gw
  wait_for 120 "rgw http" curl -sf -o /dev/null "http://127.0.0.1:$RGW_PORT/"

  # ---- S3 user (fixed keys => tests can be configured statically)
  radosgw-admin -c "$CONF" user create --uid=test --display-name="Test User" \
    --access-key="$S3_ACCESS_KEY_ID" --secret-key="$S3_SECRET_ACCESS_KEY" >"$CEPH_DIR/user.json"
  log "S3 ready"

  cat <<EOF
S3_ENDPOINT=http://127.0.0.1:$RGW_PORT
S3_ACCESS_KEY_ID=$S3_ACCESS_KEY_ID
S3_SECRET_ACCESS_KEY=$S3_SECRET_ACCESS_KEY
S3_REGION=us-east-1
S3_FORCE_PATH_STYLE=true
EOF
}

case "${1:-start}" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  rss) rss ;;
  *) echo "usage: $0 install|start|stop|rss" >&2; exit 2 ;;
esac
