package api

import (
	"net/http"

	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/platform/httpx"
	"github.com/crumbworks/ovenline/internal/service"
)

// OrderHandler serves /v1/orders.
type OrderHandler struct {
	Orders OrderService
}

// Place handles POST /v1/orders.
func (h OrderHandler) Place(w http.ResponseWriter, r *http.Request) {
	var in service.PlaceOrderInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, r, err)
		return
	}
	order, err := h.Orders.PlaceOneOff(r.Context(), httpx.IdempotencyKey(r), in)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.Header().Set("Location", "/v1/orders/"+order.ID.String())
	httpx.JSON(w, http.StatusCreated, order)
}

// Get handles GET /v1/orders/{orderID}.
func (h OrderHandler) Get() http.HandlerFunc {
	return idEndpoint("orderID", http.StatusOK, func(r *http.Request, id uuid.UUID) (domain.Order, error) {
		return h.Orders.Get(r.Context(), id)
	})
}

// Cancel handles POST /v1/orders/{orderID}/cancel.
func (h OrderHandler) Cancel(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "orderID")
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.Orders.Cancel(r.Context(), id); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// createStandingOrder handles POST /v1/customers/{customerID}/standing-orders.
func createStandingOrder(svc StandingOrderService) http.HandlerFunc {
	return jsonEndpoint(http.StatusCreated, func(r *http.Request, in service.CreateStandingOrderInput) (domain.StandingOrder, error) {
		customerID, err := pathUUID(r, "customerID")
		if err != nil {
			return domain.StandingOrder{}, err
		}
		return svc.Create(r.Context(), customerID, in)
	})
}

// purchaseOrderRoutes returns the handlers for /v1/purchase-orders.
func purchaseOrderRoutes(svc PurchasingService) (get, submit http.HandlerFunc) {
	get = idEndpoint("poID", http.StatusOK, func(r *http.Request, id uuid.UUID) (domain.PurchaseOrder, error) {
		return svc.Get(r.Context(), id)
	})
	submit = idEndpoint("poID", http.StatusOK, func(r *http.Request, id uuid.UUID) (domain.PurchaseOrder, error) {
		return svc.Submit(r.Context(), id)
	})
	return get, submit
}
