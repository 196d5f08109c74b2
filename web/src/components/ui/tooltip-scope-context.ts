import { createContext } from 'react';

/**
 * Whether a Tooltipped sits under a shared TooltipScope: 'none' (it brings its own Radix
 * provider), 'pending' (the scope's provider is still loading: show no tooltip yet) or 'ready'.
 */
export type TooltipScopeState = 'none' | 'pending' | 'ready';
export const TooltipScopeContext = createContext<TooltipScopeState>('none');
