import { createContext } from 'react';

/**
 * Whether a Tooltipped sits under a TooltipScope whose tooltip code has loaded ('ready') or not
 * ('none': it shows its text without a tooltip).
 */
export type TooltipScopeState = 'none' | 'ready';
export const TooltipScopeContext = createContext<TooltipScopeState>('none');
