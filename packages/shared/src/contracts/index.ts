export * from './envelope';
export * from './define-call';
export * from './list-query';
export * from './site.contract';
export * from './auth.contract';
export * from './member.contract';
export * from './menu.contract';
export * from './catalogue';
