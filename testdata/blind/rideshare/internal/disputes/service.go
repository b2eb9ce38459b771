// Package disputes handles chargebacks: opening them from the acquirer's
// notifications, clawing the driver's share back, and applying the outcome
// reported by the chargeback-management provider.
package disputes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/notify"
	"github.com/wayfare/ridepay/internal/provider/payments"
	"github.com/wayfare/ridepay/internal/store"
)

// Dispute statuses.
const (
	StatusOpen = "open"
	StatusWon  = "won"
	StatusLost = "lost"
)

// ErrUnknownDispute is returned for an outcome about a dispute we never opened.
var ErrUnknownDispute = errors.New("unknown dispute")

// Service handles disputes.
type Service struct {
	sqldb      *sql.DB
	q          *db.Queries
	notifier   notify.Notifier
	commission ledger.Commission
	log        *slog.Logger
}

// NewService wires the dispute service.
func NewService(sqldb *sql.DB, notifier notify.Notifier, commission ledger.Commission, log *slog.Logger) *Service {
	return &Service{sqldb: sqldb, q: db.New(sqldb), notifier: notifier, commission: commission, log: log}
}

// HandleNotification applies one acquirer notification item.
func (s *Service) HandleNotification(ctx context.Context, item payments.NotificationRequestItem) error {
	switch item.EventCode {
	case payments.EventChargeback:
		return s.openChargeback(ctx, item)
	case payments.EventCaptureFailed:
		n, err := s.q.MarkFareCaptureFailedByPsp(ctx, sql.NullString{String: item.PspReference, Valid: true})
		if err != nil {
			return fmt.Errorf("mark capture failed %s: %w", item.PspReference, err)
		}
		s.log.InfoContext(ctx, "capture failed after acceptance", "psp_reference", item.PspReference, "updated", n)
		return nil
	case payments.EventRefund:
		if !item.Succeeded() {
			s.log.WarnContext(ctx, "refund failed at acquirer", "psp_reference", item.PspReference, "reason", item.Reason)
			return nil
		}
		_, err := s.q.MarkRefundSettled(ctx, sql.NullString{String: item.PspReference, Valid: true})
		return err
	default:
		s.log.DebugContext(ctx, "ignoring acquirer event", "event_code", item.EventCode, "psp_reference", item.PspReference)
		return nil
	}
}

func (s *Service) openChargeback(ctx context.Context, item payments.NotificationRequestItem) error {
	fare, err := s.q.GetFareByTrip(ctx, item.MerchantReference)
	if err != nil {
		return fmt.Errorf("chargeback %s: load fare %s: %w", item.PspReference, item.MerchantReference, err)
	}
	clawback := s.commission.DriverShare(item.Amount.Value)

	return store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		if err := q.InsertDispute(ctx, db.InsertDisputeParams{
			ID:           uuid.New(),
			PspReference: item.PspReference,
			FareID:       fare.ID,
			TripID:       fare.TripID,
			DriverID:     fare.DriverID,
			AmountCents:  item.Amount.Value,
			Currency:     item.Amount.Currency,
			ReasonCode:   item.Reason,
		}); err != nil {
			return fmt.Errorf("insert dispute %s: %w", item.PspReference, err)
		}
		if err := q.MarkFareDisputed(ctx, fare.ID); err != nil {
			return err
		}
		if clawback == 0 {
			return nil
		}
		_, err := ledger.Post(ctx, q, ledger.Entry{
			ID:         ids.LedgerKey("chargeback", item.PspReference),
			DriverID:   fare.DriverID,
			Kind:       ledger.KindChargeback,
			Amount:     -clawback,
			Currency:   item.Amount.Currency,
			SourceType: "dispute",
			SourceRef:  item.PspReference,
			Memo:       "Chargeback on trip " + fare.TripID,
		})
		return err
	})
}

// Outcome is the decision on a dispute.
type Outcome struct {
	DisputeRef string
	Result     string
	DecidedAt  time.Time
}

// Resolve applies a dispute outcome: a won dispute gives the driver back
// what was clawed back.
func (s *Service) Resolve(ctx context.Context, o Outcome) error {
	d, err := s.q.GetDisputeByPspRef(ctx, o.DisputeRef)
	if store.IsNotFound(err) {
		return ErrUnknownDispute
	}
	if err != nil {
		return err
	}
	if d.Status != StatusOpen {
		return nil
	}

	if err := s.notifier.Send(ctx, d.DriverID, outcomeNotice(d, o)); err != nil {
		s.log.WarnContext(ctx, "dispute outcome push failed", "dispute", d.PspReference, "err", err)
	}

	return store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		n, err := q.ResolveDispute(ctx, db.ResolveDisputeParams{PspReference: d.PspReference, Status: o.Result})
		if err != nil {
			return fmt.Errorf("resolve dispute %s: %w", d.PspReference, err)
		}
		if n == 0 || o.Result != StatusWon {
			return nil
		}
		restore := s.commission.DriverShare(d.AmountCents)
		if restore == 0 {
			return nil
		}
		_, err = ledger.Post(ctx, q, ledger.Entry{
			ID:         ids.LedgerKey("dispute_won", d.PspReference),
			DriverID:   d.DriverID,
			Kind:       ledger.KindDisputeWon,
			Amount:     restore,
			Currency:   d.Currency,
			SourceType: "dispute",
			SourceRef:  d.PspReference,
			Memo:       "Chargeback reversed on trip " + d.TripID,
		})
		return err
	})
}

func outcomeNotice(d db.Dispute, o Outcome) notify.Notice {
	n := notify.Notice{
		Category: "dispute",
		Data:     map[string]string{"trip_id": d.TripID, "result": o.Result},
	}
	if o.Result == StatusWon {
		n.Title = "Good news about a disputed trip"
		n.Body = fmt.Sprintf("The chargeback on trip %s was reversed and your earnings were restored.", d.TripID)
	} else {
		n.Title = "Disputed trip closed"
		n.Body = fmt.Sprintf("The chargeback on trip %s was upheld by the card issuer.", d.TripID)
	}
	return n
}
