package api

import (
	"context"
	"net/http"

	"knitfront/internal/errs"
)

type healthAnswer struct {
	Status string `json:"status"`
}

// healthz answers while the process serves requests at all.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, r, healthAnswer{Status: "ok"}, "no-store")
}

// readyz answers 200 only when the database answers, so a load balancer
// sends traffic to instances that can serve it. The server starts listening
// only after its migrations ran.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
	defer cancel()
	if err := s.cfg.DB.Ping(ctx); err != nil {
		return errs.Wrap(errs.Unavailable, "database_unavailable", err, "The database does not answer.")
	}
	return writeJSON(w, r, healthAnswer{Status: "ready"}, "no-store")
}
