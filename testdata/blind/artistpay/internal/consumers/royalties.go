package consumers

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/platform/tasks"
)

// computeOnIngest recomputes earnings for every release a new report
// touched.
func (c *Consumers) computeOnIngest(ctx context.Context, _ string, ev events.UsageReportIngested) error {
	pairs, err := c.Ingest.ReleasePeriods(ctx, ev.ReportID)
	if err != nil {
		return err
	}
	for _, p := range pairs {
		id := "royalties-compute:" + ev.ReportID + ":" + p.ReleaseID + ":" + p.Period
		if err := tasks.Enqueue(ctx, c.Queue, tasks.TypeRoyaltiesCompute, p, tasks.Once(id)...); err != nil {
			return err
		}
	}
	return nil
}

// allocateOnClose fans a closed period out into one allocation task per
// release, then schedules the statements once allocations have had time
// to run.
func (c *Consumers) allocateOnClose(ctx context.Context, _ string, ev events.PeriodClosed) error {
	releases, err := c.Calculator.ReleasesWithEarnings(ctx, ev.Period)
	if err != nil {
		return err
	}
	for _, rel := range releases {
		payload := tasks.RoyaltiesAllocatePayload{ReleaseID: rel, Period: ev.Period}
		if err := tasks.Enqueue(ctx, c.Queue, tasks.TypeRoyaltiesAllocate, payload, tasks.Tracked("allocate-"+ev.Period)...); err != nil {
			return err
		}
	}
	opts := append(tasks.Once("statements-generate:"+ev.Period), asynq.ProcessIn(2*time.Hour))
	return tasks.Enqueue(ctx, c.Queue, tasks.TypeStatementsGenerate, tasks.PeriodPayload{Period: ev.Period}, opts...)
}

// creditRoyalties adds an allocation to the artist's portal balance and
// schedules recoupment against it.
func (c *Consumers) creditRoyalties(ctx context.Context, msgID string, ev events.RoyaltiesAllocated) error {
	const consumer = "balances.credit-royalties"
	seen, err := c.Inbox.Seen(ctx, consumer, msgID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	err = c.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Clauses(clause.OnConflict{
			Columns: []clause.Column{{Name: "artist_id"}},
			DoUpdates: clause.Assignments(map[string]any{
				"available_micros":       gorm.Expr("artist_balances.available_micros + EXCLUDED.available_micros"),
				"lifetime_earned_micros": gorm.Expr("artist_balances.lifetime_earned_micros + EXCLUDED.lifetime_earned_micros"),
				"updated_at":             gorm.Expr("EXCLUDED.updated_at"),
			}),
		}).Create(&models.ArtistBalance{
			ArtistID:             ev.ArtistID,
			AvailableMicros:      ev.AmountMicros,
			LifetimeEarnedMicros: ev.AmountMicros,
			UpdatedAt:            time.Now().UTC(),
		}).Error
	})
	if err != nil {
		return err
	}
	if err := c.Inbox.Mark(ctx, consumer, msgID); err != nil {
		return err
	}
	return tasks.Enqueue(ctx, c.Queue, tasks.TypeRecoupmentApply, tasks.RecoupmentApplyPayload{
		ArtistID:     ev.ArtistID,
		AllocationID: ev.AllocationID,
		Period:       ev.Period,
		AmountMicros: ev.AmountMicros,
	}, tasks.Once("recoup:"+ev.AllocationID)...)
}
