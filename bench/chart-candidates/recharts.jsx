// recharts: React components, SVG.
import { createRoot } from 'react-dom/client';
import { Bar, BarChart, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { days, failed, methods, registrations, succeeded } from './data.js';

const rows = days.map((day, i) => ({ day, registrations: registrations[i], succeeded: succeeded[i], failed: failed[i] }));
createRoot(document.getElementById('root')).render(
  <>
    <ResponsiveContainer height={300}>
      <LineChart data={rows}>
        <XAxis dataKey="day" />
        <YAxis />
        <Tooltip />
        <Line dataKey="registrations" />
      </LineChart>
    </ResponsiveContainer>
    <ResponsiveContainer height={300}>
      <BarChart data={rows}>
        <XAxis dataKey="day" />
        <YAxis />
        <Tooltip />
        <Legend />
        <Bar dataKey="succeeded" stackId="all" />
        <Bar dataKey="failed" stackId="all" />
      </BarChart>
    </ResponsiveContainer>
    <ResponsiveContainer height={300}>
      <PieChart>
        <Tooltip />
        <Pie data={methods} dataKey="value" nameKey="name" innerRadius="40%" outerRadius="70%" />
      </PieChart>
    </ResponsiveContainer>
  </>,
);
