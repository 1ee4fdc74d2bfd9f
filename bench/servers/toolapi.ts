// The real service, as `npm start` runs it, on a free port.
import '../../src/main.ts';
