import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'stripe-fake', environment: 'node' } });
