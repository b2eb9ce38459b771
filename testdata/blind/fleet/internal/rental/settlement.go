package rental

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

// Settlement hands the day's open charges to the payments worker.
type Settlement struct {
	db        db.Ext
	charges   ChargeRepo
	runs      RunRepo
	publisher ChargePublisher
	log       *slog.Logger
	batchSize int
}

func NewSettlement(q db.Ext, charges ChargeRepo, runs RunRepo, publisher ChargePublisher, log *slog.Logger) *Settlement {
	return &Settlement{db: q, charges: charges, runs: runs, publisher: publisher, log: log, batchSize: 200}
}

// Run submits every open charge created up to the end of businessDate. A
// charge's command id is derived from the charge, so a charge submitted
// twice is still paid once.
func (s *Settlement) Run(ctx context.Context, businessDate time.Time) (int, error) {
	cutoff := businessDate.Truncate(24*time.Hour).AddDate(0, 0, 1)
	submitted := 0
	for {
		batch, err := s.charges.ListOpen(ctx, s.db, cutoff, s.batchSize)
		if err != nil {
			return submitted, err
		}
		for _, ch := range batch {
			cmd := domain.ChargeCommand{
				CommandID:   "charge:" + ch.ID.String(),
				CustomerID:  ch.CustomerID,
				AmountCents: ch.AmountCents,
				SubjectType: domain.SubjectRentalCharge,
				SubjectID:   ch.ID.String(),
				Description: fmt.Sprintf("Rental %s (%s)", ch.RentalID, ch.Kind),
			}
			if err := s.publisher.PublishCharge(ctx, cmd); err != nil {
				return submitted, fmt.Errorf("publish %s: %w", cmd.CommandID, err)
			}
			if err := s.charges.MarkSubmitted(ctx, s.db, ch.ID); err != nil {
				return submitted, err
			}
			submitted++
		}
		if len(batch) < s.batchSize {
			break
		}
	}
	s.log.InfoContext(ctx, "settlement submitted", "business_date", businessDate.Format(time.DateOnly), "charges", submitted)
	return submitted, s.runs.Record(ctx, s.db, businessDate, submitted)
}
