// The knitters page's code, loaded on demand by <knitters-page> (elements/knitters-page.tsx), so
// that only the page that shows the element loads it.
import { injectKnittersStyles } from './styles';

injectKnittersStyles();

export { KnittersPage } from './KnittersPage';
