// As echarts.jsx, drawn by the SVG renderer instead of canvas.
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { init, use } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { days, failed, methods, registrations, succeeded } from './data.js';

use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

function Chart({ option }) {
  const ref = useRef(null);
  useEffect(() => {
    const chart = init(ref.current, null, { renderer: 'svg' });
    chart.setOption(option);
    return () => chart.dispose();
  }, [option]);
  return <div ref={ref} style={{ height: 300 }} />;
}

const axis = { xAxis: { type: 'category', data: days }, yAxis: { type: 'value' }, tooltip: { trigger: 'axis' }, legend: {} };
createRoot(document.getElementById('root')).render(
  <>
    <Chart option={{ ...axis, series: [{ type: 'line', name: 'new', data: registrations }] }} />
    <Chart
      option={{
        ...axis,
        series: [
          { type: 'bar', stack: 'all', name: 'ok', data: succeeded },
          { type: 'bar', stack: 'all', name: 'failed', data: failed },
        ],
      }}
    />
    <Chart option={{ tooltip: { trigger: 'item' }, legend: {}, series: [{ type: 'pie', radius: ['40%', '70%'], data: methods }] }} />
  </>,
);
