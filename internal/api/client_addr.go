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
	addr, _ := s.pastTrustedProxies(r)
	return addr
}

// pastTrustedProxies walks from the peer through X-Forwarded-For, from the
// right, past the trusted proxies: it returns the first address that is not
// one, with the entries to its left (nearest last). When an entry is
// garbage, or every entry is a trusted proxy, it stops at the last trusted
// hop read, with no entries left.
func (s *Server) pastTrustedProxies(r *http.Request) (netip.Addr, []string) {
	addr, ok := peerAddr(r)
	if !ok {
		return addr, nil
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0 && s.trustedProxy(addr); i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			return addr, nil // what the nearest trusted hop received is garbage: stop at that hop
		}
		addr = hop.Unmap().WithZone("")
		hops = hops[:i]
	}
	if s.trustedProxy(addr) {
		return addr, nil
	}
	return addr, hops
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
	return parsePeer(r.RemoteAddr)
}

// parsePeer reads a connection's remote address (host:port) as the address
// the limits key on: IPv4 unmapped, without a zone.
func parsePeer(remote string) (netip.Addr, bool) {
	peer, err := netip.ParseAddrPort(remote)
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
	return inNetworks(addr, s.cfg.TrustedProxies)
}

// inNetworks reports whether addr is in one of the networks.
func inNetworks(addr netip.Addr, networks []netip.Prefix) bool {
	for _, network := range networks {
		if network.Contains(addr) {
			return true
		}
	}
	return false
}
