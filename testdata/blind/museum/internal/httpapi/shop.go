package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/app/refunds"
	"github.com/northgate-museums/visitor-platform/internal/app/shop"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

type ShopHandlers struct {
	checkout cqrs.CommandHandler[shop.Checkout]
}

func NewShopHandlers(checkout cqrs.CommandHandler[shop.Checkout]) *ShopHandlers {
	return &ShopHandlers{checkout: checkout}
}

type checkoutRequest struct {
	Name   string      `json:"name"`
	Email  string      `json:"email"`
	ShipTo addressBody `json:"ship_to"`
	Lines  []struct {
		SKU      string `json:"sku"`
		Quantity int    `json:"quantity"`
	} `json:"lines"`
	PaymentMethod json.RawMessage `json:"payment_method"`
}

func (h *ShopHandlers) Checkout(w http.ResponseWriter, r *http.Request) {
	var req checkoutRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	lines := make([]shop.CartLine, 0, len(req.Lines))
	for _, l := range req.Lines {
		lines = append(lines, shop.CartLine{SKU: l.SKU, Quantity: l.Quantity})
	}
	res := &cqrs.Result{}
	cmd := shop.Checkout{
		Key:           httpx.IdempotencyKey(r),
		OrderID:       uuid.New(),
		CustomerName:  req.Name,
		CustomerEmail: req.Email,
		ShipTo: shop.Address{
			Line1: req.ShipTo.Line1, Line2: req.ShipTo.Line2, City: req.ShipTo.City,
			Postcode: req.ShipTo.Postcode, Country: req.ShipTo.Country,
		},
		Lines:         lines,
		PaymentMethod: req.PaymentMethod,
		Result:        res,
	}
	if err := h.checkout.Handle(r.Context(), cmd); err != nil {
		httpx.Error(w, r, err)
		return
	}
	created(w, res)
}

type RefundHandlers struct {
	request cqrs.CommandHandler[refunds.RequestRefund]
}

func NewRefundHandlers(request cqrs.CommandHandler[refunds.RequestRefund]) *RefundHandlers {
	return &RefundHandlers{request: request}
}

func (h *RefundHandlers) Request(w http.ResponseWriter, r *http.Request) {
	var req struct {
		OrderKind string `json:"order_kind"`
		OrderID   string `json:"order_id"`
		Reason    string `json:"reason"`
	}
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	res := &cqrs.Result{}
	err := h.request.Handle(r.Context(), refunds.RequestRefund{
		OrderKind:   models.PaymentPurpose(req.OrderKind),
		OrderID:     req.OrderID,
		Reason:      req.Reason,
		RequestedBy: r.Header.Get("X-Staff-User"),
		Result:      res,
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, createdResponse{ID: res.ID, Status: res.Status})
}
