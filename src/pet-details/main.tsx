import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { holdsAccessToken } from '@/lib/persisted-auth'
import { fetchAnswer, petIdFromPath, resultOf } from './api'
import { PetDetailsApp } from './PetDetailsApp'
import './styles.css'

/**
 * Entry of pet-details.html, the public pet page: React and this folder only, no router, query
 * cache, ky or zod, so that a stranger's phone loads little (docs/DECISIONS.md, Public pet page). The one call
 * is started by the page's inline script, while this code downloads (else here, before React renders).
 */
const petId = petIdFromPath(window.location.pathname)
// A signed-in admin is sent to the panel (PetDetailsApp), so no call is made for them.
const request = petId && !holdsAccessToken() ? (window.__petAnswer ?? fetchAnswer(petId)).then(resultOf) : undefined

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PetDetailsApp petId={petId} request={request} />
  </StrictMode>,
)
