/** The site editor's device copies of unsaved pages (localStorage `impulsa:site-page:{user}:{page}`). */
import type { Data } from '@puckeditor/core';
import type { LocalCopy } from '@/lib/autosave/autosave.client';
import { deviceCopies } from '@/lib/autosave/device.client';

export const sitePageCopies = deviceCopies<LocalCopy<Data>>('impulsa:site-page:');
