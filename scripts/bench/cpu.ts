/**
 * CPU time spent by the server under measurement and by the database serving it, from Linux's
 * /proc: on a shared machine requests/s move with the neighbours' load (the same build's ceiling
 * ranged 7,000–10,800 req/s within minutes), while the CPU a request costs moves much less, so
 * the benchmark prints both.
 */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the project runs on

interface ProcStat {
  pid: number;
  ppid: number;
  seconds: number;
}

function stat(pid: number): ProcStat | null {
  try {
    // The command name (in parentheses) may hold spaces: the fields after it are counted from its end.
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null; // gone since the listing
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * CPU seconds so far of `serverPid` with its descendants (the workers of --web-concurrency), and
 * of the PostgreSQL backends connected to `database` (null for SQLite, which runs in the server);
 * null where there is no /proc.
 */
export function cpuSeconds(serverPid: number, database: string | null): { server: number; database: number | null } | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const all = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => stat(Number(name)))
    .filter((s): s is ProcStat => s !== null);
  const tree = new Set([serverPid]);
  // Parents are listed before their children almost always; repeat until nothing joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of all) {
      if (tree.has(s.pid) || !tree.has(s.ppid)) continue;
      tree.add(s.pid);
      grew = true;
    }
  }
  const server = all.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.seconds, 0);
  if (database === null) return { server, database: null };
  // A backend's title: "postgres: [<cluster name>: ]<user> <database> <client> <state>".
  const backend = new RegExp(`^postgres: (?:[^:]*: )?\\S+ ${database.replace(/\W/g, '\\$&')} `);
  const db = all.filter((s) => backend.test(commandLine(s.pid))).reduce((sum, s) => sum + s.seconds, 0);
  return { server, database: db };
}
