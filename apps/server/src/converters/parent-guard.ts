/**
 * Preloaded into every Node converter child (`node --import parent-guard.ts entry.ts …`, see
 * run-isolated.ts forkChild): the child exits as soon as the process that started it is gone, so a
 * converter never lives on as an orphan after its server or worker was killed (issue 15 crash
 * recovery). The expected parent is `BIMDRIVE_PARENT_PID` (set by forkChild; the child's first
 * parent otherwise); it is checked at once and then every 500 ms on an unref'd timer, so it never
 * keeps a child alive. On Linux the kernel's parent-death signal (setpriv --pdeathsig) normally
 * gets there first; this guard covers systems without it and a child busy past a missed signal.
 * Exit code when the parent is gone: 70.
 */
const expected = Number(process.env.BIMDRIVE_PARENT_PID) || process.ppid;

/** Exit code of a child whose parent is gone. */
const PARENT_GONE = 70;

const check = () => {
  if (process.ppid !== expected) process.exit(PARENT_GONE);
};
check();
setInterval(check, 500).unref();
