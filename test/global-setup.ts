// Runs once in the main vitest process before any worker starts.
export default async function setup(): Promise<void> {}
