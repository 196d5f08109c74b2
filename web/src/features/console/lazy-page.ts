import { lazy, type ComponentType } from 'react';

// React's own `lazy` takes any component type; so does this, keeping the page's props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * A page whose script is fetched when it is first shown (ADR 0045): a front desk never downloads
 * the owners' pages, nor a signed-in one the sign-in forms.
 */
export function lazyPage<Module extends Record<Name, AnyComponent>, Name extends string>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
