// Chart.js 4 with only the controllers, elements, scales and plugins these three use (canvas).
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { days, failed, methods, registrations, succeeded } from './data.js';

Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

function Canvas({ config }) {
  const ref = useRef(null);
  useEffect(() => {
    const chart = new Chart(ref.current, config);
    return () => chart.destroy();
  }, [config]);
  return <canvas ref={ref} height={300} />;
}

const stacked = { x: { stacked: true }, y: { stacked: true } };
createRoot(document.getElementById('root')).render(
  <>
    <Canvas config={{ type: 'line', data: { labels: days, datasets: [{ label: 'new', data: registrations }] } }} />
    <Canvas
      config={{
        type: 'bar',
        data: {
          labels: days,
          datasets: [
            { label: 'ok', data: succeeded },
            { label: 'failed', data: failed },
          ],
        },
        options: { scales: stacked },
      }}
    />
    <Canvas config={{ type: 'doughnut', data: { labels: methods.map((m) => m.name), datasets: [{ data: methods.map((m) => m.value) }] } }} />
  </>,
);
