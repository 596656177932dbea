import { Button, Flex, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { FILTER_OPERATORS, LIST_OPERATORS_TAKING_ARRAY, LIST_OPERATORS_WITHOUT_VALUE, type FilterOperator, type FilterTriple } from '@uc/contracts';
import { useT } from '@uc/client';

export interface FilterField {
  key: string;
  label: string;
}

interface FilterBuilderProps {
  fields: FilterField[];
  value: FilterTriple[];
  onChange: (filter: FilterTriple[]) => void;
}

const OPERATORS = FILTER_OPERATORS.filter((op) => op !== 'keyword');

/** Turns the input into a triple: comma-separated values for in / between, none for null / not_null. */
export function toTriple(field: string, op: FilterOperator, text: string): FilterTriple | null {
  if (LIST_OPERATORS_WITHOUT_VALUE.includes(op)) return [field, op];
  if (LIST_OPERATORS_TAKING_ARRAY.includes(op)) {
    const values = text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    return values.length > 0 ? [field, op, values] : null;
  }
  return text.trim() ? [field, op, text.trim()] : null;
}

/** Conditions with the list API's operators on chosen fields, shown as removable tags. */
export function FilterBuilder({ fields, value, onChange }: FilterBuilderProps) {
  const t = useT();
  const [field, setField] = useState(fields[0]?.key ?? '');
  const [op, setOp] = useState<FilterOperator>('=');
  const [text, setText] = useState('');
  const add = () => {
    const triple = toTriple(field, op, text);
    if (!triple) return;
    onChange([...value, triple]);
    setText('');
  };
  const label = (key: string) => fields.find((f) => f.key === key)?.label ?? key;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Select
          aria-label={t('org.filter.field')}
          style={{ width: 160 }}
          value={field}
          onChange={setField}
          options={fields.map((f) => ({ value: f.key, label: f.label }))}
        />
        <Select
          aria-label={t('org.filter.operator')}
          style={{ width: 140 }}
          value={op}
          onChange={setOp}
          options={OPERATORS.map((o) => ({ value: o, label: t(`org.filter.op.${o}`) }))}
        />
        <Input
          aria-label={t('org.filter.value')}
          style={{ width: 220 }}
          value={text}
          disabled={LIST_OPERATORS_WITHOUT_VALUE.includes(op)}
          placeholder={LIST_OPERATORS_TAKING_ARRAY.includes(op) ? t('org.filter.values') : t('org.filter.value')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={add}
        />
        <Button onClick={add}>{t('org.filter.add')}</Button>
        {value.length > 0 && (
          <Button type="link" onClick={() => onChange([])}>
            {t('org.filter.clear')}
          </Button>
        )}
      </Flex>
      {value.length > 0 && (
        <Flex gap={4} wrap>
          {value.map((f, i) => (
            <Tag key={`${i}-${JSON.stringify(f)}`} closable onClose={() => onChange(value.filter((_, j) => j !== i))}>
              {label(String(f[0]))} {t(`org.filter.op.${String(f[1])}`)} {f.length > 2 ? (Array.isArray(f[2]) ? f[2].join(', ') : String(f[2])) : ''}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
