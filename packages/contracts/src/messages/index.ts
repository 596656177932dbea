export * from './render';
export { ZH_CN_MESSAGES, ZH_CN_PARTS } from './zh-CN';
