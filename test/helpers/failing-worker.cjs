throw new Error('a worker that fails as it loads');
