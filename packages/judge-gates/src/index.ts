// The public API of @pdftriage/judge-gates: the `gates` judge plugin, its options, and the gates and image checks
// other packages reuse.
export { gatesJudge as default, gatesJudge } from './gates-judge.js'
export { gatesOptionsSchema, type GatesOptions, type ResolvedGatesOptions } from './options.js'
export { pageStats, type PageStats } from '@pdftriage/text-stats'
export { findDamage, findExtremeDamage, findScriptDamage, type Damage } from './damage.js'
export { damagedFonts, type FontDamage } from './font-damage.js'
export { imageCheckOf, judgePageGates, suspicion, GATES_NAME, type ImageCheck, type PageGatesContext } from './judge-page.js'
export { barePictures, compareWithLayer, pictureRegions, trigramDice } from './image-probe.js'
export { judgeDocumentGates, samplePages } from './judge-document.js'
export { ENGLISH_FUNCTION_WORDS, FRENCH_FUNCTION_WORDS } from '@pdftriage/text-stats'
export { scriptMix, type ScriptMix } from './script-mix.js'
