// Package app places holds and records visits through store interfaces.
package app

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredembedrepo/model"
)

// Holds stores holds.
type Holds interface {
	Create(ctx context.Context, h *model.Hold) error
}

// Visits stores visits.
type Visits interface {
	Create(ctx context.Context, v *model.Visit) error
}

// Handler serves the members' app, which retries with the same
// Idempotency-Key.
type Handler struct {
	Holds  Holds
	Visits Visits
}

// Hold places a hold under the request's key, unique among holds.
func (h *Handler) Hold(w http.ResponseWriter, r *http.Request) {
	hold := &model.Hold{ID: uuid.NewString(), ClientRequestID: r.Header.Get("Idempotency-Key"), Item: r.FormValue("item")}
	if err := h.Holds.Create(r.Context(), hold); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Visit records a visit under an ID made on every attempt.
func (h *Handler) Visit(w http.ResponseWriter, r *http.Request) {
	v := &model.Visit{ID: uuid.NewString(), Member: r.FormValue("member")} // want `a retry creates a second Visit with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Visit\)`
	if err := h.Visits.Create(r.Context(), v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
