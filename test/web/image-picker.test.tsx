import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { zodResolver } from '@hookform/resolvers/zod'
import { http } from 'msw'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { UPLOAD_MSG, type UploadFolder } from '@contract'
import { Form } from '@/components/form/Form'
import { ImagesField } from '@/components/form/ImagePicker'
import { IMAGES_MSG, imageLabel, pickImages } from '@/components/form/images'
import { imagesSchema } from '@/components/form/images-schema'
import { authStore } from '@/lib/auth'
import { uploadedItems, uploadedUrls, type UploadItem } from '@/lib/uploads'
import { db, fail, sessionFor } from './mocks/db'
import { UPLOAD_URL } from './mocks/handlers/uploads'
import { holdUploadPosts } from './mocks/requests'
import { server } from './mocks/server'

const MB = 1024 * 1024
const image = (name: string, size = 2_000, type = 'image/png') => new File([new Uint8Array(size)], name, { type })

type Values = { images: UploadItem[] }

/** A form as the place and site forms will hold the picker: react-hook-form, zod, the picker as a field. */
function ImagesForm({
  folderType = 'place',
  previous = [],
  min = 1,
  onSave,
}: {
  folderType?: UploadFolder
  previous?: string[]
  min?: number
  onSave: (urls: string[]) => void
}) {
  const maxBytes = folderType === 'site' ? 20 * MB : 5 * MB
  const form = useForm<Values>({
    resolver: zodResolver(z.object({ images: imagesSchema({ min, maxBytes }) })),
    mode: 'onTouched',
    defaultValues: { images: uploadedItems(previous) },
  })
  return (
    <Form onSubmit={form.handleSubmit((values) => onSave(uploadedUrls(values.images)))}>
      <ImagesField form={form} name="images" folderType={folderType} min={min} />
      <button type="submit">Save</button>
    </Form>
  )
}

function renderPicker(props: Partial<Parameters<typeof ImagesForm>[0]> = {}) {
  const onSave = vi.fn()
  const user = userEvent.setup()
  const view = render(<ImagesForm onSave={onSave} {...props} />)
  const input = () => screen.getByLabelText('Add images')
  return { ...view, user, onSave, input }
}

/** jsdom has no object URLs: count them so previews and their release can be seen. */
let previews: { created: Map<string, File>; revoked: string[] }
beforeEach(() => {
  authStore.signIn(sessionFor('admin'))
  previews = { created: new Map(), revoked: [] }
  let n = 0
  URL.createObjectURL = (file: Blob) => {
    const url = `blob:preview/${++n}`
    previews.created.set(url, file as File)
    return url
  }
  URL.revokeObjectURL = (url: string) => void previews.revoked.push(url)
})
afterEach(() => {
  // @ts-expect-error: jsdom has none; put it back as it was.
  delete URL.createObjectURL
  // @ts-expect-error: as above.
  delete URL.revokeObjectURL
})

const PREVIOUS = [`${UPLOAD_URL}place/old-1.png`, `${UPLOAD_URL}place/old-2.jpg`]

