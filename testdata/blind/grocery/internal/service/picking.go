package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/events"
	"github.com/basketline/grocery/internal/payments"
)

type PickingService struct {
	tx        TxRunner
	orders    OrderStore
	picking   PickingStore
	payments  PaymentStore
	inbox     InboxStore
	outbox    OutboxStore
	refunds   *RefundService
	processor PaymentProcessor
	newID     UUIDGen
	now       Clock
	log       *slog.Logger
}

type PickingDeps struct {
	Tx        TxRunner
	Orders    OrderStore
	Picking   PickingStore
	Payments  PaymentStore
	Inbox     InboxStore
	Outbox    OutboxStore
	Refunds   *RefundService
	Processor PaymentProcessor
	NewID     UUIDGen
	Now       Clock
	Log       *slog.Logger
}

func NewPickingService(d PickingDeps) *PickingService {
	return &PickingService{
		tx: d.Tx, orders: d.Orders, picking: d.Picking, payments: d.Payments, inbox: d.Inbox,
		outbox: d.Outbox, refunds: d.Refunds, processor: d.Processor, newID: d.NewID, now: d.Now, log: d.Log,
	}
}

// Started opens the pick session for an order when a picker scans its
// first item.
func (s *PickingService) Started(ctx context.Context, ev events.PickingStartedEvent) error {
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		if err := s.picking.StartSession(ctx, &domain.PickSession{
			ID:        s.newID(),
			OrderID:   ev.OrderID,
			PickerID:  ev.PickerID,
			StartedAt: ev.StartedAt,
		}); err != nil {
			return fmt.Errorf("start pick session: %w", err)
		}
		_, err := s.orders.Transition(ctx, ev.OrderID, []domain.OrderStatus{domain.OrderReleased}, domain.OrderPicking)
		return err
	})
}

// ItemPicked records the running picked quantity for a line.
func (s *PickingService) ItemPicked(ctx context.Context, ev events.ItemPickedEvent) error {
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		line, err := s.orders.Line(ctx, ev.OrderID, ev.LineID)
		if err != nil {
			return err
		}
		qty := min(ev.PickedQty, line.Quantity)
		if err := s.picking.RecordPicked(ctx, &domain.PickedItem{
			OrderID:   ev.OrderID,
			LineID:    ev.LineID,
			PickedQty: qty,
			ScannedAt: ev.ScannedAt,
		}); err != nil {
			return err
		}
		if qty == line.Quantity {
			return s.orders.SetLineStatus(ctx, line.ID, domain.LineStatusPicked)
		}
		return nil
	})
}

// Substituted records a substitution the picker made and, if it costs
// more than the original line, raises the card authorisation to cover it.
func (s *PickingService) Substituted(ctx context.Context, ev events.SubstitutionEvent) error {
	sub := &domain.Substitution{
		ID:             s.newID(),
		EventID:        ev.EventID,
		OrderID:        ev.OrderID,
		LineID:         ev.LineID,
		SubstituteSKU:  ev.SubstituteSKU,
		SubstituteName: ev.SubstituteName,
		Quantity:       ev.Quantity,
		UnitPricePence: ev.UnitPricePence,
	}
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		line, err := s.orders.Line(ctx, ev.OrderID, ev.LineID)
		if err != nil {
			return err
		}
		if !line.AllowSubstitute {
			s.log.WarnContext(ctx, "substitution on a line that does not allow it", "order_id", ev.OrderID, "line_id", ev.LineID)
		}
		sub.OriginalSKU = line.SKU
		sub.PriceDeltaPence = int64(ev.Quantity)*ev.UnitPricePence - line.TotalPence()
		if _, err := s.picking.AddSubstitution(ctx, sub); err != nil {
			return err
		}
		return s.orders.SetLineStatus(ctx, line.ID, domain.LineStatusSubstituted)
	})
	if err != nil {
		return err
	}
	if sub.AuthAdjusted || sub.PriceDeltaPence <= 0 {
		return nil
	}

	auth, err := s.payments.ByOrder(ctx, ev.OrderID)
	if err != nil {
		return err
	}
	if auth.Status != domain.PaymentAuthorised {
		return fmt.Errorf("%w: authorisation is %s", domain.ErrConflict, auth.Status)
	}
	updated, err := s.processor.IncrementAuthorisation(ctx, payments.IncrementRequest{
		AuthorisationRef: auth.Ref(),
		AmountPence:      sub.PriceDeltaPence,
		Reason:           "substitution " + sub.OriginalSKU + " -> " + sub.SubstituteSKU,
	})
	if err != nil {
		return fmt.Errorf("increment authorisation: %w", err)
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		if err := s.payments.SetAuthorisedAmount(ctx, auth.ID, updated.AuthorisedPence); err != nil {
			return err
		}
		return s.picking.MarkAuthAdjusted(ctx, sub.ID)
	})
}

