import { waitFor } from '@testing-library/react'
import { afterNextPaint } from '@/lib/prefetch'

describe('afterNextPaint', () => {
  it('runs its task once the next frame is done, never in the same task', async () => {
    const order: string[] = []
    afterNextPaint(() => order.push('task'))
    // A frame callback asked for after it still runs first: the task waits for the frame's end.
    requestAnimationFrame(() => order.push('frame'))
    expect(order).toEqual([])
    await waitFor(() => expect(order).toEqual(['frame', 'task']))
  })

  it('runs nothing once cancelled', async () => {
    const ran = vi.fn()
    afterNextPaint(ran)()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(ran).not.toHaveBeenCalled()
  })
})
