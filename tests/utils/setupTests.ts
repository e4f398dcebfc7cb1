// Jest setup: DOM matchers, and a findBy/waitFor timeout that suits MUI rendering on a 2-core CI machine.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 4000 });
