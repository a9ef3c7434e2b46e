// The public API of @pdftriage/cli: `main`, to run the command line from code or tests.
export { main, type Io } from './main.js'
