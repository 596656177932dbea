import { treeRows } from './tree-rows';

it('drops empty children at every depth and keeps the rest of each row', () => {
  const rows = treeRows([
    {
      id: 1,
      children: [
        { id: 2, children: [] },
        { id: 3, children: [{ id: 4, children: [] }] },
      ],
    },
    { id: 5, children: [] },
  ]);
  expect(rows).toEqual([{ id: 1, children: [{ id: 2 }, { id: 3, children: [{ id: 4 }] }] }, { id: 5 }]);
});
