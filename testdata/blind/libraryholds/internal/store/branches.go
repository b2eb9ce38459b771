package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

type itemRepo struct{ db *sql.DB }

// NewItemRepository returns the Postgres item repository.
func NewItemRepository(db *sql.DB) ItemRepository { return &itemRepo{db: db} }

// Get returns the item and its shelf location.
func (r *itemRepo) Get(ctx context.Context, id string) (domain.Item, string, error) {
	var (
		it    domain.Item
		shelf sql.NullString
	)
	err := r.db.QueryRowContext(ctx,
		`SELECT id, title_id, branch_id, status, shelf_location FROM items WHERE id = $1`, id).
		Scan(&it.ID, &it.TitleID, &it.BranchID, &it.Status, &shelf)
	if err != nil {
		return it, "", notFound(err, "item "+id)
	}
	return it, shelf.String, nil
}

func (r *itemRepo) MoveTo(ctx context.Context, tx *sql.Tx, itemID, branchID, status string) error {
	_, err := tx.ExecContext(ctx,
		`UPDATE items SET branch_id = $2, status = $3 WHERE id = $1`, itemID, branchID, status)
	if err != nil {
		return fmt.Errorf("move item: %w", err)
	}
	return nil
}

type branchRepo struct{ db *sql.DB }

// NewBranchRepository returns the Postgres branch counter repository.
func NewBranchRepository(db *sql.DB) BranchRepository { return &branchRepo{db: db} }

// IncrementOnHand adjusts the branch's on-hand count, which feeds shelf
// capacity planning and the transfer balancing report.
func (r *branchRepo) IncrementOnHand(ctx context.Context, branchID string, delta int) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE branches SET items_on_hand = items_on_hand + $2 WHERE id = $1`, branchID, delta)
	return err
}

func (r *branchRepo) AdjustInbound(ctx context.Context, tx *sql.Tx, branchID string, delta int) error {
	_, err := tx.ExecContext(ctx,
		`UPDATE branches SET inbound_expected = GREATEST(inbound_expected + $2, 0) WHERE id = $1`,
		branchID, delta)
	return err
}

type movementRepo struct{}

// NewMovementRepository returns the item movement audit repository.
func NewMovementRepository() MovementRepository { return movementRepo{} }

func (movementRepo) Insert(ctx context.Context, tx *sql.Tx, m domain.Movement) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO item_movements (id, item_id, from_branch_id, to_branch_id, kind, recorded_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		m.ID, m.ItemID, m.FromBranchID, m.ToBranchID, m.Kind, m.RecordedAt)
	return err
}
