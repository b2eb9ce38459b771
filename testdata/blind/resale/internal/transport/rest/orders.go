package rest

import (
	"context"
	"errors"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/service"
	"github.com/encorelane/resale/internal/transport/httpx"
)

type placeOrderRequest struct {
	ListingID      string `json:"listing_id"`
	IdempotencyKey string `header:"Idempotency-Key"`
}

func (r *placeOrderRequest) Validate() error {
	if r.ListingID == "" {
		return errors.New("listing_id is required")
	}
	if r.IdempotencyKey == "" {
		return errors.New("an Idempotency-Key header is required")
	}
	return nil
}

func (h *Handlers) placeOrder(ctx context.Context, req placeOrderRequest) (*domain.Order, error) {
	return h.checkout.PlaceOrder(ctx, service.PlaceOrderInput{
		BuyerID:   httpx.UserID(ctx),
		ListingID: req.ListingID,
		ClientKey: req.IdempotencyKey,
	})
}

type payOrderRequest struct {
	OrderID      string `param:"id"`
	PaymentToken string `json:"payment_token"`
}

func (r *payOrderRequest) Validate() error {
	if r.PaymentToken == "" {
		return errors.New("payment_token is required")
	}
	return nil
}

func (h *Handlers) payOrder(ctx context.Context, req payOrderRequest) (*domain.Order, error) {
	return h.checkout.PayOrder(ctx, service.PayOrderInput{
		BuyerID:      httpx.UserID(ctx),
		OrderID:      req.OrderID,
		PaymentToken: req.PaymentToken,
	})
}

type openDisputeRequest struct {
	OrderID string `param:"id"`
	Reason  string `json:"reason"`
}

func (h *Handlers) openDispute(ctx context.Context, req openDisputeRequest) (*domain.Dispute, error) {
	return h.disputes.Open(ctx, httpx.UserID(ctx), req.OrderID, req.Reason)
}

type cashoutRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

func (h *Handlers) requestCashout(ctx context.Context, req cashoutRequest) (*domain.Cashout, error) {
	return h.cashouts.Request(ctx, httpx.UserID(ctx), req.AmountCents)
}
