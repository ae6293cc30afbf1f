import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '@/components/form/Field'
import { Form } from '@/components/form/Form'
import { useLazyResolver } from '@/components/form/lazy-resolver'
import { LazyToaster } from '@/lib/LazyToaster'

// A page whose form is the screen loads its rules (zod and the schema) after it shows: the form
// works as with its rules loaded up front, and rules that do not arrive send nothing unchecked.

const rules = z.object({ name: z.string().trim().min(1, 'Enter the required field') })
type Values = z.infer<typeof rules>

function NameForm({ load, onSend }: { load: () => Promise<Resolver<Values>>; onSend: (values: Values) => void }) {
  const resolver = useLazyResolver(load)
  const form = useForm<Values>({ resolver, mode: 'onTouched', defaultValues: { name: '' } })
  return (
    <Form onSubmit={form.handleSubmit(onSend)}>
      <TextField form={form} name="name" label="Name" />
      <button type="submit">Send</button>
    </Form>
  )
}

function renderForm(load: () => Promise<Resolver<Values>>) {
  const onSend = vi.fn()
  render(
    <>
      <NameForm load={load} onSend={onSend} />
      <LazyToaster />
    </>,
  )
  return { onSend, user: userEvent.setup() }
}

it('asks for its rules once, as soon as it shows, and checks with them', async () => {
  const load = vi.fn(async () => zodResolver(rules))
  const { onSend, user } = renderForm(load)
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1))

  await user.click(screen.getByRole('button', { name: 'Send' }))
  expect(await screen.findByText('Enter the required field')).toBeInTheDocument()
  expect(screen.getByLabelText('Name')).toHaveFocus()
  expect(onSend).not.toHaveBeenCalled()

  await user.type(screen.getByLabelText('Name'), '  Rex ')
  await user.click(screen.getByRole('button', { name: 'Send' }))
  await waitFor(() => expect(onSend).toHaveBeenCalledWith({ name: 'Rex' }, expect.anything()))
  expect(load).toHaveBeenCalledTimes(1)
})

it('says the rules did not arrive and sends nothing; the next send asks again and goes through', async () => {
  const load = vi
    .fn<() => Promise<Resolver<Values>>>()
    // As a browser says it: with no file named, the failure counts as the network's.
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockImplementation(async () => zodResolver(rules))
  const { onSend, user } = renderForm(load)
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  // Nothing is said of the early try: nobody has asked for a check yet.
  expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument()

  await user.type(screen.getByLabelText('Name'), 'Rex')
  await user.click(screen.getByRole('button', { name: 'Send' }))
  expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument()
  expect(onSend).not.toHaveBeenCalled()

  await user.click(screen.getByRole('button', { name: 'Send' }))
  await waitFor(() => expect(onSend).toHaveBeenCalledWith({ name: 'Rex' }, expect.anything()))
  expect(load).toHaveBeenCalledTimes(3)
})
