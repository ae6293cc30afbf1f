/**
 * The answers' envelopes, built by the contract (the web tests' mock API builds them with the
 * same functions): `ok(message, data)`, `listOk(message, page, query)`, `errorBodyOf(...)`.
 */
export { okEnvelopeOf as ok, listEnvelopeOf as listOk, errorBodyOf } from '../../contract'
