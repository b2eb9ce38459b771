package subscriptions

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/repository"
)

// Store reads and writes subscription tables.
type Store struct {
	subs  *repository.Repository[Subscription]
	plans *repository.Repository[Plan]
	skips *repository.Repository[Skip]
}

// NewStore builds a Store.
func NewStore() *Store {
	return &Store{
		subs:  repository.New[Subscription]("subscriptions", "id"),
		plans: repository.New[Plan]("plans", "id"),
		skips: repository.New[Skip]("week_skips", "id"),
	}
}

// Get loads a subscription.
func (s *Store) Get(ctx context.Context, q database.Queryer, id string) (*Subscription, error) {
	return s.subs.Get(ctx, q, id)
}

// GetForUpdate loads and row-locks a subscription.
func (s *Store) GetForUpdate(ctx context.Context, q database.Queryer, id string) (*Subscription, error) {
	var sub Subscription
	if err := q.GetContext(ctx, &sub, `SELECT * FROM subscriptions WHERE id = $1 FOR UPDATE`, id); err != nil {
		return nil, database.NotFound(err)
	}
	return &sub, nil
}

// Plan loads an active plan.
func (s *Store) Plan(ctx context.Context, q database.Queryer, id string) (*Plan, error) {
	p, err := s.plans.Get(ctx, q, id)
	if err != nil {
		return nil, err
	}
	if !p.Active {
		return nil, database.ErrNotFound
	}
	return p, nil
}

// PickupPointActive reports whether the pickup point exists and is active.
func (s *Store) PickupPointActive(ctx context.Context, q database.Queryer, id string) (bool, error) {
	var active bool
	err := q.GetContext(ctx, &active, `SELECT active FROM pickup_points WHERE id = $1`, id)
	if err != nil {
		return false, database.NotFound(err)
	}
	return active, nil
}

// Insert writes a new subscription.
func (s *Store) Insert(ctx context.Context, q database.Queryer, sub *Subscription) error {
	return s.subs.Insert(ctx, q, sub)
}

// ListByMember returns a member's subscriptions, newest first.
func (s *Store) ListByMember(ctx context.Context, q database.Queryer, memberID string) ([]Subscription, error) {
	return s.subs.List(ctx, q, map[string]any{"member_id": memberID}, "created_at DESC")
}

// InsertSkip writes a skip unless the week is already skipped. It reports
// whether the row was new.
func (s *Store) InsertSkip(ctx context.Context, q database.Queryer, sk *Skip) (bool, error) {
	return s.skips.InsertIgnore(ctx, q, sk, "subscription_id", "week_start")
}

// SkipFor loads the skip for a subscription and week.
func (s *Store) SkipFor(ctx context.Context, q database.Queryer, subID string, week time.Time) (*Skip, error) {
	return s.skips.GetBy(ctx, q, map[string]any{"subscription_id": subID, "week_start": week})
}

// GetSkip loads a skip by id.
func (s *Store) GetSkip(ctx context.Context, q database.Queryer, id string) (*Skip, error) {
	return s.skips.Get(ctx, q, id)
}

// MarkSkipCredited records that the member was credited for a skip.
func (s *Store) MarkSkipCredited(ctx context.Context, q database.Queryer, skipID string) error {
	res, err := q.ExecContext(ctx,
		`UPDATE week_skips SET credited_at = now() WHERE id = $1 AND credited_at IS NULL`, skipID)
	if err != nil {
		return fmt.Errorf("mark skip credited: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("skip %s already credited", skipID)
	}
	return nil
}

// MarkBoxSkipped flags the week's box as skipped if it has been generated.
func (s *Store) MarkBoxSkipped(ctx context.Context, q database.Queryer, subID string, week time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE boxes SET status = 'skipped'
		WHERE subscription_id = $1 AND week_start = $2 AND status = 'open'`, subID, week)
	return err
}

// BoxLocked reports whether the week's box is already past customisation.
func (s *Store) BoxLocked(ctx context.Context, q database.Queryer, subID string, week time.Time) (bool, error) {
	var status string
	err := q.GetContext(ctx, &status,
		`SELECT status FROM boxes WHERE subscription_id = $1 AND week_start = $2`, subID, week)
	if err != nil {
		if database.NotFound(err) == database.ErrNotFound {
			return false, nil
		}
		return false, err
	}
	return status == "locked" || status == "packed", nil
}

// Cancel marks a subscription cancelled if it is not already, returning the
// updated row or nil when nothing changed.
func (s *Store) Cancel(ctx context.Context, q database.Queryer, id, reason string) (*Subscription, error) {
	var sub Subscription
	err := q.GetContext(ctx, &sub, `
		UPDATE subscriptions
		SET status = 'cancelled', cancelled_at = now(), cancel_reason = NULLIF($2, '')
		WHERE id = $1 AND status <> 'cancelled'
		RETURNING *`, id, reason)
	if err != nil {
		if database.NotFound(err) == database.ErrNotFound {
			return nil, nil
		}
		return nil, err
	}
	return &sub, nil
}

// SkipBook adapts Store for consumers that track skip credits outside a
// caller transaction.
type SkipBook struct {
	DB    *sqlx.DB
	Store *Store
}

// SkipCredited reports whether the skip has been credited.
func (b SkipBook) SkipCredited(ctx context.Context, skipID string) (bool, error) {
	sk, err := b.Store.GetSkip(ctx, b.DB, skipID)
	if err != nil {
		return false, err
	}
	return sk.CreditedAt != nil, nil
}

// MarkCredited records the credit against the skip.
func (b SkipBook) MarkCredited(ctx context.Context, skipID string) error {
	return b.Store.MarkSkipCredited(ctx, b.DB, skipID)
}
