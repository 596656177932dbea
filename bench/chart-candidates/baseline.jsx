// No chart: what the entry itself costs (React is the console's shared singleton, so it is external).
import { createRoot } from 'react-dom/client';
import { days } from './data.js';

createRoot(document.getElementById('root')).render(<p>{days.join(', ')}</p>);
