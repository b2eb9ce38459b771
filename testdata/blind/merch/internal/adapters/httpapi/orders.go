package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
)

type orderService interface {
	PlaceOrder(ctx context.Context, in domain.PlaceOrderInput) (domain.PlaceOrderResult, error)
	ConfirmAuthorization(ctx context.Context, orderID uuid.UUID) (domain.Order, error)
	UpdateShippingAddress(ctx context.Context, orderID uuid.UUID, addr domain.Address) (domain.Order, error)
	CancelOrder(ctx context.Context, orderID uuid.UUID) (domain.Order, error)
	RemoveItem(ctx context.Context, orderID, itemID uuid.UUID) (domain.Order, error)
}

// OrderHandler serves the storefront's order endpoints.
type OrderHandler struct {
	svc orderService
	log *slog.Logger
}

func NewOrderHandler(svc orderService, log *slog.Logger) *OrderHandler {
	return &OrderHandler{svc: svc, log: log}
}

type placeOrderRequest struct {
	TourID          uuid.UUID            `json:"tour_id"`
	Email           string               `json:"email"`
	Name            string               `json:"name"`
	Currency        string               `json:"currency"`
	Lines           []domain.LineRequest `json:"lines"`
	ShippingAddress domain.Address       `json:"shipping_address"`
}

type orderResponse struct {
	ID              string         `json:"id"`
	Status          string         `json:"status"`
	TotalCents      int64          `json:"total_cents"`
	Currency        string         `json:"currency"`
	ClientSecret    string         `json:"client_secret,omitempty"`
	ShippingAddress domain.Address `json:"shipping_address"`
	Items           []itemResponse `json:"items,omitempty"`
}

type itemResponse struct {
	ID       string `json:"id"`
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
	Status   string `json:"status"`
}

func toOrderResponse(o domain.Order, items []domain.OrderItem, secret string) orderResponse {
	resp := orderResponse{
		ID:              o.ID.String(),
		Status:          string(o.Status),
		TotalCents:      o.TotalCents,
		Currency:        o.Currency,
		ClientSecret:    secret,
		ShippingAddress: o.ShippingAddress,
	}
	for _, it := range items {
		resp.Items = append(resp.Items, itemResponse{ID: it.ID.String(), SKU: it.SKU, Quantity: it.Quantity, Status: string(it.Status)})
	}
	return resp
}

// Create handles POST /v1/orders. The storefront sends an Idempotency-Key
// per checkout attempt.
func (h *OrderHandler) Create(w http.ResponseWriter, r *http.Request) {
	var req placeOrderRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	res, err := h.svc.PlaceOrder(r.Context(), domain.PlaceOrderInput{
		IdempotencyKey:  r.Header.Get("Idempotency-Key"),
		TourID:          req.TourID,
		FanEmail:        req.Email,
		FanName:         req.Name,
		Currency:        req.Currency,
		Lines:           req.Lines,
		ShippingAddress: req.ShippingAddress,
	})
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, toOrderResponse(res.Order, res.Items, res.ClientSecret))
}

// Confirm handles POST /v1/orders/{orderID}/confirm.
func (h *OrderHandler) Confirm(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "orderID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	o, err := h.svc.ConfirmAuthorization(r.Context(), id)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toOrderResponse(o, nil, ""))
}

// UpdateAddress handles PUT /v1/orders/{orderID}/shipping-address.
func (h *OrderHandler) UpdateAddress(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "orderID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var addr domain.Address
	if err := decodeJSON(r, &addr); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	o, err := h.svc.UpdateShippingAddress(r.Context(), id, addr)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toOrderResponse(o, nil, ""))
}

// Cancel handles POST /v1/orders/{orderID}/cancel.
func (h *OrderHandler) Cancel(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "orderID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	o, err := h.svc.CancelOrder(r.Context(), id)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toOrderResponse(o, nil, ""))
}

// RemoveItem handles POST /v1/orders/{orderID}/items/{itemID}/remove.
func (h *OrderHandler) RemoveItem(w http.ResponseWriter, r *http.Request) {
	orderID, err := uuidParam(r, "orderID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	itemID, err := uuidParam(r, "itemID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	o, err := h.svc.RemoveItem(r.Context(), orderID, itemID)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toOrderResponse(o, nil, ""))
}
