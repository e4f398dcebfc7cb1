// Setup of the jest project that runs the screens' tests against a server answering in the other allowed shapes.
(globalThis as { __API_SHAPE__?: string }).__API_SHAPE__ = 'alternative';
