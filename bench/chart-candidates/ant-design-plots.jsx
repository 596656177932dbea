// @ant-design/plots (AntV G2 5): the React charts of the Ant Design family.
import { createRoot } from 'react-dom/client';
import { Column, Line, Pie } from '@ant-design/plots';
import { days, failed, methods, registrations, succeeded } from './data.js';

const line = days.map((day, i) => ({ day, value: registrations[i] }));
const stacked = days.flatMap((day, i) => [
  { day, result: 'ok', value: succeeded[i] },
  { day, result: 'failed', value: failed[i] },
]);
createRoot(document.getElementById('root')).render(
  <>
    <Line data={line} xField="day" yField="value" height={300} />
    <Column data={stacked} xField="day" yField="value" colorField="result" stack height={300} />
    <Pie data={methods} angleField="value" colorField="name" innerRadius={0.6} height={300} />
  </>,
);
