package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/provider/tillpoint"
	"github.com/encorelane/resale/internal/repository"
)

type CheckoutService interface {
	// PlaceOrder reserves a listing for the buyer. ClientKey comes from the
	// client's Idempotency-Key and identifies the order.
	PlaceOrder(ctx context.Context, in PlaceOrderInput) (*domain.Order, error)
	// PayOrder charges the buyer and moves the order to paid.
	PayOrder(ctx context.Context, in PayOrderInput) (*domain.Order, error)
}

type PlaceOrderInput struct {
	BuyerID   string
	ListingID string
	ClientKey string
}

type PayOrderInput struct {
	BuyerID      string
	OrderID      string
	PaymentToken string
}

// FeePolicy is the buyer-side service fee, in basis points with a floor.
type FeePolicy struct {
	BuyerFeeBps int64
	MinFeeCents int64
}

func DefaultFeePolicy() FeePolicy { return FeePolicy{BuyerFeeBps: 1200, MinFeeCents: 250} }

func (p FeePolicy) Fee(priceCents int64) int64 {
	fee := priceCents * p.BuyerFeeBps / 10_000
	if fee < p.MinFeeCents {
		return p.MinFeeCents
	}
	return fee
}

type checkoutService struct {
	uow      repository.UnitOfWork
	listings repository.ListingRepository
	orders   repository.OrderRepository
	payments tillpoint.Client
	jobs     jobs.Enqueuer
	fees     FeePolicy
}

func NewCheckoutService(
	uow repository.UnitOfWork,
	listings repository.ListingRepository,
	orders repository.OrderRepository,
	payments tillpoint.Client,
	enq jobs.Enqueuer,
	fees FeePolicy,
) CheckoutService {
	return &checkoutService{uow: uow, listings: listings, orders: orders, payments: payments, jobs: enq, fees: fees}
}

func (s *checkoutService) PlaceOrder(ctx context.Context, in PlaceOrderInput) (*domain.Order, error) {
	if in.ClientKey == "" {
		return nil, fmt.Errorf("%w: idempotency key required", domain.ErrInvalid)
	}
	existing, err := s.orders.FindByClientKey(ctx, in.BuyerID, in.ClientKey)
	if err == nil {
		return existing, nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}

	listing, err := s.listings.Get(ctx, in.ListingID)
	if err != nil {
		return nil, err
	}
	if listing.SellerID == in.BuyerID {
		return nil, fmt.Errorf("%w: cannot buy your own listing", domain.ErrForbidden)
	}

	// Take the listing off the market first so two buyers can't both reach
	// the payment step for the same seats.
	reserved, err := s.listings.Reserve(ctx, listing.ID)
	if err != nil {
		return nil, err
	}
	if !reserved {
		return nil, domain.ErrListingUnavailable
	}

	var order *domain.Order
	err = s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		o, err := r.Orders.InsertOrGet(ctx, &domain.Order{
			ID:          ids.Prefixed("ord"),
			ListingID:   listing.ID,
			BuyerID:     in.BuyerID,
			EventID:     listing.EventID,
			ClientKey:   in.ClientKey,
			AmountCents: listing.PriceCents + s.fees.Fee(listing.PriceCents),
			FeeCents:    s.fees.Fee(listing.PriceCents),
			Currency:    listing.Currency,
			Status:      domain.OrderPendingPayment,
		})
		order = o
		return err
	})
	if err != nil {
		return nil, err
	}
	return order, nil
}

func (s *checkoutService) PayOrder(ctx context.Context, in PayOrderInput) (*domain.Order, error) {
	order, err := s.orders.Get(ctx, in.OrderID)
	if err != nil {
		return nil, err
	}
	if order.BuyerID != in.BuyerID {
		return nil, domain.ErrForbidden
	}
	switch order.Status {
	case domain.OrderPendingPayment:
		if err := s.charge(ctx, order, in.PaymentToken); err != nil {
			return nil, err
		}
	case domain.OrderPaid, domain.OrderDelivered:
		// Paid on an earlier call, or the webhook got here first.
	default:
		return nil, fmt.Errorf("%w: order is %s", domain.ErrConflict, order.Status)
	}

	// One receipt per order however many times this endpoint is hit.
	if err := s.jobs.Enqueue(ctx, jobs.TypeSendReceipt, jobs.SendReceiptPayload{OrderID: order.ID}, jobs.Options{
		TaskID: ids.Derived(jobs.TypeSendReceipt, order.ID),
		Queue:  jobs.QueueLow,
	}); err != nil {
		return nil, err
	}
	return s.orders.Get(ctx, order.ID)
}

func (s *checkoutService) charge(ctx context.Context, order *domain.Order, paymentToken string) error {
	charge, err := s.payments.CreateCharge(ctx, tillpoint.ChargeParams{
		AmountCents:    order.AmountCents,
		Currency:       order.Currency,
		PaymentToken:   paymentToken,
		Description:    "EncoreLane order " + order.ID,
		Metadata:       map[string]string{"order_id": order.ID},
		IdempotencyKey: tillpoint.NewIdempotencyKey(),
	})
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		moved, err := r.Orders.MarkPaid(ctx, order.ID, charge.ID)
		if err != nil || !moved {
			return err
		}
		return r.Listings.MarkSold(ctx, order.ListingID)
	})
}
