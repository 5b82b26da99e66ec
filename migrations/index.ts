import { Foundation1795304814377 } from './1795304814377-Foundation';
import { NotificationOutbox1795306364585 } from './1795306364585-NotificationOutbox';

// Every migration, in order. Listed rather than globbed so one list serves the compiled build,
// the TypeScript sources under Jest, and the Docker image alike.
export const MIGRATIONS = [Foundation1795304814377, NotificationOutbox1795306364585];
