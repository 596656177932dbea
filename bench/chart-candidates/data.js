// The same three charts for every candidate: a line, a stacked column and a donut, each with tooltips.
export const days = ['05-01', '05-02', '05-03', '05-04', '05-05', '05-06', '05-07'];
export const registrations = [3, 5, 2, 8, 4, 6, 7];
export const succeeded = [12, 15, 9, 20, 14, 18, 16];
export const failed = [1, 3, 0, 2, 4, 1, 2];
export const methods = [
  { name: 'account', value: 80 },
  { name: 'mobile', value: 30 },
  { name: 'oidc', value: 5 },
];
