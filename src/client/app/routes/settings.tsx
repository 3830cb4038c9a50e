// Replaced by the real page in this change.
export { Component } from './coming-soon';
