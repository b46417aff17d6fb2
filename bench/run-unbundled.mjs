/** The CLI from tsc's output, one module per file (dist/src/cli/cli.js): what start-up would be without the bundle. */
const { main } = await import('../dist/src/cli/cli.js');
await main(process.argv.slice(2));
