# Data for the Containers view: MST-labelled containers on the test engines, as MST leaves them:
# the built-in demo's two kept containers (engine-1 is the demo's colima-mst-kvm, engine-2 its
# studio-m2), a running shard of a later run (its owner process alive), an orphan (owner gone) and
# another machine's. screenshots.sh removes every container labelled dev.mstpanel.screenshot afterwards.
shot_run() {
  local ctx=$1 name=$2 host=$3 pid=$4
  DOCKER_CONFIG="$engines/config" docker --context "$ctx" run -d --network none --memory 256m --name "$name" \
    --label mst.owner.host="$host" --label mst.owner.pid="$pid" --label dev.mstpanel.screenshot=1 \
    mst-test/base:1 sleep 600 >/dev/null
}
sleep 900 &
shot_alive=$!
shot_run engine-1 mst-20261201t111500z-e4f5a6-1 "$(hostname)" "$shot_alive"
shot_run engine-2 mst-20261201t104316z-d01d4d-2-kept "$(hostname)" 999999
shot_run engine-1 mst-20261201t104316z-d01d4d-3-kept "$(hostname)" 999999
shot_run engine-2 mst-20261129t080000z-9f8e7d-1 "$(hostname)" 999998
shot_run engine-1 mst-20261130t090000z-c0ffee-1 build-host-7 4242
