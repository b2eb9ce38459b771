package httpapi

import (
	"net/http"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/service"
)

func createOrder(svc OrderAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key, err := idempotencyKey(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		var in service.CreateOrderInput
		body, err := decodeJSON(r, &in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		order, replayed, err := svc.Create(r.Context(), key, requestHash(body), in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if replayed {
			w.Header().Set("Idempotent-Replayed", "true")
		}
		w.Header().Set("Location", "/v1/orders/"+order.ID.String())
		writeJSON(w, http.StatusCreated, order)
	}
}

func getOrder(svc OrderAPI) http.HandlerFunc {
	return withOrder(func(w http.ResponseWriter, r *http.Request, o domain.Order) {
		writeJSON(w, http.StatusOK, o)
	}, svc.Get)
}

func confirmOrder(svc OrderAPI) http.HandlerFunc {
	return withOrder(func(w http.ResponseWriter, r *http.Request, o domain.Order) {
		writeJSON(w, http.StatusOK, o)
	}, svc.Confirm)
}

func cancelOrder(svc OrderAPI) http.HandlerFunc {
	return withOrder(func(w http.ResponseWriter, r *http.Request, o domain.Order) {
		writeJSON(w, http.StatusOK, o)
	}, svc.Cancel)
}
