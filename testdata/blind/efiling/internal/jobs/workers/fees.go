package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/docketly/efile/internal/httpx"
	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/payments"
	"github.com/docketly/efile/internal/providers/mail"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
)

// SettleFeeWorker captures a filing's fee hold when the clerk accepts it and
// releases the hold when the clerk rejects it.
type SettleFeeWorker struct {
	river.WorkerDefaults[jobs.SettleFeeArgs]
	store  *store.Store
	fees   service.FeeProcessor
	mailer service.Mailer
	log    *slog.Logger
}

// NewSettleFeeWorker returns the worker.
func NewSettleFeeWorker(s *store.Store, f service.FeeProcessor, m service.Mailer, log *slog.Logger) *SettleFeeWorker {
	return &SettleFeeWorker{store: s, fees: f, mailer: m, log: log}
}

// Work implements river.Worker.
func (w *SettleFeeWorker) Work(ctx context.Context, job *river.Job[jobs.SettleFeeArgs]) error {
	pay, err := w.store.GetLiveFeePayment(ctx, job.Args.FilingID)
	if errors.Is(err, pgx.ErrNoRows) {
		w.log.WarnContext(ctx, "no live fee payment to settle", "filing", job.Args.FilingID)
		return nil
	}
	if err != nil {
		return err
	}

	switch job.Args.Outcome {
	case jobs.SettleCapture:
		return w.capture(ctx, pay)
	case jobs.SettleRelease:
		if pay.Status != "requires_capture" {
			return nil
		}
		if _, err := w.fees.Release(ctx, pay.PaymentIntentID, "release/"+pay.PaymentIntentID); err != nil {
			return err
		}
		_, err := w.store.MarkPaymentReleased(ctx, pay.ID)
		return err
	default:
		return river.JobCancel(fmt.Errorf("unknown settle outcome %q", job.Args.Outcome))
	}
}

func (w *SettleFeeWorker) capture(ctx context.Context, pay db.Payment) error {
	captured := pay.CapturedCents
	if captured == 0 {
		captured = pay.AmountCents
	}
	if pay.Status == "requires_capture" {
		pi, err := w.fees.Capture(ctx, pay.PaymentIntentID, "capture/"+pay.PaymentIntentID)
		if err != nil {
			return err
		}
		if _, err := w.store.MarkPaymentCaptured(ctx, pay.ID, pi.AmountReceived); err != nil {
			return err
		}
		captured = pi.AmountReceived
	}

	f, err := w.store.GetFiling(ctx, pay.FilingID)
	if err != nil {
		return err
	}
	a, err := w.store.GetAttorney(ctx, f.AttorneyID)
	if err != nil {
		return err
	}
	receipt := mail.Message{
		To:       a.Email,
		Subject:  fmt.Sprintf("Receipt: %s filing fee", f.FilingCode),
		Text:     fmt.Sprintf("We charged $%d.%02d for envelope %s.", captured/100, captured%100, deref(f.EnvelopeID)),
		Template: "fee_receipt",
	}
	_, err = w.mailer.Send(ctx, receipt, httpx.WithIdempotencyKey("receipt/"+pay.ID.String()))
	return err
}

// ChargeFeeAdjustmentWorker collects the difference when the clerk assessed
// more than the fee we authorized (extra pages, service fees, jury demand).
type ChargeFeeAdjustmentWorker struct {
	river.WorkerDefaults[jobs.ChargeFeeAdjustmentArgs]
	store *store.Store
	fees  service.FeeProcessor
	log   *slog.Logger
}

// NewChargeFeeAdjustmentWorker returns the worker.
func NewChargeFeeAdjustmentWorker(s *store.Store, f service.FeeProcessor, log *slog.Logger) *ChargeFeeAdjustmentWorker {
	return &ChargeFeeAdjustmentWorker{store: s, fees: f, log: log}
}

// Work implements river.Worker.
func (w *ChargeFeeAdjustmentWorker) Work(ctx context.Context, job *river.Job[jobs.ChargeFeeAdjustmentArgs]) error {
	adj, err := w.store.GetFeeAdjustment(ctx, job.Args.AdjustmentID)
	if err != nil {
		return err
	}
	if adj.Status != "pending" {
		return nil
	}
	f, err := w.store.GetFiling(ctx, adj.FilingID)
	if err != nil {
		return err
	}
	firm, err := w.store.GetFirm(ctx, f.FirmID)
	if err != nil {
		return err
	}
	if firm.DefaultPaymentMethod == nil {
		return river.JobCancel(fmt.Errorf("firm %s has no saved card for fee adjustment %s", firm.ID, adj.ID))
	}

	pi, err := w.fees.ChargeOffSession(ctx, payments.OffSessionCharge{
		Customer:      firm.StripeCustomerID,
		PaymentMethod: *firm.DefaultPaymentMethod,
		AmountCents:   adj.DeltaCents,
		Description:   fmt.Sprintf("Additional court fee %s (%s)", f.FilingCode, adj.LedgerRef),
		Metadata:      map[string]string{"filing_id": f.ID.String(), "adjustment_id": adj.ID.String()},
	})
	if errors.Is(err, payments.ErrCardDeclined) {
		if mErr := w.store.MarkFeeAdjustment(ctx, adj.ID, "failed", nil); mErr != nil {
			return mErr
		}
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}

	return w.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		if _, err := q.UpsertPayment(ctx, db.UpsertPaymentParams{
			ID:              uuid.New(),
			FilingID:        f.ID,
			FirmID:          f.FirmID,
			Kind:            "fee_adjustment",
			PaymentIntentID: pi.ID,
			AmountCents:     pi.AmountCents,
			Status:          pi.Status,
		}); err != nil {
			return err
		}
		return q.MarkFeeAdjustment(ctx, adj.ID, "charged", &pi.ID)
	})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
