package nightly

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/halcyonevents/confreg/internal/events"
)

// InstalmentBiller moves instalments that have come due into billing and
// publishes an InstalmentDue for each, for the worker to charge.
type InstalmentBiller struct {
	db  *gorm.DB
	log *slog.Logger
	now func() time.Time
}

// NewInstalmentBiller returns an InstalmentBiller.
func NewInstalmentBiller(db *gorm.DB, log *slog.Logger) *InstalmentBiller {
	return &InstalmentBiller{db: db, log: log, now: time.Now}
}

type dueInstalment struct {
	ID            uuid.UUID
	SponsorshipID uuid.UUID
	Outstanding   int64
}

// Run claims and announces due instalments. The status change and the
// messages commit together.
func (j *InstalmentBiller) Run(ctx context.Context) error {
	now := j.now().UTC()
	var due []dueInstalment
	err := j.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Raw(`
			UPDATE sponsor_instalments
			SET status = 'billing', updated_at = ?
			WHERE status = 'scheduled' AND due_on <= ?
			RETURNING id, sponsorship_id, amount_cents - paid_cents AS outstanding`,
			now, day(now)).Scan(&due).Error
		if err != nil {
			return err
		}
		for _, d := range due {
			if d.Outstanding <= 0 {
				continue
			}
			err := events.PublishInTx(ctx, tx, events.TopicInstalmentDue, events.DerivedID("instalment-due", d.ID.String()),
				events.InstalmentDue{InstalmentID: d.ID, SponsorshipID: d.SponsorshipID, AmountCents: d.Outstanding})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	j.log.InfoContext(ctx, "instalments billed", "count", len(due))
	return nil
}
