// A browser has no file to read: a caller there loads the model itself (loadModel) and creates the judge with
// createBigramJudge.
export const modelPath = (_baseDir: string, model: string): string => model

export const readModelText = (path: string): Promise<string> =>
  Promise.reject(new Error(`no file system in a browser to read ${path}: load the model and call createBigramJudge`))
