/** How often the parent is looked at; a stop asked of npm takes effect within this long. */
const PARENT_CHECK_MS = 250

/**
 * Run by an npm script (`npm start`, `npm run serve`), the server is npm's grandchild: npm runs
 * the script through a shell, and passes a SIGTERM only to that shell, which exits and leaves the
 * server running. So when the server started under npm loses the process that started it, it
 * stops as if it had been sent the signal itself. Outside npm (node build/server.js, a process
 * manager, nohup) the parent is none of its business.
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
