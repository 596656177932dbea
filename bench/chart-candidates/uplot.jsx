// uPlot: a line, and bars through its bars path builder (stacking summed by hand). It has no pie or
// donut and no tooltip built in: this entry draws none, so it undercounts what the pages need.
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import uPlot from 'uplot';
import { days, failed, registrations, succeeded } from './data.js';

function Plot({ series, data, bars }) {
  const ref = useRef(null);
  useEffect(() => {
    const paths = bars ? uPlot.paths.bars({ size: [0.6, 64] }) : undefined;
    const plot = new uPlot({ width: 600, height: 300, series: [{}, ...series.map((label) => ({ label, paths }))] }, data, ref.current);
    return () => plot.destroy();
  }, [series, data, bars]);
  return <div ref={ref} />;
}

const x = days.map((_, i) => i);
const total = succeeded.map((v, i) => v + failed[i]);
createRoot(document.getElementById('root')).render(
  <>
    <Plot series={['new']} data={[x, registrations]} />
    <Plot series={['total', 'ok']} data={[x, total, succeeded]} bars />
  </>,
);
