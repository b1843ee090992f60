export { hashedStylesheet, fmt, type HashedStylesheet } from './stylesheet.js';
export { describePageError, type PageError, type PageErrorWording } from './page-error.js';
