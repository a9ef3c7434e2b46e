/** A language's traineddata: in Node the absolute path of `<code>.traineddata.gz`, in a browser its URL. */
export interface LanguageFile {
  code: string
  file: string
}
