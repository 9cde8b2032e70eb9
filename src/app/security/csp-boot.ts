/**
 * The page's first module (main.tsx imports it before anything else): adds the document policy,
 * with connect-src derived from the stored model choice, before any other app code can connect
 * anywhere. If it throws, main.tsx's other imports never run and the app does not start.
 */
import { LocalStorageSettings, ModelChoiceStore } from '../../models/model-choice.ts';
import { DOCUMENT_POLICY_CONTEXT, applyConnectPolicy, metaPolicySink } from './connect-policy.ts';

applyConnectPolicy(
  metaPolicySink(document),
  new ModelChoiceStore(new LocalStorageSettings()).load(),
  location.href,
  DOCUMENT_POLICY_CONTEXT,
);
