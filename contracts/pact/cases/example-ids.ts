/** The ids consumer tests use where a provider state gives the real one. */
export const exampleIds = {
  sipTrunk: 'c0a8012e-7d3b-4f5a-9e21-4b6d8f0a1c2e',
  systemSipTrunk: '5e2b7c1d-9a4f-4e8b-b3c6-1f0d2a7e9b4c',
  schema: '8f3d2a6b-1c4e-4b7f-a9d2-6e5c0b3f1a7d',
  tool: '2b9e4f7a-6c1d-4a3e-8f5b-0d7c9e2a4b6f',
  assistant: '7a1c5e3f-2d8b-4f6a-b0e9-3c4d1a8f5e2b',
  webhook: '4d6f8a2c-3e1b-4c9d-a7f0-5b2e8c1d6a3f',
  /** An id no provider has. */
  unknown: '9c7e5a3b-1f2d-4e6c-8b0a-2d4f6e8a0c1e',
} as const;
