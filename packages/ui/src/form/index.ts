export * from './use-form-submit';
export * from './form-modal';
export * from './form-drawer';
export * from './contract-rule';
export * from './refusal-fields';
export * from './delete-confirm';
