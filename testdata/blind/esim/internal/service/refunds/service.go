// Package refunds refunds unused plans.
package refunds

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/globetrek/esim-platform/internal/idem"
	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/providers/adyen"
	"github.com/globetrek/esim-platform/internal/providers/carriers"
	"github.com/globetrek/esim-platform/internal/service/ports"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

const scopeRefund = "refund"

var (
	ErrNotFound      = errors.New("refunds: not found")
	ErrNotRefundable = errors.New("refunds: order is not refundable")
	ErrAmount        = errors.New("refunds: amount exceeds the refundable balance")
)

// Service is the refund workflow.
type Service struct {
	db       *store.DB
	psp      ports.Payments
	carriers *carriers.Registry
	tasks    tasks.Enqueuer
	log      *slog.Logger
	now      func() time.Time
}

// New returns a refund service.
func New(db *store.DB, psp ports.Payments, reg *carriers.Registry, q tasks.Enqueuer, log *slog.Logger) *Service {
	return &Service{db: db, psp: psp, carriers: reg, tasks: q, log: log, now: time.Now}
}

// RequestInput asks for a refund of part or all of an order.
type RequestInput struct {
	OrderID     string `json:"order_id"`
	AmountMinor int64  `json:"amount_minor"`
	Reason      string `json:"reason"`
	RequestedBy string `json:"requested_by"`
}

// Request records a refund and queues its submission to the PSP.
func (s *Service) Request(ctx context.Context, key string, in RequestInput) (*model.Refund, error) {
	if key != "" {
		id, found, err := s.db.Keys.Lookup(ctx, scopeRefund, key)
		if err != nil {
			return nil, err
		}
		if found && id != "" {
			return s.db.Refunds.Get(ctx, id)
		}
	}
	o, err := s.db.Orders.Get(ctx, in.OrderID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	switch o.Status {
	case model.OrderPaid, model.OrderFulfilled, model.OrderRefundRequested, model.OrderRefunded:
	default:
		return nil, ErrNotRefundable
	}
	var refunded int64
	if err := s.db.Refunds.Scalar(ctx, "succeeded_total", &refunded, o.ID); err != nil {
		return nil, err
	}
	if in.AmountMinor <= 0 || in.AmountMinor > o.AmountMinor-refunded {
		return nil, ErrAmount
	}
	now := s.now().UTC()
	rf := &model.Refund{
		ID:          uuid.NewString(),
		OrderID:     o.ID,
		AmountMinor: in.AmountMinor,
		Currency:    o.Currency,
		Reason:      in.Reason,
		Status:      model.RefundRequested,
		RequestedBy: in.RequestedBy,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	err = s.db.InTx(ctx, func(r *store.Repos) error {
		if err := r.Refunds.Insert(ctx, rf); err != nil {
			return err
		}
		_, err := r.Orders.Exec(ctx, "transition", o.ID,
			[]string{model.OrderPaid, model.OrderFulfilled, model.OrderRefunded}, model.OrderRefundRequested)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := s.tasks.Enqueue(ctx, tasks.ProcessRefund(rf.ID)); err != nil {
		return nil, err
	}
	if key != "" {
		if err := s.db.Keys.Save(ctx, scopeRefund, key, idem.Hash(in), rf.ID); err != nil {
			return nil, err
		}
	}
	return rf, nil
}

// Process submits a requested refund to the PSP. A full refund also
// suspends the line at the carrier.
func (s *Service) Process(ctx context.Context, refundID string) error {
	rf, err := s.db.Refunds.Get(ctx, refundID)
	if err != nil {
		return err
	}
	if rf.Status != model.RefundRequested && rf.Status != model.RefundSubmitting {
		return nil
	}
	if _, err := s.db.Refunds.Exec(ctx, "transition", rf.ID, []string{model.RefundRequested}, model.RefundSubmitting); err != nil {
		return err
	}
	o, err := s.db.Orders.Get(ctx, rf.OrderID)
	if err != nil {
		return err
	}
	auth, err := s.db.PaymentAttempts.Find(ctx, "by_order_kind", o.ID, "authorise")
	if err != nil {
		return fmt.Errorf("load authorisation: %w", err)
	}
	if auth.PSPReference == nil {
		return fmt.Errorf("order %s has no psp reference", o.ID)
	}
	res, err := s.psp.Refund(ctx, *auth.PSPReference, adyen.ModificationRequest{
		Reference: "refund-" + rf.ID,
		Amount:    &adyen.Amount{Currency: rf.Currency, Value: rf.AmountMinor},
	}, adyen.WithIdempotencyKey("refund:"+rf.ID))
	if err != nil {
		return err
	}
	if _, err := s.db.Refunds.Exec(ctx, "submitted", rf.ID, res.PSPReference); err != nil {
		return err
	}
	if rf.AmountMinor < o.AmountMinor {
		return nil
	}
	return s.suspendLine(ctx, o.ID)
}

func (s *Service) suspendLine(ctx context.Context, orderID string) error {
	e, err := s.db.Esims.Find(ctx, "by_order", orderID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if e.ICCID == nil || e.Status == model.EsimSuspended || e.Status == model.EsimDeleted {
		return nil
	}
	c, err := s.carriers.Get(e.Carrier)
	if err != nil {
		return err
	}
	if err := c.SetLineState(ctx, *e.ICCID, carriers.LineSuspended); err != nil {
		return err
	}
	_, err = s.db.Esims.Exec(ctx, "set_status", e.ID,
		[]string{model.EsimReserved, model.EsimInstalled, model.EsimExpired}, model.EsimSuspended)
	return err
}
