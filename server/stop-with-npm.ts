/** How often the parent is looked at; a stop asked of npm takes effect within this long. */
const PARENT_CHECK_MS = 250

/**
 * Run by an npm script (`npm start`, `npm run serve`), the server is npm's child: the scripts
 * `exec` it in the place of npm's shell, so the SIGTERM npm passes on reaches it and npm waits for
 * its stop. When npm goes without passing a signal (killed with SIGKILL), or a script is run
 * without `exec`, the server is left behind: so when the server started under npm loses the
 * process that started it, it stops as if it had been sent the signal itself. Outside npm
 * (node build/server.js, a process manager, nohup) the parent is none of its business.
 */
export function stopWhenNpmStops(stop: () => void) {
  if (!process.env.npm_lifecycle_event) return
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    stop()
  }, PARENT_CHECK_MS)
  timer.unref()
}