describe('the image picker', () => {
  it('uploads a picked image at once and shows it as "Image 1" with its remove button', async () => {
    const { user, input, onSave } = renderPicker()
    await user.upload(input(), image('dog.png'))
    expect(await screen.findByRole('img', { name: 'Image 1' })).toHaveAttribute('src', 'blob:preview/1')
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Remove Image 1' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith([`${UPLOAD_URL}place/1.png`])
  })

  it('shows each upload\'s progress in a progress bar until it is stored', async () => {
    const posts = holdUploadPosts()
    const { user, input } = renderPicker()
    await user.upload(input(), [image('dog.png'), image('cat.png')])
    await waitFor(() => expect(posts).toHaveLength(2))
    const first = screen.getByRole('progressbar', { name: 'Uploading Image 1' })
    const second = screen.getByRole('progressbar', { name: 'Uploading Image 2' })
    expect(first).toHaveAttribute('aria-valuenow', '0')
    act(() => posts[0]!.progress(400, 1_000))
    expect(first).toHaveAttribute('aria-valuenow', '40')
    expect(first).toHaveAttribute('aria-valuetext', '40%')
    expect(second).toHaveAttribute('aria-valuenow', '0')
    act(() => posts[0]!.progress(900, 1_000))
    expect(first).toHaveAttribute('aria-valuenow', '90')
    act(() => posts[0]!.respond(204))
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading Image 1' })).not.toBeInTheDocument())
    expect(screen.getByRole('progressbar', { name: 'Uploading Image 2' })).toBeInTheDocument()
    act(() => posts[1]!.respond(204))
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
  })

  it('signs the files picked together in one call', async () => {
    const { user, input } = renderPicker()
    await user.upload(input(), [image('a.png'), image('b.png'), image('c.png')])
    await waitFor(() => expect(db.uploads.stored.size).toBe(3))
    expect(db.uploads.signings).toHaveLength(1)
    expect(db.uploads.signings[0]!.map((f) => f.fileName)).toEqual(['a.png', 'b.png', 'c.png'])
  })

  it('refuses an image over 5 MB with "Selected image exceeded 5MB and was not added." and takes the others', async () => {
    const { user, input } = renderPicker()
    await user.upload(input(), [image('big.png', 5 * MB + 1), image('exact.png', 5 * MB)])
    expect(await screen.findByRole('alert')).toHaveTextContent('Selected image exceeded 5MB and was not added.')
    expect(screen.getAllByRole('img')).toHaveLength(1)
    await waitFor(() => expect(db.uploads.stored.size).toBe(1))
    expect(db.uploads.signings[0]!.map((f) => f.fileName)).toEqual(['exact.png'])
  })

  it('refuses an image over 20 MB on a site form with "Selected image exceeded 20MB and was not added."', async () => {
    const { user, input } = renderPicker({ folderType: 'site' })
    await user.upload(input(), [image('big.png', 20 * MB + 1), image('six.png', 6 * MB)])
    expect(await screen.findByRole('alert')).toHaveTextContent('Selected image exceeded 20MB and was not added.')
    expect(screen.getByRole('img', { name: 'Image 1' })).toBeInTheDocument()
    await waitFor(() => expect(db.uploads.stored).toEqual(new Set(['site/1.png'])))
  })

  it('refuses images past the 20th with "At max you can upload 20 images"', async () => {
    const eighteen = Array.from({ length: 18 }, (_, i) => `${UPLOAD_URL}place/old-${i}.png`)
    const { user, input } = renderPicker({ previous: eighteen })
    await user.upload(input(), [image('a.png'), image('b.png'), image('c.png')])
    expect(await screen.findByRole('alert')).toHaveTextContent('At max you can upload 20 images')
    expect(screen.getAllByRole('listitem')).toHaveLength(20)
    expect(screen.getByText('20 of 20 images')).toBeInTheDocument()
    expect(db.uploads.signings[0]!.map((f) => f.fileName)).toEqual(['a.png', 'b.png'])
  })

  it('refuses a 21st image picked on its own', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `${UPLOAD_URL}place/old-${i}.png`)
    const { user, input } = renderPicker({ previous: twenty })
    await user.upload(input(), image('one-more.png'))
    expect(await screen.findByRole('alert')).toHaveTextContent('At max you can upload 20 images')
    expect(db.uploads.signings).toHaveLength(0)
  })

  it('refuses a file of another type and offers only the folder\'s types in the chooser', async () => {
    const { input } = renderPicker()
    expect(input()).toHaveAttribute('accept', '.jpg,.jpeg,.png,.webp,.gif,image/jpeg,image/png,image/webp,image/gif')
    const anyFile = userEvent.setup({ applyAccept: false })
    await anyFile.upload(input(), image('scan.bmp', 2_000, 'image/bmp'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Only JPG, JPEG, PNG, WEBP or GIF images can be chosen.')
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it('shows a failed upload\'s message with Retry, and the retry signs again and succeeds', async () => {
    server.use(http.post('*/uploads/', () => fail('FORBIDDEN', UPLOAD_MSG.expired), { once: true }))
    const { user, input, onSave } = renderPicker()
    await user.upload(input(), image('dog.png'))
    expect(
      await screen.findByText('Failed to upload dog.png: The upload link has expired. Please request a new one.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry Image 1' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry Image 1' })).not.toBeInTheDocument())
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    expect(screen.queryByText(/Failed to upload/)).not.toBeInTheDocument()
    expect(db.uploads.signings).toHaveLength(2)
    expect(db.uploads.stored).toEqual(new Set(['place/2.png']))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith([`${UPLOAD_URL}place/2.png`])
  })

  it('shows "Failed to get signed URL for {file}: ..." on every image picked together when signing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.post('*/api/v1/common/upload', () => fail('INTERNAL', 'The storage is not reachable'), { once: true }))
    const { user, input } = renderPicker()
    await user.upload(input(), [image('dog.png'), image('cat.png')])
    expect(await screen.findByText('Failed to get signed URL for dog.png: The storage is not reachable')).toBeInTheDocument()
    expect(screen.getByText('Failed to get signed URL for cat.png: The storage is not reachable')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry Image 1' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry Image 2' })).toBeInTheDocument()
  })

  it('removes an image, numbering the others again, and sends only what is left', async () => {
    const { user, input, onSave } = renderPicker()
    await user.upload(input(), [image('dog.png'), image('cat.png')])
    await waitFor(() => expect(db.uploads.stored.size).toBe(2))
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Remove Image 1' }))
    expect(screen.getAllByRole('img')).toHaveLength(1)
    expect(screen.getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', 'blob:preview/2')
    expect(previews.revoked).toEqual(['blob:preview/1'])
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith([`${UPLOAD_URL}place/2.png`])
  })

  it('keeps the previous images of an edit form unless they are removed', async () => {
    const { user, onSave } = renderPicker({ previous: PREVIOUS, min: 0 })
    expect(screen.getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', PREVIOUS[0])
    expect(screen.getByRole('img', { name: 'Image 2' })).toHaveAttribute('src', PREVIOUS[1])
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenLastCalledWith(PREVIOUS)
    await user.click(screen.getByRole('button', { name: 'Remove Image 1' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenLastCalledWith([PREVIOUS[1]])
  })

  it('sends the previous images first and the new ones after them', async () => {
    const { user, input, onSave } = renderPicker({ previous: PREVIOUS, min: 0 })
    await user.upload(input(), image('new.webp', 2_000, 'image/webp'))
    await waitFor(() => expect(db.uploads.stored.size).toBe(1))
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    expect(screen.getByRole('img', { name: 'Image 3' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith([...PREVIOUS, `${UPLOAD_URL}place/1.webp`])
  })

  it('stops the upload of an image removed while it uploads and releases its preview', async () => {
    const posts = holdUploadPosts()
    const { user, input } = renderPicker()
    await user.upload(input(), image('dog.png'))
    await waitFor(() => expect(posts).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Remove Image 1' }))
    expect(posts[0]!.aborted).toBe(true)
    expect(previews.revoked).toEqual(['blob:preview/1'])
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.getByText('0 of 20 images')).toBeInTheDocument()
  })

  it('releases the previews and stops the uploads when it leaves the screen', async () => {
    const posts = holdUploadPosts()
    const { user, input, unmount } = renderPicker()
    await user.upload(input(), [image('dog.png'), image('cat.png')])
    await waitFor(() => expect(posts).toHaveLength(2))
    act(() => posts[0]!.respond(204))
    unmount()
    expect(previews.revoked.sort()).toEqual(['blob:preview/1', 'blob:preview/2'])
    expect(posts[1]!.aborted).toBe(true)
  })

  it('keeps the form from being sent while an image is uploading', async () => {
    const posts = holdUploadPosts()
    const { user, input, onSave } = renderPicker()
    await user.upload(input(), image('dog.png'))
    await waitFor(() => expect(posts).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(IMAGES_MSG.uploading)).toBeInTheDocument()
    expect(onSave).not.toHaveBeenCalled()
    act(() => posts[0]!.respond(204))
    await waitFor(() => expect(screen.queryByText(IMAGES_MSG.uploading)).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith([`${UPLOAD_URL}place/1.png`])
  })

  it('keeps the form from being sent while an image has failed', async () => {
    server.use(http.post('*/uploads/', () => fail('FORBIDDEN', UPLOAD_MSG.expired)))
    const { user, input, onSave } = renderPicker()
    await user.upload(input(), image('dog.png'))
    await screen.findByRole('button', { name: 'Retry Image 1' })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(IMAGES_MSG.failed)).toBeInTheDocument()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('says "At least one image is required" when a create form is sent without images', async () => {
    const { user, onSave } = renderPicker()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('At least one image is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Add images')).toHaveAttribute('aria-invalid', 'true')
    expect(onSave).not.toHaveBeenCalled()
  })

  it('shows the help text: a 1:1 aspect ratio, the allowed types and the size', () => {
    renderPicker({ folderType: 'site' })
    const group = screen.getByRole('group', { name: 'Images' })
    expect(group).toHaveAccessibleDescription(
      'A 1:1 (square) aspect ratio is advised. JPG, JPEG, PNG or WEBP, up to 20 MB each, at most 20 images.',
    )
  })

  it('is reached from the keyboard: the chooser is a real, labelled file input', async () => {
    const { user, input } = renderPicker({ previous: PREVIOUS.slice(0, 1), min: 0 })
    await user.tab()
    expect(screen.getByRole('button', { name: 'Remove Image 1' })).toHaveFocus()
    await user.tab()
    expect(input()).toHaveFocus()
    expect(input()).toHaveAttribute('type', 'file')
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it('shows a placeholder when an image cannot be loaded', async () => {
    renderPicker({ previous: PREVIOUS.slice(0, 1), min: 0 })
    const img = screen.getByRole('img', { name: 'Image 1' })
    act(() => void img.dispatchEvent(new Event('error')))
    const placeholder = screen.getByRole('img', { name: 'Image 1' })
    expect(placeholder.tagName).toBe('SPAN')
    expect(within(placeholder.closest('li')!).getByRole('button', { name: 'Remove Image 1' })).toBeInTheDocument()
  })
})

describe('image rules', () => {
  const rules = { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB }
  const file = (name: string, size = 10, type = 'image/png') => ({ name, size, type })

  it('labels a file named like an image "Image n", in any case, and keeps other names', () => {
    const item = (url: string): UploadItem => ({ id: url, status: 'success', url })
    expect(imageLabel(item('https://cdn.example.com/a/b/photo.JPEG'), 2)).toBe('Image 3')
    for (const ext of ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'bmp', 'tiff', 'svg', 'ico']) {
      expect(imageLabel(item(`https://x.test/f.${ext.toUpperCase()}`), 0)).toBe('Image 1')
    }
    expect(imageLabel(item('https://cdn.example.com/files/report.pdf'), 0)).toBe('report.pdf')
    expect(imageLabel({ id: 'n', status: 'pending', file: new File([], 'scan.png') }, 4)).toBe('Image 5')
  })

  it('splits a pick into the files taken and each refusal once', () => {
    const picked = [file('a.png'), file('b.gif', 10, 'image/gif'), file('c.png', 6 * MB), file('d.png', 7 * MB), file('e.png'), file('f.png')]
    expect(pickImages(picked, { ...rules, count: 18, max: 20 })).toEqual({
      taken: [picked[0], picked[4]],
      refusals: ['Only JPG, JPEG or PNG images can be chosen.', 'Selected image exceeded 5MB and was not added.', 'At max you can upload 20 images'],
    })
  })

  it('judges a file the browser could not type by its name', () => {
    expect(pickImages([file('me.JPG', 10, '')], { ...rules, count: 0 }).taken).toHaveLength(1)
    expect(pickImages([file('me.tif', 10, '')], { ...rules, count: 0 }).refusals).toEqual(['Only JPG, JPEG or PNG images can be chosen.'])
  })

  it('checks each new file against "File size should be less than 5MB" in the schema', () => {
    const big: UploadItem = { id: 'x', status: 'success', url: 'u', file: new File([], 'a.png') }
    Object.defineProperty(big.file!, 'size', { value: 5 * MB + 1 })
    expect(imagesSchema().safeParse([big]).error?.issues[0]?.message).toBe('File size should be less than 5MB')
    expect(imagesSchema().safeParse(uploadedItems(['u'])).success).toBe(true)
  })
})
