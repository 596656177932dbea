export * from './render';
export { ZH_CN_MESSAGES } from './zh-CN';
