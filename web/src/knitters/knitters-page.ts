// The knitters page's code, loaded on demand by <knitters-page> (elements/knitters-page.tsx), so
// that only the page that shows the element loads it. Its stylesheet comes with the page's Liquid
// (styles.ts).
export { KnittersPage } from './KnittersPage';
