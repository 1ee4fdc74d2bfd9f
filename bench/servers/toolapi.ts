// The real service, as `npm start` runs it, on a free port (the bench reads its first key from the data dir).
import '../../src/main.ts';
