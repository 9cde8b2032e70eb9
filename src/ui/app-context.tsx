/** The app's services for the views, and `useGrove`: read the store through a selector. */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppServices } from '../app/services.ts';
import type { GroveState } from '../state/store.ts';

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export class MissingServicesError extends Error {
  override readonly name = 'MissingServicesError';
  constructor() {
    super('Grove views need <ServicesProvider services={startServices()}> around them.');
  }
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new MissingServicesError();
  return services;
}

/** Reads one value of the store; select primitives or stable references (no new objects). */
export function useGrove<T>(selector: (state: GroveState) => T): T {
  return useStore(useServices().store, selector);
}
