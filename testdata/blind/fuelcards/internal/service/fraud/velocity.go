package fraud

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/cardnetwork"
)

// velocityRule scores recent activity; a score at or above SuspendScore
// suspends the card.
type velocityRule struct {
	name   string
	window time.Duration
	score  func(v domain.Velocity, auth domain.Authorization) int
}

// SuspendScore is the score at which a card is suspended automatically.
const SuspendScore = 80

var velocityRules = []velocityRule{
	{
		name:   "many_fills_1h",
		window: time.Hour,
		score: func(v domain.Velocity, _ domain.Authorization) int {
			if v.Count >= 4 {
				return 90
			}
			return 0
		},
	},
	{
		name:   "many_merchants_6h",
		window: 6 * time.Hour,
		score: func(v domain.Velocity, _ domain.Authorization) int {
			if v.Merchants >= 5 {
				return 70
			}
			return 0
		},
	},
	{
		name:   "large_fill_after_spend_24h",
		window: 24 * time.Hour,
		score: func(v domain.Velocity, a domain.Authorization) int {
			if a.AmountCents >= 40000 && v.AmountCents >= 120000 {
				return 85
			}
			return 0
		},
	},
}

// CheckVelocity runs the velocity rules for an approved authorization. The
// highest-scoring hit is flagged; a high score suspends the card and texts
// the driver.
func (s *Service) CheckVelocity(ctx context.Context, networkAuthID string) error {
	q := s.uow.Q()
	auth, err := q.AuthorizationByID(ctx, networkAuthID)
	if err != nil {
		return err
	}
	if auth.Decision != domain.Approved {
		return nil
	}

	var best domain.FraudFlag
	for _, rule := range velocityRules {
		v, err := q.CardVelocity(ctx, auth.CardID, s.now().Add(-rule.window))
		if err != nil {
			return fmt.Errorf("velocity %s: %w", rule.name, err)
		}
		if sc := rule.score(v, auth); sc > best.Score {
			best = domain.FraudFlag{NetworkAuthID: auth.NetworkAuthID, CardID: auth.CardID, Rule: rule.name, Score: sc}
		}
	}
	if best.Score == 0 {
		return nil
	}

	if err := q.InsertFraudFlag(ctx, best); err != nil {
		return fmt.Errorf("flag authorization: %w", err)
	}
	if best.Score < SuspendScore {
		return nil
	}

	card, err := q.CardByID(ctx, auth.CardID)
	if err != nil {
		return err
	}
	if err := s.network.SuspendCard(ctx, card.NetworkCardID, "velocity",
		cardnetwork.WithIdempotencyKey("velocity:"+auth.NetworkAuthID)); err != nil {
		return fmt.Errorf("network suspend: %w", err)
	}
	driver, err := q.DriverByID(ctx, card.DriverID)
	if err != nil {
		return err
	}
	return s.uow.InTx(ctx, func(q Repo, tx pgx.Tx) error {
		if err := q.SetCardStatus(ctx, card.ID, domain.CardSuspended); err != nil {
			return err
		}
		alertID, err := q.InsertAlert(ctx, domain.SMSAlert{
			DriverID:  driver.ID,
			CardID:    &card.ID,
			Template:  "velocity_suspend",
			PhoneE164: driver.PhoneE164,
			Body:      fmt.Sprintf("Unusual activity paused your fuel card ending %s. Your fleet manager has been notified.", card.Last4),
		})
		if err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, jobargs.SMSAlert{AlertID: alertID}, nil)
		return err
	})
}
