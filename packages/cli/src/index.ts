export { main, type Io } from './main.js'
