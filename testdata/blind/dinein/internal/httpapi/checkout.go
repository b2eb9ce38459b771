package httpapi

import (
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/dinein/platform/internal/store"
)

type orderResponse struct {
	ID          uuid.UUID  `json:"id"`
	Status      string     `json:"status"`
	TotalCents  int64      `json:"total_cents"`
	TipCents    int64      `json:"tip_cents"`
	Currency    string     `json:"currency"`
	PlacedAt    *time.Time `json:"placed_at,omitempty"`
	DeliveredAt *time.Time `json:"delivered_at,omitempty"`
}

func orderView(o *store.Order) orderResponse {
	return orderResponse{
		ID: o.ID, Status: o.Status, TotalCents: o.TotalCents, TipCents: o.TipCents,
		Currency: o.Currency, PlacedAt: o.PlacedAt, DeliveredAt: o.DeliveredAt,
	}
}

func (h Handlers) checkout(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	res, err := h.Checkout.Checkout(r.Context(), customerID(r), orderID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

type tipRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

func (h Handlers) addTip(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := decode[tipRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	tip, err := h.Checkout.AddTip(r.Context(), customerID(r), orderID, req.AmountCents)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"tip_id": tip.ID, "amount_cents": tip.AmountCents})
}
