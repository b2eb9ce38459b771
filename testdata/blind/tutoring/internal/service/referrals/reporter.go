package referrals

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/providers/affiliate"
	"github.com/learnloop/tutoring/internal/store"
)

// ConversionReporter is the affiliate network as seen by the reporter.
type ConversionReporter interface {
	Report(ctx context.Context, conv affiliate.Conversion) error
}

// Reporter tells the affiliate network about referrals that came in
// through a tracked click and have qualified.
type Reporter struct {
	pool      *pgxpool.Pool
	referrals store.Referrals
	network   ConversionReporter
}

// NewReporter builds a Reporter.
func NewReporter(pool *pgxpool.Pool, referrals store.Referrals, network ConversionReporter) *Reporter {
	return &Reporter{pool: pool, referrals: referrals, network: network}
}

// Report sends the conversion for referralID if it has not been sent.
func (r *Reporter) Report(ctx context.Context, referralID uuid.UUID) error {
	ref, err := r.referrals.Get(ctx, r.pool, referralID)
	if err != nil {
		return err
	}
	if ref.ClickID == "" || ref.ReportedAt != nil || ref.QualifiedAt == nil {
		return nil
	}
	if err := r.network.Report(ctx, affiliate.Conversion{
		ClickID:     ref.ClickID,
		OrderRef:    ref.ID.String(),
		AmountCents: 0,
		Currency:    "usd",
	}); err != nil {
		return fmt.Errorf("report conversion: %w", err)
	}
	return r.referrals.MarkReported(ctx, r.pool, ref.ID)
}
