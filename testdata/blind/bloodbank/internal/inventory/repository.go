// Package inventory manages component stock: reservation for orders and
// transfers, and expiry write-offs.
package inventory

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// Repository reads and moves stock. Methods taking a database.Ext run on
// whatever handle the caller passes: the pool or a transaction.
type Repository interface {
	// ReserveForOrder marks up to n available units matching kind and group
	// as reserved for the order, oldest expiry first, and returns their IDs.
	ReserveForOrder(ctx context.Context, q database.Ext, orderID uuid.UUID, kind domain.ComponentKind, group string, n int) ([]uuid.UUID, error)
	// ReserveForTransfer moves up to n available units into transit for a
	// cross-border transfer.
	ReserveForTransfer(ctx context.Context, q database.Ext, transferID uuid.UUID, kind domain.ComponentKind, group string, n int) ([]uuid.UUID, error)
	ReleaseOrder(ctx context.Context, q database.Ext, orderID uuid.UUID) (int64, error)
	IssueOrder(ctx context.Context, q database.Ext, orderID uuid.UUID) (int64, error)
	ExpireDue(ctx context.Context, tx *sqlx.Tx, asOf time.Time) ([]uuid.UUID, error)
	RecordWriteOffs(ctx context.Context, tx *sqlx.Tx, ids []uuid.UUID, reason string) error
}

type pgRepository struct{ db *sqlx.DB }

func NewRepository(db *sqlx.DB) Repository { return &pgRepository{db: db} }

const reserveSQL = `
UPDATE components c
   SET status = $1, %s = $2, updated_at = now()
 WHERE c.id IN (
        SELECT id FROM components
         WHERE status = 'available' AND kind = $3 AND blood_group = $4 AND expires_at > now()
         ORDER BY expires_at
         LIMIT $5
         FOR UPDATE SKIP LOCKED)
RETURNING c.id`

func (r *pgRepository) reserve(ctx context.Context, q database.Ext, column, status string, owner uuid.UUID,
	kind domain.ComponentKind, group string, n int) ([]uuid.UUID, error) {
	var out []uuid.UUID
	query := fmtColumn(reserveSQL, column)
	err := sqlx.SelectContext(ctx, q, &out, query, status, owner, kind, group, n)
	return out, err
}

func (r *pgRepository) ReserveForOrder(ctx context.Context, q database.Ext, orderID uuid.UUID, kind domain.ComponentKind, group string, n int) ([]uuid.UUID, error) {
	return r.reserve(ctx, q, "order_id", "reserved", orderID, kind, group, n)
}

func (r *pgRepository) ReserveForTransfer(ctx context.Context, q database.Ext, transferID uuid.UUID, kind domain.ComponentKind, group string, n int) ([]uuid.UUID, error) {
	return r.reserve(ctx, q, "transfer_id", "in_transit", transferID, kind, group, n)
}

func (r *pgRepository) ReleaseOrder(ctx context.Context, q database.Ext, orderID uuid.UUID) (int64, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE components SET status = 'available', order_id = NULL, updated_at = now()
		 WHERE order_id = $1 AND status = 'reserved'`, orderID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r *pgRepository) IssueOrder(ctx context.Context, q database.Ext, orderID uuid.UUID) (int64, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE components SET status = 'issued', updated_at = now()
		 WHERE order_id = $1 AND status = 'reserved'`, orderID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r *pgRepository) ExpireDue(ctx context.Context, tx *sqlx.Tx, asOf time.Time) ([]uuid.UUID, error) {
	var out []uuid.UUID
	err := tx.SelectContext(ctx, &out, `
		UPDATE components SET status = 'expired', updated_at = now()
		 WHERE status IN ('quarantine', 'available') AND expires_at <= $1
		RETURNING id`, asOf)
	return out, err
}

func (r *pgRepository) RecordWriteOffs(ctx context.Context, tx *sqlx.Tx, ids []uuid.UUID, reason string) error {
	if len(ids) == 0 {
		return nil
	}
	strs := make([]string, len(ids))
	for i, id := range ids {
		strs[i] = id.String()
	}
	_, err := tx.ExecContext(ctx, `
		INSERT INTO component_writeoffs (component_id, reason)
		SELECT unnest($1::uuid[]), $2
		ON CONFLICT (component_id) DO NOTHING`, pq.Array(strs), reason)
	return err
}
