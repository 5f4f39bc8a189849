# A private Slurm cluster for one test: munged, slurmctld and two slurmd emulating the
# nodes n1 and n2 on this machine. Everything it uses (key, sockets, ports, state, logs)
# lives in $SLURM_DIR; it touches no system Slurm or munge. Each daemon runs in the
# foreground as a child of this shell, so its PID is known exactly, and slurm_stop ends
# those PIDs and no others. Sourced by tests/e2e/slurm.sh.

SLURM_PIDS=()

# A TCP port nothing listens on now. Another process may take it before the daemon binds,
# so slurm_start retries on a fresh set of ports when a daemon fails to come up.
_slurm_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

_slurm_write_conf() {
    local host user ctld_port n1_port n2_port
    host=$(hostname) user=$(id -un)
    ctld_port=$(_slurm_free_port) n1_port=$(_slurm_free_port) n2_port=$(_slurm_free_port)
    # The test's own user runs every daemon and every job: no slurm user is needed.
    # proctrack/linuxproc and task/none need no
    # cgroups, which containers often lack. config_overrides: the emulated nodes claim
    # 2 CPUs each whatever this machine has.
    cat >"$SLURM_DIR/slurm.conf" <<CONF
ClusterName=goe-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SLURM_DIR/munge.socket
SlurmUser=$user
SlurmdUser=$user
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool/%n
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.%n.pid
SlurmctldLogFile=$SLURM_DIR/slurmctld.log
SlurmdLogFile=$SLURM_DIR/slurmd.%n.log
SlurmdParameters=config_overrides
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmctldTimeout=10
SlurmdTimeout=10
InactiveLimit=0
KillWait=2
MinJobAge=600
NodeName=n1 NodeHostname=$host NodeAddr=127.0.0.1 Port=$n1_port CPUs=2 State=UNKNOWN
NodeName=n2 NodeHostname=$host NodeAddr=127.0.0.1 Port=$n2_port CPUs=2 State=UNKNOWN
PartitionName=test Nodes=n[1-2] Default=YES MaxTime=INFINITE State=UP
CONF
}

# slurm_start DIR: starts the cluster and waits until both nodes are idle. Exports
# SLURM_CONF so that sbatch, srun and sinfo talk to it. Returns non-zero, with the
# daemons' logs on stderr, when it does not come up.
slurm_start() {
    SLURM_DIR=$1
    mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool/n1" "$SLURM_DIR/spool/n2" || return 1
    chmod 711 "$SLURM_DIR"  # munged wants its socket's directory searchable by all
    dd if=/dev/urandom of="$SLURM_DIR/munge.key" bs=1024 count=1 status=none
    chmod 600 "$SLURM_DIR/munge.key"
    munged --foreground --force --socket="$SLURM_DIR/munge.socket" \
        --key-file="$SLURM_DIR/munge.key" --pid-file="$SLURM_DIR/munged.pid" \
        --log-file="$SLURM_DIR/munged.log" --seed-file="$SLURM_DIR/munged.seed" 2>>"$SLURM_DIR/munged.out" &
    SLURM_PIDS+=($!)
    local attempt
    for attempt in 1 2 3; do
        _slurm_write_conf
        export SLURM_CONF=$SLURM_DIR/slurm.conf
        slurmctld -D -i -f "$SLURM_CONF" >>"$SLURM_DIR/slurmctld.out" 2>&1 &
        SLURM_PIDS+=($!)
        slurmd -D -N n1 -f "$SLURM_CONF" >>"$SLURM_DIR/slurmd.n1.out" 2>&1 &
        SLURM_PIDS+=($!)
        slurmd -D -N n2 -f "$SLURM_CONF" >>"$SLURM_DIR/slurmd.n2.out" 2>&1 &
        SLURM_PIDS+=($!)
        local waited
        for waited in $(seq 1 60); do
            [[ $(sinfo -h -N -o '%N %t' 2>/dev/null | sort | tr '\n' ' ') == 'n1 idle n2 idle ' ]] && return 0
            sleep 0.5
        done
        # Not up in 30 s: perhaps a port was taken after all. Stop this try's daemons.
        _slurm_kill "${SLURM_PIDS[@]:1}"
        SLURM_PIDS=("${SLURM_PIDS[0]}")
    done
    tail -n 20 "$SLURM_DIR"/*.log "$SLURM_DIR"/*.out >&2
    return 1
}

_slurm_kill() {
    local pid
    for pid in "$@"; do kill "$pid" 2>/dev/null; done
    for pid in "$@"; do wait "$pid" 2>/dev/null; done
}

# Stops the daemons slurm_start started, slurmd first so that no node is marked down
# while the controller goes.
slurm_stop() {
    [[ ${#SLURM_PIDS[@]} -gt 0 ]] || return 0
    local ctld_and_nodes=("${SLURM_PIDS[@]:1}") munged=${SLURM_PIDS[0]}
    _slurm_kill "${ctld_and_nodes[@]}"
    _slurm_kill "$munged"
    SLURM_PIDS=()
}
