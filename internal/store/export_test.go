package store

import (
	"context"
	"time"
)

// SetListenerCheckInterval shortens how long the listening connection may be
// quiet before it is checked, for tests of a silently dropped connection.
func SetListenerCheckInterval(db *DB, d time.Duration) { db.listenerCheckInterval = d }

// HoldConnection takes a connection from the pool, as a statement still
// running does, until release gives it back.
func HoldConnection(db *DB) (release func(), err error) {
	conn, err := db.sql.Conn(context.Background())
	if err != nil {
		return nil, err
	}
	return func() { conn.Close() }, nil
}
