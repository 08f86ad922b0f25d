// The page's only script before a shopper does anything (docs/decisions/047-server-rendered-landing-pages.md). Its
// styles are the whole app's stylesheet; on a landing page the server inlines the rules the page uses and hands this
// stylesheet over to load after the first paint.
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { startWhenNeeded } from './app/start-when-needed.ts';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
startWhenNeeded(root, () => import('./main.tsx'));
