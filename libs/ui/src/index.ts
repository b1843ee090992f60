export { hashedStylesheet, fmt, type HashedStylesheet } from './stylesheet.js';
