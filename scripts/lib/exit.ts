import { ConfigError, loadConfig, readEnvFile, type ServerConfig } from '../../server/config'

/** Print `message` to stderr and end the script with exit code `code` (1: it failed). */
export function exitWith(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

/** The settings from the environment; a bad one ends the script with its message, before any database is opened. */
export function configOrExit(): ServerConfig {
  try {
    readEnvFile(process.env)
    return loadConfig(process.env)
  } catch (err) {
    if (err instanceof ConfigError) exitWith(err.message)
    throw err
  }
}
