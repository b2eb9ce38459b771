package boxes

import (
	"context"
	"fmt"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/repository"
)

// Store holds the box queries that need more than the generic repository.
type Store struct {
	boxes    *repository.Repository[Box]
	products *repository.Repository[Product]
}

// NewStore builds a Store.
func NewStore() *Store {
	return &Store{
		boxes:    repository.New[Box]("boxes", "id"),
		products: repository.New[Product]("products", "code"),
	}
}

// ForWeek loads a subscription's box for a week.
func (s *Store) ForWeek(ctx context.Context, q database.Queryer, subID string, week time.Time) (*Box, error) {
	return s.boxes.GetBy(ctx, q, map[string]any{"subscription_id": subID, "week_start": week})
}

// ForWeekLocked loads and row-locks a subscription's box for a week.
func (s *Store) ForWeekLocked(ctx context.Context, q database.Queryer, subID string, week time.Time) (*Box, error) {
	var b Box
	err := q.GetContext(ctx, &b, `
		SELECT * FROM boxes WHERE subscription_id = $1 AND week_start = $2 FOR UPDATE`, subID, week)
	if err != nil {
		return nil, database.NotFound(err)
	}
	return &b, nil
}

// Items lists a box's lines.
func (s *Store) Items(ctx context.Context, q database.Queryer, boxID string) ([]Item, error) {
	var out []Item
	err := q.SelectContext(ctx, &out,
		`SELECT box_id, product_code, quantity FROM box_items WHERE box_id = $1 ORDER BY product_code`, boxID)
	return out, err
}

// ReplaceItems swaps the box's lines for items.
func (s *Store) ReplaceItems(ctx context.Context, q database.Queryer, boxID string, items []Item) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM box_items WHERE box_id = $1`, boxID); err != nil {
		return fmt.Errorf("clear items: %w", err)
	}
	for _, it := range items {
		if _, err := q.ExecContext(ctx,
			`INSERT INTO box_items (box_id, product_code, quantity) VALUES ($1, $2, $3)`,
			boxID, it.ProductCode, it.Quantity); err != nil {
			return fmt.Errorf("insert item %s: %w", it.ProductCode, err)
		}
	}
	return nil
}

// Products loads catalogue entries by code.
func (s *Store) Products(ctx context.Context, q database.Queryer, codes []string) (map[string]Product, error) {
	out := make(map[string]Product, len(codes))
	for _, c := range codes {
		p, err := s.products.Get(ctx, q, c)
		if err != nil {
			return nil, fmt.Errorf("product %s: %w", c, err)
		}
		out[c] = *p
	}
	return out, nil
}

// Swaps lists a box's swap requests.
func (s *Store) Swaps(ctx context.Context, q database.Queryer, boxID string) ([]Swap, error) {
	var out []Swap
	err := q.SelectContext(ctx, &out, `SELECT * FROM box_swaps WHERE box_id = $1 ORDER BY created_at`, boxID)
	return out, err
}

// DueSubscription is an active subscription that needs a box for a week.
type DueSubscription struct {
	SubscriptionID string `db:"subscription_id"`
	PlanID         string `db:"plan_id"`
}

// DueForWeek lists active subscriptions that started by week and have not
// skipped it.
func (s *Store) DueForWeek(ctx context.Context, q database.Queryer, week time.Time) ([]DueSubscription, error) {
	var out []DueSubscription
	err := q.SelectContext(ctx, &out, `
		SELECT s.id AS subscription_id, s.plan_id
		FROM subscriptions s
		WHERE s.status = 'active' AND s.starts_on <= $1
		  AND NOT EXISTS (SELECT 1 FROM week_skips k WHERE k.subscription_id = s.id AND k.week_start = $1)
		ORDER BY s.id`, week)
	return out, err
}

// InsertBox creates the week's box unless it exists; it reports whether the
// row was new.
func (s *Store) InsertBox(ctx context.Context, q database.Queryer, b *Box) (bool, error) {
	return s.boxes.InsertIgnore(ctx, q, b, "subscription_id", "week_start")
}

// FillFromTemplate copies the plan's default lines into a box.
func (s *Store) FillFromTemplate(ctx context.Context, q database.Queryer, boxID, planID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO box_items (box_id, product_code, quantity)
		SELECT $1, product_code, quantity FROM plan_templates WHERE plan_id = $2
		ON CONFLICT (box_id, product_code) DO NOTHING`, boxID, planID)
	return err
}

// LockWeek closes customisation for every open box of a week.
func (s *Store) LockWeek(ctx context.Context, q database.Queryer, week time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `UPDATE boxes SET status = 'locked' WHERE week_start = $1 AND status = 'open'`, week)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
