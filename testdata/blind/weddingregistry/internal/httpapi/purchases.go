package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tiedknot/registry/internal/gifting"
	"github.com/tiedknot/registry/internal/platform/httpx"
)

type checkoutResponse struct {
	PurchaseID   string `json:"purchase_id"`
	Status       string `json:"status"`
	AmountCents  int64  `json:"amount_cents"`
	Currency     string `json:"currency"`
	ClientSecret string `json:"client_secret,omitempty"`
}

// checkout starts a guest purchase. The Idempotency-Key header is required
// and is stored with the purchase by the gifting service.
func (h *handlers) checkout(w http.ResponseWriter, r *http.Request) {
	var in gifting.CheckoutInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	in.RegistryID = chi.URLParam(r, "registryID")
	in.ItemID = chi.URLParam(r, "itemID")
	in.IdempotencyKey = r.Header.Get(httpx.HeaderIdempotencyKey)

	res, err := h.Gifting.Checkout(r.Context(), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	status := http.StatusCreated
	if res.Replayed {
		status = http.StatusOK
	}
	writeJSON(w, status, checkoutResponse{
		PurchaseID:   res.Purchase.ID,
		Status:       res.Purchase.Status,
		AmountCents:  res.Purchase.AmountCents,
		Currency:     res.Purchase.Currency,
		ClientSecret: res.ClientSecret,
	})
}

// cancelPurchase cancels units of a purchase that has not shipped yet and
// refunds them. The Idempotency-Key header identifies the cancellation.
func (h *handlers) cancelPurchase(w http.ResponseWriter, r *http.Request) {
	var in gifting.CancelInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	in.PurchaseID = chi.URLParam(r, "purchaseID")
	in.RequestKey = r.Header.Get(httpx.HeaderIdempotencyKey)

	c, err := h.Gifting.CancelUnits(r.Context(), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"cancellation_id": c.ID,
		"quantity":        c.Quantity,
		"amount_cents":    c.AmountCents,
		"status":          c.Status,
		"refund_id":       c.RefundID.String,
	})
}
