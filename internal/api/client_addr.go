package api

import (
	"net/http"
	"net/netip"
	"strings"
)

// clientAddr is the address of the client behind the request: the peer's,
// unless the peer is a trusted proxy, whose X-Forwarded-For is then read
// from the right, past the trusted proxies, to the first address that is
// not one. Only trusted proxies are believed: anyone can send the header.
func (s *Server) clientAddr(r *http.Request) netip.Addr {
	addr, ok := peerAddr(r)
	if !ok || !s.trustedProxy(addr) {
		return addr
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			break // what the nearest trusted hop received is garbage: stop at that hop
		}
		addr = hop.Unmap().WithZone("")
		if !s.trustedProxy(addr) {
			break
		}
	}
	return addr
}

// parseHop reads one X-Forwarded-For entry: an address, or an address with
// a port (192.0.2.5:1001, [2001:db8::1]:1001), as some proxies write it.
func parseHop(hop string) (netip.Addr, bool) {
	hop = strings.TrimSpace(hop)
	if addr, err := netip.ParseAddr(hop); err == nil {
		return addr, true
	}
	addrPort, err := netip.ParseAddrPort(hop)
	return addrPort.Addr(), err == nil
}

// peerAddr is the address of the request's peer, the other end of its
// connection; false, with the zero address, when RemoteAddr is not one.
func peerAddr(r *http.Request) (netip.Addr, bool) {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}, false
	}
	return peer.Addr().Unmap().WithZone(""), true
}

// fromTrustedProxy reports whether the request's peer is a trusted proxy.
func (s *Server) fromTrustedProxy(r *http.Request) bool {
	addr, ok := peerAddr(r)
	return ok && s.trustedProxy(addr)
}

func (s *Server) trustedProxy(addr netip.Addr) bool {
	for _, network := range s.cfg.TrustedProxies {
		if network.Contains(addr) {
			return true
		}
	}
	return false
}
