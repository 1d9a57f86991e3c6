import './styles/global.css';
import { mountApp } from './app/mount.js';

mountApp(document);
