package httpapi

import (
	"context"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/service"
)

type orderHandlers struct {
	orders  service.OrderService
	refunds service.RefundService
}

type orderResp struct {
	Order        *domain.PurchaseOrder `json:"order"`
	ClientSecret string                `json:"client_secret,omitempty"`
	PaymentState string                `json:"payment_state,omitempty"`
}

type placeOrderReq struct {
	IdempotencyKey   string    `header:"Idempotency-Key"`
	BuyerAccountID   uuid.UUID `json:"buyer_account_id"`
	BatchID          uuid.UUID `json:"batch_id"`
	Quantity         int64     `json:"quantity"`
	StripeCustomerID string    `json:"stripe_customer_id"`
}

func (h *orderHandlers) place(ctx context.Context, req placeOrderReq) (created[orderResp], error) {
	v, err := h.orders.Place(ctx, service.PlaceOrder{
		IdempotencyKey:   req.IdempotencyKey,
		BuyerAccountID:   req.BuyerAccountID,
		BatchID:          req.BatchID,
		Quantity:         req.Quantity,
		StripeCustomerID: req.StripeCustomerID,
	})
	if err != nil {
		return created[orderResp]{}, err
	}
	return created[orderResp]{Data: orderResp{Order: v.Order, ClientSecret: v.ClientSecret, PaymentState: v.PaymentState}}, nil
}

type orderPathReq struct {
	OrderID string `uri:"orderID"`
}

func (r orderPathReq) id() (uuid.UUID, error) {
	id, err := parseID(r.OrderID, "orderID")
	if err != nil {
		return id, &service.Error{Kind: service.ErrInvalid, Msg: err.Error()}
	}
	return id, nil
}

func (h *orderHandlers) cancel(ctx context.Context, req orderPathReq) (ok[*domain.PurchaseOrder], error) {
	id, err := req.id()
	if err != nil {
		return ok[*domain.PurchaseOrder]{}, err
	}
	o, err := h.orders.Cancel(ctx, id)
	return ok[*domain.PurchaseOrder]{Data: o}, err
}

type chargeSavedReq struct {
	orderPathReq
	PaymentMethodID string `json:"payment_method_id"`
}

func (h *orderHandlers) chargeSaved(ctx context.Context, req chargeSavedReq) (ok[orderResp], error) {
	id, err := req.id()
	if err != nil {
		return ok[orderResp]{}, err
	}
	v, err := h.orders.ChargeSaved(ctx, service.ChargeSaved{OrderID: id, PaymentMethodID: req.PaymentMethodID})
	if err != nil {
		return ok[orderResp]{}, err
	}
	return ok[orderResp]{Data: orderResp{Order: v.Order, PaymentState: v.PaymentState}}, nil
}

type refundReq struct {
	orderPathReq
	IdempotencyKey string `header:"Idempotency-Key"`
	AmountCents    int64  `json:"amount_cents"`
	Reason         string `json:"reason"`
}

func (h *orderHandlers) refund(ctx context.Context, req refundReq) (created[*domain.Refund], error) {
	id, err := req.id()
	if err != nil {
		return created[*domain.Refund]{}, err
	}
	r, err := h.refunds.Refund(ctx, service.RefundRequest{
		OrderID:     id,
		RequestKey:  req.IdempotencyKey,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
	})
	return created[*domain.Refund]{Data: r}, err
}
