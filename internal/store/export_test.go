package store

import "time"

// SetListenerCheckInterval shortens how long the listening connection may be
// quiet before it is checked, for tests of a silently dropped connection.
func SetListenerCheckInterval(db *DB, d time.Duration) { db.listenerCheckInterval = d }
