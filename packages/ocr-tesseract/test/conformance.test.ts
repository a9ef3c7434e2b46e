import { describeOcrEngine } from '@pdftriage/core/testing'
import { createTesseractEngine } from '../src/index.js'
import { drawPage } from './draw.js'

describeOcrEngine(
  'tesseract',
  () => createTesseractEngine({ workers: 1 }),
  () => drawPage([{ text: 'Conformité vérifiée', x: 60, y: 120, size: 60 }], 900, 220, 300),
  /Conformité vérifiée/,
)
