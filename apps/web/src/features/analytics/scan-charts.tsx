import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TListAnalytics } from '@mailcraft/shared';

/** Scans over time: total and unique (first) scans per UTC day (recharts, DESIGN.md "Next areas"). */
export function ScansOverTime({ days }: { days: TListAnalytics['by_day'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="total" name="Total scans" stroke="#1677ff" strokeWidth={2} />
        <Line type="monotone" dataKey="unique" name="Unique scans" stroke="#52c41a" strokeWidth={2} />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Scans by one device attribute (type, OS, browser) as bars. */
export function CountBars({ data, name }: { data: Array<{ name: string; scans: number }>; name: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="name" width={90} />
        <Tooltip />
        <Bar dataKey="scans" name={name} fill="#1677ff" />
      </BarChart>
    </ResponsiveContainer>
  );
}
