import { screen, within } from '@testing-library/react'

/**
 * jsdom has no layout, and ProseMirror (under TipTap) asks for rectangles and for the element
 * at a point when it scrolls the selection into view or reads a click. Empty answers are what
 * an editor with no layout would get.
 */
const emptyRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) }) as DOMRect
if (!Range.prototype.getClientRects) Range.prototype.getClientRects = () => [] as unknown as DOMRectList
if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = emptyRect
if (!document.elementFromPoint) document.elementFromPoint = () => null

/** The lazily loaded editor of a settings page, once it is there. */
export const findEditor = (name: string) => screen.findByRole('textbox', { name }, { timeout: 5000 })

/** The settings page's secondary menu. */
export const settingsMenu = async () => within(await screen.findByRole('navigation', { name: 'Settings' }))
