/** The server logger's JSON lines written to standard output while `run` runs (they are kept, not printed). */
export async function captureLog(run: () => Promise<void>): Promise<{ lines: Record<string, unknown>[]; text: string }> {
  const written: string[] = []
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk))
    return true
  })
  try {
    await run()
  } finally {
    spy.mockRestore()
  }
  const text = written.join('')
  const lines = text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { lines, text }
}
