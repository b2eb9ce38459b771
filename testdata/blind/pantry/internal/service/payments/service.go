// Package payments authorises, captures and refunds order payments through
// the card processor.
package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/pg"
	"github.com/pantryco/fulfilment/internal/provider/cardpay"
)

// Service is the payment API used by the gRPC transport and the workers.
type Service interface {
	Authorize(ctx context.Context, orderID uuid.UUID, paymentMethod string) (domain.Payment, error)
	Capture(ctx context.Context, orderID uuid.UUID) error
	Refund(ctx context.Context, orderID uuid.UUID, reason string, amountCents int64) error
}

// Processor is the card-processor surface (implemented by *cardpay.Client).
type Processor interface {
	Authorize(ctx context.Context, req cardpay.AuthorizeRequest, opts ...cardpay.CallOption) (cardpay.Authorisation, error)
	Capture(ctx context.Context, intentID string, amount int64, opts ...cardpay.CallOption) (string, error)
	Refund(ctx context.Context, req cardpay.RefundRequest, opts ...cardpay.CallOption) (string, error)
}

// OrderReader loads and updates orders.
type OrderReader interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error
}

// PaymentRepository stores order payments.
type PaymentRepository interface {
	UpsertAuthorisation(ctx context.Context, p domain.Payment) error
	Get(ctx context.Context, orderID uuid.UUID) (domain.Payment, error)
	SetStatus(ctx context.Context, orderID uuid.UUID, status domain.PaymentStatus) error
}

// OperationRepository stores durable processor-call intents.
type OperationRepository interface {
	Ensure(ctx context.Context, op domain.PaymentOperation) (domain.PaymentOperation, error)
	Finish(ctx context.Context, id uuid.UUID, status domain.OpStatus, providerRef string) error
}

// RefundRepository stores refund intents.
type RefundRepository interface {
	Ensure(ctx context.Context, rf domain.Refund) (domain.Refund, error)
	Finish(ctx context.Context, orderID uuid.UUID, reason string, status domain.OpStatus, providerRef string) error
}

type service struct {
	tx       pg.TxManager
	card     Processor
	orders   OrderReader
	payments PaymentRepository
	ops      OperationRepository
	refunds  RefundRepository
	log      *slog.Logger
}

// NewService wires the payment service.
func NewService(tx pg.TxManager, card Processor, orders OrderReader, payments PaymentRepository,
	ops OperationRepository, refunds RefundRepository, log *slog.Logger) Service {
	return &service{tx: tx, card: card, orders: orders, payments: payments, ops: ops, refunds: refunds, log: log}
}

// Authorize places a hold for the order total and confirms the order.
func (s *service) Authorize(ctx context.Context, orderID uuid.UUID, paymentMethod string) (domain.Payment, error) {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return domain.Payment{}, err
	}
	if order.Status != domain.OrderPendingPayment {
		existing, err := s.payments.Get(ctx, orderID)
		if err == nil && existing.Status == domain.PaymentAuthorised {
			return existing, nil
		}
		return domain.Payment{}, fmt.Errorf("%w: order is %s", domain.ErrInvalidState, order.Status)
	}
	if paymentMethod == "" {
		paymentMethod = order.PaymentMethod
	}

	idemKey := ids.NewIdempotencyKey()
	auth, err := s.card.Authorize(ctx, cardpay.AuthorizeRequest{
		OrderID:       order.ID.String(),
		PaymentMethod: paymentMethod,
		AmountCents:   order.TotalCents,
		Currency:      order.Currency,
	}, cardpay.WithIdempotencyKey(idemKey), cardpay.WithMetadata("customer_id", order.CustomerID.String()))
	if err != nil {
		return domain.Payment{}, err
	}

	payment := domain.Payment{
		OrderID:     order.ID,
		IntentID:    auth.IntentID,
		AmountCents: auth.Amount,
		Currency:    order.Currency,
		Status:      domain.PaymentAuthorised,
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.payments.UpsertAuthorisation(ctx, payment); err != nil {
			return err
		}
		return s.orders.SetStatus(ctx, order.ID, domain.OrderConfirmed)
	})
	if err != nil {
		return domain.Payment{}, err
	}
	return payment, nil
}

// Capture captures the authorised amount. The capture is recorded as a
// durable operation before the processor is called and the operation id is
// the processor's idempotency key, so re-running the job reuses the same
// capture.
func (s *service) Capture(ctx context.Context, orderID uuid.UUID) error {
	type prepared struct {
		op      domain.PaymentOperation
		payment domain.Payment
		done    bool
	}
	p, err := pg.WithTxResult(ctx, s.tx, func(ctx context.Context) (prepared, error) {
		payment, err := s.payments.Get(ctx, orderID)
		if err != nil {
			return prepared{}, err
		}
		if payment.Status == domain.PaymentCaptured {
			return prepared{done: true}, nil
		}
		order, err := s.orders.Get(ctx, orderID)
		if err != nil {
			return prepared{}, err
		}
		op, err := s.ops.Ensure(ctx, domain.PaymentOperation{
			ID:          ids.NewUUID(),
			OrderID:     orderID,
			Kind:        "capture",
			AmountCents: order.TotalCents,
		})
		if err != nil {
			return prepared{}, err
		}
		return prepared{op: op, payment: payment, done: op.Status == domain.OpSucceeded}, nil
	})
	if err != nil {
		return err
	}
	if p.done {
		return nil
	}

	ref, err := s.card.Capture(ctx, p.payment.IntentID, p.op.AmountCents,
		cardpay.WithIdempotencyKey(p.op.ID.String()))
	if err != nil {
		return err
	}

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.ops.Finish(ctx, p.op.ID, domain.OpSucceeded, ref); err != nil {
			return err
		}
		return s.payments.SetStatus(ctx, orderID, domain.PaymentCaptured)
	})
}

// Refund refunds amountCents of the order's payment for the given reason.
func (s *service) Refund(ctx context.Context, orderID uuid.UUID, reason string, amountCents int64) error {
	payment, err := s.payments.Get(ctx, orderID)
	if err != nil {
		if errors.Is(err, pg.ErrNotFound) {
			s.log.WarnContext(ctx, "refund requested for order without payment", "order_id", orderID)
			return nil
		}
		return err
	}

	rf, err := s.refunds.Ensure(ctx, domain.Refund{OrderID: orderID, Reason: reason, AmountCents: amountCents})
	if err != nil {
		return err
	}
	if rf.Status == domain.OpSucceeded {
		return nil
	}

	req := cardpay.NewRefund(payment.IntentID).Amount(rf.AmountCents).Because("requested_by_customer")
	refundID, err := s.card.Refund(ctx, req)
	if err != nil {
		return err
	}
	return s.refunds.Finish(ctx, orderID, reason, domain.OpSucceeded, refundID)
}
