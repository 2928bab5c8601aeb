#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the test that runs docs/distributed.md's job array
# (test/pipeline/slurm.test.ts). Debian's slurmd, slurmctld, slurm-client and munge; run as root.
#
#   scripts/slurm-local.sh start   start munge (when not running), slurmctld and slurmd; wait for the node
#   scripts/slurm-local.sh stop    stop what `start` started (by the process ids it recorded)
#   scripts/slurm-local.sh status  exit 0 when the cluster answers
#
# Everything lives in $DEBELLATOR_SLURM_DIR (default /tmp/debellator-slurm): slurm.conf, state, logs and
# process ids; /etc/slurm is not touched. Commands find the cluster with SLURM_CONF=$dir/slurm.conf.
# Exit codes: 0 done; 3 Slurm cannot run here (not root, a package missing), with one line saying why;
# anything else: it should have started and did not (the logs are named).
set -euo pipefail

# The daemons live in /usr/sbin, which a non-login shell may not have on its PATH.
export PATH="$PATH:/usr/sbin:/sbin"
dir="${DEBELLATOR_SLURM_DIR:-/tmp/debellator-slurm}"
conf="$dir/slurm.conf"
export SLURM_CONF="$conf"

cannot() {
  echo "slurm-local: cannot start Slurm here: $*"
  exit 3
}

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# Wait up to $1 seconds for the command that follows to succeed.
wait_for() {
  local seconds=$1
  shift
  for _ in $(seq 1 $((seconds * 5))); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  return 1
}

munge_works() { munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; }

node_idle() { [ "$(sinfo -h -o %T 2>/dev/null | head -n 1)" = idle ]; }

start() {
  [ "$(id -u)" = 0 ] || cannot "not root (slurmd and munged are started as root)"
  local tool
  for tool in munged munge unmunge slurmctld slurmd sbatch sinfo scontrol; do
    command -v "$tool" >/dev/null 2>&1 ||
      cannot "$tool is missing (apt-get install slurmd slurmctld slurm-client munge)"
  done
  if alive "$dir/slurmctld.pid" && alive "$dir/slurmd.pid" && node_idle; then
    echo "slurm-local: running ($conf)"
    return 0
  fi
  stop >/dev/null 2>&1 || true
  mkdir -p "$dir/state" "$dir/spool"

  if ! munge_works; then
    [ -s /etc/munge/munge.key ] || mungekey --create --keyfile=/etc/munge/munge.key
    chown munge:munge /etc/munge/munge.key && chmod 600 /etc/munge/munge.key
    mkdir -p /run/munge /var/lib/munge /var/log/munge
    chown munge:munge /run/munge /var/lib/munge /var/log/munge
    runuser -u munge -- munged
    cp /run/munge/munged.pid "$dir/munged.pid"
    wait_for 10 munge_works || { echo "slurm-local: munged did not start (/var/log/munge/munged.log)"; exit 1; }
  fi

  local host cpus
  host="$(hostname -s)"
  cpus="$(nproc)"
  cat >"$conf" <<EOF
# Written by scripts/slurm-local.sh: a one-node cluster for the tests.
ClusterName=debellator
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
# sbatch --wait polls every 2 s while this is at most 6 (it waits up to 32 s between polls by default).
MinJobAge=6
SlurmctldTimeout=30
SlurmdTimeout=30
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  # -i: ignore state left by an earlier cluster in this folder.
  slurmctld -i -f "$conf" || { echo "slurm-local: slurmctld did not start ($dir/slurmctld.log)"; exit 1; }
  slurmd -f "$conf" -N "$host" || { echo "slurm-local: slurmd did not start ($dir/slurmd.log)"; exit 1; }
  if ! wait_for 60 node_idle; then
    echo "slurm-local: the node did not come up ($dir/slurmctld.log, $dir/slurmd.log)"
    sinfo 2>&1 || true
    exit 1
  fi
  echo "slurm-local: started ($conf)"
}

stop() {
  local name pid
  for name in slurmd slurmctld munged; do
    if alive "$dir/$name.pid"; then
      pid="$(cat "$dir/$name.pid")"
      kill "$pid"
      wait_for 10 bash -c "! kill -0 $pid 2>/dev/null" || kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$dir/$name.pid"
  done
  echo "slurm-local: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) alive "$dir/slurmctld.pid" && node_idle ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 64
    ;;
esac
