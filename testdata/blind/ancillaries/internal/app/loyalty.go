package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/loyalty"
	"github.com/skyway-air/ancillaries/internal/retry"
)

// AccrualPoster credits queued accruals with the partner programme.
type AccrualPoster struct {
	deps   Deps
	policy retry.Policy
}

func NewAccrualPoster(d Deps) *AccrualPoster {
	return &AccrualPoster{deps: d, policy: retry.Background}
}

// Post sends one accrual to the partner.
func (p *AccrualPoster) Post(ctx context.Context, evt domain.AccrualRequestedEvent) error {
	store := p.deps.Store
	accrual, err := store.Accruals().Get(ctx, evt.AccrualID)
	if err != nil {
		return err
	}
	if accrual.Status == domain.AccrualPosted {
		return nil
	}
	req := loyalty.AccrualRequest{
		MemberNumber:      accrual.LoyaltyNumber,
		Miles:             accrual.Miles,
		ActivityDate:      accrual.BusinessDate,
		ActivityType:      "AIR_ANCILLARY",
		Description:       describeAccrual(accrual),
		ExternalReference: accrual.ID,
	}
	receipt, err := retry.Do(ctx, p.policy, func() (loyalty.Receipt, error) {
		r, err := p.deps.Loyalty.Accrue(ctx, req, loyalty.WithCorrelationID(accrual.PNR))
		if err != nil && !loyalty.Retryable(err) {
			return r, retry.Permanent(err)
		}
		return r, err
	})
	if errors.Is(err, loyalty.ErrMemberUnknown) {
		p.deps.log().WarnContext(ctx, "accrual for unknown member", slog.String("accrual_id", accrual.ID))
		return nil
	}
	if err != nil {
		return err
	}
	return store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		if err := tx.Accruals().MarkPosted(ctx, accrual.ID, receipt.TransactionID); err != nil {
			return err
		}
		return tx.Outbox().Publish(ctx, domain.TopicAccrualPosted, domain.AccrualPostedEvent{
			AccrualID:     accrual.ID,
			LoyaltyNumber: accrual.LoyaltyNumber,
			Miles:         accrual.Miles,
			PartnerTxnID:  receipt.TransactionID,
			Description:   req.Description,
			PostedAt:      receipt.PostedAt,
		})
	})
}

func describeAccrual(a domain.MilesAccrual) string {
	switch a.Source {
	case "goodwill":
		return "Skyway goodwill miles"
	case "link_bonus":
		return "Skyway booking link bonus"
	default:
		return "Skyway extras " + a.PNR
	}
}

// StatementWriter maintains the member statement shown in the app.
type StatementWriter struct {
	deps Deps
}

func NewStatementWriter(d Deps) *StatementWriter { return &StatementWriter{deps: d} }

// Append adds a posted accrual to the member's statement and running total.
func (w *StatementWriter) Append(ctx context.Context, evt domain.AccrualPostedEvent) error {
	postedAt := evt.PostedAt
	if postedAt.IsZero() {
		postedAt = w.deps.now()
	}
	return w.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		err := tx.Accruals().AddStatementLine(ctx, domain.StatementLine{
			LoyaltyNumber: evt.LoyaltyNumber,
			AccrualID:     evt.AccrualID,
			Miles:         evt.Miles,
			Description:   evt.Description,
			PostedAt:      postedAt,
		})
		if err != nil {
			return err
		}
		return tx.Accruals().AddMemberMiles(ctx, evt.LoyaltyNumber, evt.Miles)
	})
}

// AccrualExporter sends the nightly reconciliation batch to the partner.
type AccrualExporter struct {
	deps Deps
}

func NewAccrualExporter(d Deps) *AccrualExporter { return &AccrualExporter{deps: d} }

// BatchID is the partner batch identifier for a business day.
func BatchID(day time.Time) string {
	return "SKW-ACC-" + day.Format("20060102")
}

// Export uploads the batch for day, once.
func (e *AccrualExporter) Export(ctx context.Context, day time.Time) error {
	day = dateOnly(day)
	store := e.deps.Store
	batch, err := store.Accruals().ClaimBatch(ctx, domain.ExportBatch{BatchID: BatchID(day), BusinessDate: day})
	if err != nil {
		return err
	}
	if batch.Status == "uploaded" {
		return nil
	}
	accruals, err := store.Accruals().ListPostedOn(ctx, day)
	if err != nil {
		return err
	}
	lines := make([]loyalty.BatchLine, 0, len(accruals))
	for _, a := range accruals {
		lines = append(lines, loyalty.BatchLine{
			MemberNumber:  a.LoyaltyNumber,
			Miles:         a.Miles,
			TransactionID: a.PartnerTxnID.String,
			Reference:     a.ID,
		})
	}
	receipt, err := e.deps.Loyalty.UploadBatch(ctx, loyalty.Batch{
		BatchID:      batch.BatchID,
		BusinessDate: day.Format("2006-01-02"),
		Lines:        lines,
	})
	if err != nil {
		return fmt.Errorf("upload batch %s: %w", batch.BatchID, err)
	}
	if receipt.Duplicated {
		e.deps.log().InfoContext(ctx, "partner already had batch", slog.String("batch_id", batch.BatchID))
	}
	return store.Accruals().MarkBatchUploaded(ctx, batch.BatchID, receipt.Reference, len(lines))
}
