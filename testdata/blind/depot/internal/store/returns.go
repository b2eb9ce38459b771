package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/queries"
)

// ReturnRepo stores return authorizations.
type ReturnRepo struct {
	db *sqlx.DB
}

// Insert writes a return and its lines.
func (r *ReturnRepo) Insert(ctx context.Context, tx *sqlx.Tx, rt domain.Return) error {
	if _, err := db.Exec(ctx, tx, queries.InsertReturn,
		rt.ID, rt.MerchantID, rt.OrderID, rt.Reason, rt.CreatedAt); err != nil {
		return err
	}
	for _, l := range rt.Lines {
		if _, err := db.Exec(ctx, tx, queries.InsertReturnLine, rt.ID, l.SKU, l.Qty); err != nil {
			return err
		}
	}
	return nil
}

// Get loads a return with its lines.
func (r *ReturnRepo) Get(ctx context.Context, q db.Queryer, id string) (domain.Return, error) {
	rt, err := db.Get[domain.Return](ctx, q, queries.GetReturn, id)
	if err != nil {
		return rt, notFound(err)
	}
	rt.Lines, err = db.Select[domain.ReturnLine](ctx, q, queries.ListReturnLines, id)
	return rt, err
}

// SetLabel stores the return label on the RMA.
func (r *ReturnRepo) SetLabel(ctx context.Context, id, carrier, tracking, url string) error {
	_, err := db.Exec(ctx, r.db, queries.SetReturnLabel, id, carrier, tracking, url)
	return err
}

// MarkReceived closes an RMA at the returns bench; false if it was not in
// a receivable state.
func (r *ReturnRepo) MarkReceived(ctx context.Context, tx *sqlx.Tx, id string, at time.Time) (bool, error) {
	n, err := db.Exec(ctx, tx, queries.MarkReturnReceived, id, at)
	return n == 1, err
}

// SetLineCondition records the graded condition of a returned SKU.
func (r *ReturnRepo) SetLineCondition(ctx context.Context, tx *sqlx.Tx, id, sku, condition string) error {
	_, err := db.Exec(ctx, tx, queries.SetReturnLineCondition, id, sku, condition)
	return err
}
