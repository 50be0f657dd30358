# shashki egdb build --mpi takes the folder's lock as the build without MPI does (issue 35):
# while another build holds DIR/.build-lock (here the shell, with flock on descriptor 9), rank 0
# says it waits and builds nothing; once the lock is let go it builds every slice. The shell
# waits for the "waiting" line (or the build's end, were it not to wait), never a fixed time.
# Under make sanitize, LeakSanitizer is told nothing of Open MPI's own allocations that it
# never frees (libmpi and its plugins: not this program's); a normal build ignores ASAN_OPTIONS.
$ d=$DB-egdb; mkdir -p $d; exec 9>$d/.build-lock; flock 9; ( exec 9>&-; ASAN_OPTIONS=detect_leaks=0 mpirun --allow-run-as-root --oversubscribe -np 2 shashki egdb build --mpi --pieces 2 --dir $d >$d.log 2>&1; echo "exit $?" >>$d.log ) & until grep -q -e waiting -e '^exit' $d.log 2>/dev/null; do sleep 0.05; done; ls $d | grep -c '\.egdb$'; exec 9>&-; wait; grep -e waiting -e '^exit' $d.log; grep -c 'built by rank 1' $d.log; ls $d | grep -c '\.egdb$'; rm -rf $d $d.log
0
waiting for another build in *-egdb to end
exit 0
36
36
