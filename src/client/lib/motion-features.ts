// Loaded after first paint: motion's animation features (see LazyMotion in providers.tsx).
export { domAnimation as features } from 'motion/react';
