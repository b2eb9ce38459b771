// Package parametric pays the flight-delay benefit automatically. When the
// flight-status feed reports that a covered flight arrived late enough, a
// parametric claim and a payout are created for every policy with delay
// cover on that flight, without the traveller having to claim.
package parametric

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/flightevents"
	"github.com/skyguard-travel/policyhub/internal/inbox"
	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/queue"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// ConsumerName identifies this consumer in processed_messages.
const ConsumerName = "parametric-delay"

// Tier is a benefit band: delays of at least MinDelay pay AmountMinor.
type Tier struct {
	MinDelay    time.Duration
	AmountMinor int64
}

// DefaultTiers is the benefit table of the delay product.
var DefaultTiers = []Tier{
	{MinDelay: 8 * time.Hour, AmountMinor: 20000},
	{MinDelay: 5 * time.Hour, AmountMinor: 10000},
	{MinDelay: 3 * time.Hour, AmountMinor: 5000},
}

// Benefit returns the amount owed for a delay, or zero.
func Benefit(tiers []Tier, threshold, delay time.Duration) int64 {
	if delay < threshold {
		return 0
	}
	for _, t := range tiers {
		if delay >= t.MinDelay {
			return t.AmountMinor
		}
	}
	return 0
}

// Service reacts to arrivals on the flight feed.
type Service interface {
	HandleArrival(ctx context.Context, ev flightevents.Event) error
}

type service struct {
	db        *bun.DB
	policies  *repository.Repository[models.Policy]
	processed inbox.Processed
	status    flightevents.StatusWriter
	queue     queue.Enqueuer
	tiers     []Tier
	threshold time.Duration
	log       *slog.Logger
}

// NewService returns the parametric delay service.
func NewService(db *bun.DB, processed inbox.Processed, status flightevents.StatusWriter, q queue.Enqueuer, threshold time.Duration, log *slog.Logger) Service {
	return &service{
		db:        db,
		policies:  repository.New[models.Policy](db),
		processed: processed,
		status:    status,
		queue:     q,
		tiers:     DefaultTiers,
		threshold: threshold,
		log:       log,
	}
}

func (s *service) HandleArrival(ctx context.Context, ev flightevents.Event) error {
	seen, err := s.processed.Seen(ctx, ConsumerName, ev.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if err := s.status.Record(ctx, ev); err != nil {
		return err
	}

	amount := Benefit(s.tiers, s.threshold, time.Duration(ev.DelayMinutes)*time.Minute)
	if amount == 0 {
		return s.processed.Mark(ctx, ConsumerName, ev.EventID)
	}

	covered, err := s.policies.List(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("flight_id = ?", ev.FlightID).
			Where("delay_cover").
			Where("status = ?", models.PolicyActive)
	})
	if err != nil {
		return err
	}

	var payouts []models.Payout
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		payouts = payouts[:0]
		now := time.Now().UTC()
		for _, pol := range covered {
			if pol.PayoutIBAN == "" {
				s.log.WarnContext(ctx, "delay cover without payout account", "policy", pol.PolicyNumber)
				continue
			}
			pc := &models.ParametricClaim{
				ID:            uuid.New(),
				PolicyID:      pol.ID,
				FlightID:      ev.FlightID,
				DelayMinutes:  ev.DelayMinutes,
				AmountMinor:   amount,
				Currency:      pol.Currency,
				SourceEventID: ev.EventID,
				Status:        models.ParametricPending,
				CreatedAt:     now,
			}
			if _, err := tx.NewInsert().Model(pc).Exec(ctx); err != nil {
				return fmt.Errorf("create parametric claim for %s: %w", pol.PolicyNumber, err)
			}
			po := models.Payout{
				ID:                uuid.New(),
				ParametricClaimID: &pc.ID,
				AmountMinor:       amount,
				Currency:          pol.Currency,
				CreditorIBAN:      pol.PayoutIBAN,
				CreditorName:      pol.PayoutHolder,
				Status:            models.PayoutPending,
				CreatedAt:         now,
				UpdatedAt:         now,
			}
			if _, err := tx.NewInsert().Model(&po).Exec(ctx); err != nil {
				return fmt.Errorf("create delay payout for %s: %w", pol.PolicyNumber, err)
			}
			payouts = append(payouts, po)
		}
		return nil
	})
	if err != nil {
		return err
	}

	for _, po := range payouts {
		if err := s.queue.Enqueue(ctx, tasks.NewParametricPayout(po.ID),
			asynq.TaskID("parametric-payout:"+po.ID.String())); err != nil {
			return fmt.Errorf("enqueue delay payout %s: %w", po.ID, err)
		}
	}
	s.log.InfoContext(ctx, "delay benefit triggered",
		"flight", ev.FlightID, "delay_minutes", ev.DelayMinutes, "payouts", len(payouts))
	return s.processed.Mark(ctx, ConsumerName, ev.EventID)
}
