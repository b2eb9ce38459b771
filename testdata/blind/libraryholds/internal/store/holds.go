package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

type holdRepo struct{ db *sql.DB }

// NewHoldRepository returns the Postgres hold repository.
func NewHoldRepository(db *sql.DB) HoldRepository { return &holdRepo{db: db} }

const holdColumns = `id, patron_id, title_id, pickup_branch_id, status, COALESCE(item_id, ''),
	placed_at, ready_at, pickup_by`

func scanHold(row interface{ Scan(...any) error }) (domain.Hold, error) {
	var (
		h               domain.Hold
		status          string
		ready, pickupBy sql.NullTime
	)
	err := row.Scan(&h.ID, &h.PatronID, &h.TitleID, &h.PickupBranchID, &status, &h.ItemID,
		&h.PlacedAt, &ready, &pickupBy)
	h.Status = domain.HoldStatus(status)
	h.ReadyAt, h.PickupBy = timePtr(ready), timePtr(pickupBy)
	return h, err
}

func (r *holdRepo) Insert(ctx context.Context, h domain.Hold) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO holds (id, patron_id, title_id, pickup_branch_id, status, placed_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		h.ID, h.PatronID, h.TitleID, h.PickupBranchID, string(h.Status), h.PlacedAt)
	if err != nil {
		return fmt.Errorf("insert hold: %w", err)
	}
	return nil
}

func (r *holdRepo) Get(ctx context.Context, id string) (domain.Hold, error) {
	h, err := scanHold(r.db.QueryRowContext(ctx, `SELECT `+holdColumns+` FROM holds WHERE id = $1`, id))
	if err != nil {
		return h, notFound(err, "hold "+id)
	}
	return h, nil
}

func (r *holdRepo) CountActive(ctx context.Context, patronID string) (int, error) {
	var n int
	err := r.db.QueryRowContext(ctx, `
		SELECT count(*) FROM holds
		 WHERE patron_id = $1 AND status IN ('waiting', 'in_transit', 'ready')`, patronID).Scan(&n)
	return n, err
}

// Cancel only moves holds that are still live; cancelling twice is a no-op.
func (r *holdRepo) Cancel(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		UPDATE holds
		   SET status = 'cancelled', cancelled_at = $2
		 WHERE id = $1 AND status IN ('waiting', 'in_transit', 'ready')`, id, at)
	if err != nil {
		return false, fmt.Errorf("cancel hold: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (r *holdRepo) MarkInTransit(ctx context.Context, tx *sql.Tx, id, itemID string) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE holds SET status = 'in_transit', item_id = $2
		 WHERE id = $1 AND status = 'waiting'`, id, itemID)
	return err
}

// MarkReady moves an in-transit hold to the pickup shelf and returns the
// hold as it stands afterwards, whether or not this call moved it.
func (r *holdRepo) MarkReady(ctx context.Context, tx *sql.Tx, id string, readyAt, pickupBy time.Time) (domain.Hold, error) {
	if _, err := tx.ExecContext(ctx, `
		UPDATE holds SET status = 'ready', ready_at = $2, pickup_by = $3
		 WHERE id = $1 AND status IN ('waiting', 'in_transit')`, id, readyAt, pickupBy); err != nil {
		return domain.Hold{}, fmt.Errorf("mark hold ready: %w", err)
	}
	h, err := scanHold(tx.QueryRowContext(ctx, `SELECT `+holdColumns+` FROM holds WHERE id = $1`, id))
	if err != nil {
		return h, notFound(err, "hold "+id)
	}
	return h, nil
}

// ExpireUncollected closes every ready hold whose pickup window has passed.
func (r *holdRepo) ExpireUncollected(ctx context.Context, now time.Time) (int64, error) {
	res, err := r.db.ExecContext(ctx, `
		UPDATE holds SET status = 'expired'
		 WHERE status = 'ready' AND pickup_by < $1`, now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
