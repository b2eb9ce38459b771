package httpapi

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/haulgrid/loadboard/internal/service"
)

// PlaceBid records a carrier's bid on a load.
func (h *Handlers) PlaceBid(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleCarrier)
	if err != nil {
		return nil, err
	}
	var req struct {
		AmountCents int64  `json:"amount_cents"`
		Note        string `json:"note"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	bid, err := h.Bids.Place(r.Context(), service.PlaceBidInput{
		LoadID:      chi.URLParam(r, "loadID"),
		CarrierID:   actor.AccountID,
		AmountCents: req.AmountCents,
		Note:        req.Note,
	})
	if err != nil {
		return nil, err
	}
	return created(bid), nil
}

// ListBids lists the best active bids on a load for the broker.
func (h *Handlers) ListBids(r *http.Request) (any, error) {
	if _, err := requireRole(r, RoleBroker, RoleShipper); err != nil {
		return nil, err
	}
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	bids, err := h.Bids.Ranked(r.Context(), chi.URLParam(r, "loadID"), limit)
	if err != nil {
		return nil, err
	}
	return map[string]any{"bids": bids}, nil
}

// AwardLoad starts tendering the load to its best bids (or the bids given).
func (h *Handlers) AwardLoad(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleBroker)
	if err != nil {
		return nil, err
	}
	var req struct {
		BidIDs []string `json:"bid_ids"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	res, err := h.Tendering.Award(r.Context(), chi.URLParam(r, "loadID"), actor.ID, req.BidIDs)
	if err != nil {
		return nil, err
	}
	return accepted(res), nil
}
