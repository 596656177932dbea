import { useState, type ReactNode } from 'react';
import { EyeIcon } from './login-icons';

interface LoginFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  icon: ReactNode;
  error?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  /** Shown at the end of the input row (the captcha image). */
  addon?: ReactNode;
  t: (key: string) => string;
}

export function LoginField({ name, value, onChange, placeholder, icon, error, type = 'text', autoComplete, addon, t }: LoginFieldProps) {
  const [reveal, setReveal] = useState(false);
  const errorId = `login-${name}-error`;
  return (
    <div className="uc-login-field">
      <div style={{ display: 'flex', gap: 8 }}>
        {/* A div, not a label: the eye button inside must not share the input's accessible name. */}
        <div className={`uc-login-input${error ? ' uc-invalid' : ''}`} style={{ flex: 1, minWidth: 0 }}>
          {icon}
          <input
            id={`login-${name}`}
            name={name}
            type={type === 'password' && !reveal ? 'password' : 'text'}
            value={value}
            placeholder={placeholder}
            aria-label={placeholder}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            autoComplete={autoComplete}
            onChange={(e) => onChange(e.target.value)}
          />
          {type === 'password' ? (
            <button type="button" className="uc-login-eye" aria-pressed={reveal} aria-label={t('login.password.toggle')} onClick={() => setReveal((r) => !r)}>
              <EyeIcon />
            </button>
          ) : null}
        </div>
        {addon}
      </div>
      <div id={errorId} className="uc-login-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
