package service

import (
	"context"
	"fmt"
	"strings"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/repository"
)

// DisputeService records buyer complaints (tickets not received, denied
// entry). An open dispute holds the seller's payout until support rules.
type DisputeService interface {
	Open(ctx context.Context, buyerID, orderID, reason string) (*domain.Dispute, error)
}

type disputeService struct {
	uow    repository.UnitOfWork
	orders repository.OrderRepository
}

func NewDisputeService(uow repository.UnitOfWork, orders repository.OrderRepository) DisputeService {
	return &disputeService{uow: uow, orders: orders}
}

func (s *disputeService) Open(ctx context.Context, buyerID, orderID, reason string) (*domain.Dispute, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, fmt.Errorf("%w: reason required", domain.ErrInvalid)
	}
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if order.BuyerID != buyerID {
		return nil, domain.ErrForbidden
	}
	if order.ChargeID == nil {
		return nil, fmt.Errorf("%w: order was never paid", domain.ErrInvalid)
	}

	d := &domain.Dispute{
		ID:       ids.Prefixed("dsp"),
		OrderID:  order.ID,
		OpenedBy: buyerID,
		Reason:   reason,
		Status:   "open",
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		if err := r.Disputes.Create(ctx, d); err != nil {
			return err
		}
		_, err := r.Orders.Transition(ctx, order.ID,
			[]domain.OrderStatus{domain.OrderPaid, domain.OrderDelivered}, domain.OrderDisputed)
		return err
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}
