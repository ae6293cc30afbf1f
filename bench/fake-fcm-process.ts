/**
 * The fake FCM of bench/push.ts, in a process of its own (so that its work is not counted as the
 * sender's, nor its memory in the sender's RSS): counts the messages per bench token
 * (`bench-<n>`) and answers its parent's questions over IPC, each with the question's id.
 */
import { startFakeFcm } from '../test/server/helpers/fake-fcm'

const slots = Number(process.argv[2])
const fake = await startFakeFcm({ slotOf: (token) => (token.startsWith('bench-') ? Number(token.slice(6)) : -1), slots })

process.on('message', ({ id, question }: { id?: number; question: string }) => {
  if (question === 'messages') process.send!({ id, messages: fake.messages })
  if (question === 'counts') {
    let lost = 0
    let repeated = 0
    for (const n of fake.counts!) {
      if (n === 0) lost++
      else if (n > 1) repeated++
    }
    process.send!({ id, messages: fake.messages, lost, repeated, problems: fake.problems.slice(0, 5), rss: process.memoryUsage().rss })
  }
  if (question === 'close') void fake.close().then(() => process.exit(0))
})
process.send!({ url: fake.url, serviceAccount: fake.serviceAccount })
