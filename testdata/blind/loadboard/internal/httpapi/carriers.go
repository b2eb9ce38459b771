package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/haulgrid/loadboard/internal/domain"
)

type laneRequest struct {
	OriginState  string `json:"origin_state"`
	DestState    string `json:"dest_state"`
	Equipment    string `json:"equipment"`
	MinRateCents int64  `json:"min_rate_cents"`
	Notes        string `json:"notes"`
}

// SaveLane stores a carrier's lane preference (create or replace).
func (h *Handlers) SaveLane(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleCarrier)
	if err != nil {
		return nil, err
	}
	carrierID := chi.URLParam(r, "carrierID")
	if carrierID != actor.AccountID {
		return nil, domain.ErrForbidden
	}
	var req laneRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	lane, err := h.Carriers.SaveLane(r.Context(), domain.Lane{
		CarrierID:    carrierID,
		OriginState:  req.OriginState,
		DestState:    req.DestState,
		Equipment:    domain.Equipment(req.Equipment),
		MinRateCents: req.MinRateCents,
		Notes:        req.Notes,
	})
	if err != nil {
		return nil, err
	}
	return lane, nil
}

// ListLanes lists a carrier's lanes.
func (h *Handlers) ListLanes(r *http.Request) (any, error) {
	if _, err := requireRole(r, RoleCarrier, RoleBroker); err != nil {
		return nil, err
	}
	lanes, err := h.Carriers.Lanes(r.Context(), chi.URLParam(r, "carrierID"))
	if err != nil {
		return nil, err
	}
	return map[string]any{"lanes": lanes}, nil
}
