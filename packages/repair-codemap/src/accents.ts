// The accent model is core's, shared with the reflect repair; re-exported here for this package's modules.
export { joinGlyphs, markOf, sitsOver, spacingAccent } from '@pdftriage/core'
