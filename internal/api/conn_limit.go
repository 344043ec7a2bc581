package api

import (
	"container/list"
	"net"
	"net/http"
	"net/netip"
	"sync"
)

// ConnLimits bound the connections the server holds open, so that idle
// keep-alive connections cannot use up its open files and memory.
type ConnLimits struct {
	// Total is the most connections open at once.
	Total int
	// PerClient is the most connections open at once from one peer
	// address, but for the trusted proxies', which carry every client's.
	PerClient int
	// TrustedProxies are the peers PerClient does not bound.
	TrustedProxies []netip.Prefix
}

// DefaultConnLimits hold well under a default open-file limit of 65,536
// and in some 100 MB at worst, and give one client, a browser opening six
// connections per origin many times over, far more than it needs.
var DefaultConnLimits = ConnLimits{Total: 4096, PerClient: 64}

// LimitConnections returns ln bounded by limits for srv, whose ConnState it
// takes. When a new connection finds the limit reached, the one idle the
// longest (of its peer, at the per-client limit) is closed to make room, so
// that new clients and health checks are answered whatever idle
// connections pile up; only when none is idle is the new connection closed
// at once.
func LimitConnections(srv *http.Server, ln net.Listener, limits ConnLimits) net.Listener {
	l := &connLimiter{Listener: ln, limits: limits, conns: map[net.Conn]*trackedConn{}, perPeer: map[netip.Addr]int{}}
	srv.ConnState = l.connState
	return l
}

type connLimiter struct {
	net.Listener
	limits ConnLimits

	mu      sync.Mutex
	conns   map[net.Conn]*trackedConn
	perPeer map[netip.Addr]int
	idle    list.List // of *trackedConn, idle the longest first
}

type trackedConn struct {
	conn net.Conn
	peer netip.Addr
	idle *list.Element // nil while not idle
}

// Accept implements net.Listener.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.admit(c) {
			return c, nil
		}
		_ = c.Close()
	}
}

// admit makes room for c and tracks it, or reports that there is none.
func (l *connLimiter) admit(c net.Conn) bool {
	peer, _ := parsePeer(c.RemoteAddr().String())
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.perPeer[peer] >= l.limits.PerClient && !inNetworks(peer, l.limits.TrustedProxies) && !l.closeIdlest(func(t *trackedConn) bool { return t.peer == peer }) {
		return false
	}
	if len(l.conns) >= l.limits.Total && !l.closeIdlest(func(*trackedConn) bool { return true }) {
		return false
	}
	// A connection that has sent nothing yet is as idle as one between
	// requests: it queues to be closed first too.
	t := &trackedConn{conn: c, peer: peer}
	t.idle = l.idle.PushBack(t)
	l.conns[c] = t
	l.perPeer[peer]++
	return true
}

// closeIdlest closes the connection idle the longest among those that
// match, and reports whether there was one.
func (l *connLimiter) closeIdlest(match func(*trackedConn) bool) bool {
	for e := l.idle.Front(); e != nil; e = e.Next() {
		if t := e.Value.(*trackedConn); match(t) {
			l.forget(t)
			_ = t.conn.Close()
			return true
		}
	}
	return false
}

func (l *connLimiter) forget(t *trackedConn) {
	if t.idle != nil {
		l.idle.Remove(t.idle)
	}
	delete(l.conns, t.conn)
	if l.perPeer[t.peer]--; l.perPeer[t.peer] <= 0 {
		delete(l.perPeer, t.peer)
	}
}

// connState follows each connection: idle ones queue to be closed first,
// closed ones leave.
func (l *connLimiter) connState(c net.Conn, state http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t, tracked := l.conns[c]
	if !tracked {
		return // closed to make room already
	}
	switch state {
	case http.StateIdle:
		if t.idle == nil {
			t.idle = l.idle.PushBack(t)
		}
	case http.StateActive:
		if t.idle != nil {
			l.idle.Remove(t.idle)
			t.idle = nil
		}
	case http.StateClosed, http.StateHijacked:
		l.forget(t)
	}
}
