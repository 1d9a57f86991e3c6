import './lib/zod-jitless.js';
import './styles/global.css';
import { mountApp } from './app/mount.js';

mountApp(document);
