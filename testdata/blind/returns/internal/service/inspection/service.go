// Package inspection applies warehouse inspection results to returns.
package inspection

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/jobs"
	"github.com/northwind-retail/rma/internal/platform/ids"
	"github.com/northwind-retail/rma/internal/platform/tx"
	"github.com/northwind-retail/rma/internal/repo"
	"github.com/northwind-retail/rma/internal/service/webhooks"
)

type Publisher interface {
	PublishTx(ctx context.Context, t pgx.Tx, ev webhooks.Event) error
}

type Notifier interface {
	ReturnRejected(ctx context.Context, r domain.Return, reason string) error
}

type Service struct {
	pool        *pgxpool.Pool
	returns     repo.Returns
	inspections repo.Inspections
	refunds     repo.Refunds
	jobs        jobs.Enqueuer
	events      Publisher
	notify      Notifier
	log         *slog.Logger
}

type Deps struct {
	Pool        *pgxpool.Pool
	Returns     repo.Returns
	Inspections repo.Inspections
	Refunds     repo.Refunds
	Jobs        jobs.Enqueuer
	Events      Publisher
	Notify      Notifier
	Log         *slog.Logger
}

func New(d Deps) *Service {
	return &Service{
		pool: d.Pool, returns: d.Returns, inspections: d.Inspections, refunds: d.Refunds,
		jobs: d.Jobs, events: d.Events, notify: d.Notify, log: d.Log,
	}
}

// Received marks a parcel as received at the warehouse. The receipt row is
// keyed by return, so a redelivered event changes nothing.
func (s *Service) Received(ctx context.Context, eventID, returnID, warehouseID string, at time.Time) error {
	return tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		inserted, err := s.inspections.InsertReceipt(ctx, t, returnID, eventID, warehouseID, at)
		if err != nil || !inserted {
			return err
		}
		ret, err := s.returns.GetForUpdate(ctx, t, returnID)
		if err != nil {
			return err
		}
		if _, err := s.returns.Transition(ctx, t, ret.ID,
			[]domain.ReturnStatus{domain.StatusLabeled, domain.StatusInTransit}, domain.StatusReceived); err != nil {
			return err
		}
		return s.events.PublishTx(ctx, t, webhooks.Event{
			ID:         ids.Derive("evt", "return.received", eventID),
			MerchantID: ret.MerchantID,
			Type:       "return.received",
			Data:       map[string]any{"return_id": ret.ID, "warehouse_id": warehouseID, "received_at": at},
		})
	})
}

type GradedLine struct {
	OrderLineID     string
	Grade           string
	RefundableCents int64
}

// Completed records item grades, accumulates the refundable amount and
// schedules the refund or store credit.
func (s *Service) Completed(ctx context.Context, returnID, inspector string, at time.Time, lines []GradedLine) error {
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return err
	}
	if ret.Status != domain.StatusReceived {
		s.log.InfoContext(ctx, "inspection for return not awaiting inspection", "return_id", ret.ID, "status", ret.Status)
		return nil
	}

	for _, l := range lines {
		g := domain.ItemGrade{
			ID:              ids.NewULID(),
			ReturnID:        ret.ID,
			OrderLineID:     l.OrderLineID,
			Grade:           l.Grade,
			RefundableCents: l.RefundableCents,
			Inspector:       inspector,
			InspectedAt:     at,
		}
		if err := s.inspections.InsertGrade(ctx, s.pool, g); err != nil {
			return err
		}
		if l.RefundableCents > 0 {
			if err := s.returns.AddRefundable(ctx, s.pool, ret.ID, l.RefundableCents); err != nil {
				return err
			}
		}
	}

	return tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		cur, err := s.returns.GetForUpdate(ctx, t, ret.ID)
		if err != nil {
			return err
		}
		ok, err := s.returns.Transition(ctx, t, cur.ID, []domain.ReturnStatus{domain.StatusReceived}, domain.StatusInspected)
		if err != nil || !ok {
			return err
		}
		if cur.RefundableCents <= 0 {
			return nil
		}
		if cur.RefundMethod == domain.RefundStoreCredit {
			return s.jobs.EnqueueTx(ctx, t, jobs.GrantStoreCreditArgs{ReturnID: cur.ID})
		}
		ref, err := s.refunds.EnsureInspectionRefund(ctx, t, domain.Refund{
			ID:          ids.New("rf"),
			ReturnID:    cur.ID,
			AmountCents: cur.RefundableCents,
			Currency:    cur.Currency,
		})
		if err != nil {
			return err
		}
		return s.jobs.EnqueueTx(ctx, t, jobs.IssueRefundArgs{RefundID: ref.ID})
	})
}

// Rejected closes a return whose items failed inspection.
func (s *Service) Rejected(ctx context.Context, eventID, returnID, reason string) error {
	return tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		ret, err := s.returns.GetForUpdate(ctx, t, returnID)
		if err != nil {
			return err
		}
		if ret.Status == domain.StatusRejected {
			return nil
		}
		ok, err := s.returns.Transition(ctx, t, ret.ID,
			[]domain.ReturnStatus{domain.StatusReceived, domain.StatusInspected}, domain.StatusRejected)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: cannot reject return in status %s", domain.ErrInvalidState, ret.Status)
		}
		if err := s.notify.ReturnRejected(ctx, ret, reason); err != nil {
			return err
		}
		return s.events.PublishTx(ctx, t, webhooks.Event{
			ID:         ids.Derive("evt", "return.rejected", eventID),
			MerchantID: ret.MerchantID,
			Type:       "return.rejected",
			Data:       map[string]any{"return_id": ret.ID, "reason": reason},
		})
	})
}

type DiscrepancyReport struct {
	OrderLineID string
	Kind        string
	ExpectedQty int
	ReceivedQty int
	Note        string
}

// Discrepancy records a mismatch between what the customer declared and
// what arrived, and alerts the merchant.
func (s *Service) Discrepancy(ctx context.Context, returnID string, d DiscrepancyReport) error {
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return err
	}
	rec := domain.Discrepancy{
		ID:          ids.New("dsc"),
		ReturnID:    ret.ID,
		OrderLineID: d.OrderLineID,
		Kind:        d.Kind,
		ExpectedQty: d.ExpectedQty,
		ReceivedQty: d.ReceivedQty,
		Note:        d.Note,
	}
	return tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		if err := s.inspections.InsertDiscrepancy(ctx, t, rec); err != nil {
			return err
		}
		return s.events.PublishTx(ctx, t, webhooks.Event{
			ID:         ids.Derive("evt", "return.discrepancy", rec.ReturnID, rec.OrderLineID),
			MerchantID: ret.MerchantID,
			Type:       "return.discrepancy",
			Data: map[string]any{
				"return_id": ret.ID, "order_line_id": rec.OrderLineID, "kind": rec.Kind,
				"expected_qty": rec.ExpectedQty, "received_qty": rec.ReceivedQty,
			},
		})
	})
}
