package roots

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

// Rides' handlers return an error, which a router's own local adapter
// writes: the adapter is a variable of the function that builds the
// router, which a route group's callback captures.
type Rides struct{}

// Start begins a ride.
func (h *Rides) Start(w http.ResponseWriter, r *http.Request) error {
	_, err := db.ExecContext(r.Context(), "INSERT INTO rides (id) VALUES ($1)", uuid.NewString()) // want `a retry inserts a second rides row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Rides.Start\)`
	return err
}

// End ends a ride, keyed by the client's request.
func (h *Rides) End(w http.ResponseWriter, r *http.Request) error {
	_, err := db.ExecContext(r.Context(), "UPDATE rides SET ended = true WHERE id = $1", r.PathValue("id"))
	return err
}

// NewRidesRouter mounts the handlers through the adapter.
func NewRidesRouter(h *Rides, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	wrap := func(fn func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if err := fn(w, r); err != nil {
				log.Error("request failed", "err", err)
			}
		}
	}
	r.Route("/v1", func(r chi.Router) {
		r.Post("/rides", wrap(h.Start))
		r.Post("/rides/{id}/end", wrap(h.End))
	})
	return r
}
