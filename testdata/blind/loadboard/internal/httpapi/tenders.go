package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// AcceptTender is the carrier accepting a tender offer.
func (h *Handlers) AcceptTender(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleCarrier)
	if err != nil {
		return nil, err
	}
	t, err := h.Tendering.Accept(r.Context(), chi.URLParam(r, "tenderID"), actor.AccountID)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// DeclineTender is the carrier turning a tender offer down.
func (h *Handlers) DeclineTender(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleCarrier)
	if err != nil {
		return nil, err
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if r.ContentLength != 0 {
		if err := decode(r, &req); err != nil {
			return nil, err
		}
	}
	t, err := h.Tendering.Decline(r.Context(), chi.URLParam(r, "tenderID"), actor.AccountID, req.Reason)
	if err != nil {
		return nil, err
	}
	return t, nil
}