// ItemMissing records a line the store could not supply. Before capture
// the capture amount simply leaves it out; after capture it is refunded.
func (s *PickingService) ItemMissing(ctx context.Context, ev events.ItemMissingEvent) error {
	var (
		order *domain.Order
		line  *domain.OrderLine
	)
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		var err error
		if order, err = s.orders.Get(ctx, ev.OrderID); err != nil {
			return err
		}
		if line, err = s.orders.Line(ctx, ev.OrderID, ev.LineID); err != nil {
			return err
		}
		if _, err := s.picking.AddShortage(ctx, &domain.Shortage{
			OrderID:    ev.OrderID,
			LineID:     ev.LineID,
			MissingQty: min(ev.MissingQty, line.Quantity),
			ReportedAt: ev.ReportedAt,
		}); err != nil {
			return err
		}
		return s.orders.SetLineStatus(ctx, line.ID, domain.LineStatusMissing)
	})
	if err != nil {
		return err
	}
	return s.refunds.RefundShortage(ctx, order, line, min(ev.MissingQty, line.Quantity), ev.EventID)
}

// Completed closes picking: it fixes the final basket value and captures
// it from the card.
func (s *PickingService) Completed(ctx context.Context, ev events.PickingCompletedEvent) error {
	total, err := s.orders.FinalTotal(ctx, ev.OrderID)
	if err != nil {
		return err
	}
	changed, err := s.orders.MarkPicked(ctx, ev.OrderID, total, ev.CompletedAt)
	if err != nil {
		return fmt.Errorf("mark picked: %w", err)
	}
	if !changed {
		s.log.InfoContext(ctx, "picking already completed", "order_id", ev.OrderID)
		return nil
	}

	auth, err := s.payments.ByOrder(ctx, ev.OrderID)
	if err != nil {
		return err
	}
	amount := min(total, auth.AuthorisedPence)
	if amount < total {
		s.log.WarnContext(ctx, "final total above authorisation; capturing authorised amount",
			"order_id", ev.OrderID, "total", total, "authorised", auth.AuthorisedPence)
	}
	key := payments.KeyFor("capture", auth.ID)
	capture, err := s.processor.Capture(ctx, payments.CaptureRequest{
		IdempotencyKey:   key,
		AuthorisationRef: auth.Ref(),
		AmountPence:      amount,
		Final:            true,
	})
	s.logAttempt(ctx, auth.ID, "capture", key, err)
	if err != nil {
		return fmt.Errorf("capture: %w", err)
	}
	if err := s.payments.RecordCapture(ctx, auth.ID, capture.CapturedPence); err != nil {
		return err
	}
	s.log.InfoContext(ctx, "order captured", "order_id", ev.OrderID, "amount", capture.CapturedPence, "bags", ev.BagCount)
	return nil
}

// Cancelled handles the store giving up on an order (closure, stock
// failure). The authorisation is voided first; the void is keyed on the
// authorisation, so repeating it is harmless.
func (s *PickingService) Cancelled(ctx context.Context, ev events.PickingCancelledEvent) error {
	auth, err := s.payments.ByOrder(ctx, ev.OrderID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	if auth != nil && auth.Status == domain.PaymentAuthorised {
		if err := s.processor.Void(ctx, payments.VoidRequest{
			IdempotencyKey:   payments.KeyFor("void", auth.ID),
			AuthorisationRef: auth.Ref(),
			Reason:           "store_cancelled",
		}); err != nil {
			return fmt.Errorf("void: %w", err)
		}
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		first, err := s.inbox.Claim(ctx, "picking-cancelled", ev.EventID)
		if err != nil || !first {
			return err
		}
		if auth != nil {
			if err := s.payments.MarkVoided(ctx, auth.ID); err != nil {
				return err
			}
		}
		if err := s.orders.MarkCancelled(ctx, ev.OrderID, "store: "+ev.Reason, s.now()); err != nil {
			return err
		}
		_, err = s.outbox.Add(ctx, events.OrderCancelled, events.OrderCancelledEvent{OrderID: ev.OrderID, Reason: ev.Reason})
		return err
	})
}

func (s *PickingService) logAttempt(ctx context.Context, authID, op, key string, callErr error) {
	a := &domain.PaymentAttempt{
		ID:              "pat_" + s.newID().String(),
		AuthorisationID: authID,
		Operation:       op,
		IdempotencyKey:  key,
		Outcome:         "ok",
	}
	if callErr != nil {
		a.Outcome, a.Detail = "error", callErr.Error()
	}
	if err := s.payments.LogAttempt(ctx, a); err != nil {
		s.log.WarnContext(ctx, "payment attempt log", "auth_id", authID, "err", err)
	}
}
