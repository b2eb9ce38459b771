package service

import (
	"context"
	"errors"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/provider/tillpoint"
	"github.com/encorelane/resale/internal/repository"
)

type RefundService interface {
	// RefundOrder returns the buyer's money for an order that will not be
	// fulfilled and takes the proceeds back out of the seller's pending
	// balance.
	RefundOrder(ctx context.Context, orderID, reason string) error
}

type refundService struct {
	uow      repository.UnitOfWork
	orders   repository.OrderRepository
	refunds  repository.RefundRepository
	payments tillpoint.Client
}

func NewRefundService(uow repository.UnitOfWork, orders repository.OrderRepository, refunds repository.RefundRepository, payments tillpoint.Client) RefundService {
	return &refundService{uow: uow, orders: orders, refunds: refunds, payments: payments}
}

func (s *refundService) RefundOrder(ctx context.Context, orderID, reason string) error {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if order.Status == domain.OrderRefunded {
		return nil
	}
	existing, err := s.refunds.GetByOrder(ctx, orderID)
	switch {
	case err == nil && existing.ProviderRefundID != nil:
		return nil // already submitted; the refund.succeeded webhook finishes it
	case err != nil && !errors.Is(err, domain.ErrNotFound):
		return err
	}
	if order.ChargeID == nil {
		_, err := s.orders.Transition(ctx, order.ID, []domain.OrderStatus{domain.OrderRefundPending}, domain.OrderRefunded)
		return err
	}

	refund, err := s.payments.Refund(ctx, tillpoint.RefundParams{
		ChargeID:    *order.ChargeID,
		AmountCents: order.AmountCents,
		Reason:      reason,
	})
	if err != nil {
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		if err := r.Refunds.Upsert(ctx, &domain.Refund{
			ID:               ids.Prefixed("rfd"),
			OrderID:          order.ID,
			AmountCents:      order.AmountCents,
			ProviderRefundID: &refund.ID,
			Status:           "submitted",
		}); err != nil {
			return err
		}
		hold, err := r.Escrow.GetByOrder(ctx, order.ID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		reversed, err := r.Escrow.MarkRefunded(ctx, order.ID)
		if err != nil || !reversed {
			return err
		}
		if err := r.Balances.ReversePending(ctx, hold.SellerID, hold.AmountCents); err != nil {
			return err
		}
		return r.Ledger.Append(ctx, hold.SellerID, &order.ID, "sale_reversed", -hold.AmountCents)
	})
}
