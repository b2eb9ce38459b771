package httpapi

import (
	"net/http"

	"github.com/dinein/platform/internal/service"
)

func (h Handlers) placeOrder(w http.ResponseWriter, r *http.Request) {
	in, err := decode[service.PlaceOrderInput](r)
	if err != nil {
		writeError(w, err)
		return
	}
	in.CustomerID = customerID(r)
	in.IdempotencyKey = idempotencyKey(r)
	res, err := h.Orders.Place(r.Context(), in)
	if err != nil {
		writeError(w, err)
		return
	}
	status := http.StatusCreated
	if res.Replayed {
		w.Header().Set("Idempotent-Replayed", "true")
		status = http.StatusOK
	}
	writeJSON(w, status, res)
}

func (h Handlers) cancelOrder(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	o, err := h.Orders.Cancel(r.Context(), customerID(r), orderID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, orderView(o))
}

type missingItemsRequest struct {
	Items []service.MissingItem `json:"items"`
}

func (h Handlers) reportMissingItems(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := decode[missingItemsRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	adjs, err := h.Orders.ReportMissingItems(r.Context(), customerID(r), orderID, req.Items)
	if err != nil {
		writeError(w, err)
		return
	}
	var total int64
	for _, a := range adjs {
		total += a.AmountCents
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"adjustments": len(adjs), "refund_cents": total})
}

func (h Handlers) resendReceipt(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	if err := h.Notifications.ResendReceipt(r.Context(), customerID(r), orderID); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
