package repo

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
)

type Settlement struct {
	base
	newID ids.Generator
}

func NewSettlement(db *bun.DB) *Settlement {
	return &Settlement{base: base{db}, newID: ids.NewULID}
}

func (r *Settlement) WithTx(tx bun.IDB) *Settlement {
	return &Settlement{base: base{tx}, newID: r.newID}
}

func (r *Settlement) ActiveWholesalers(ctx context.Context) ([]domain.Wholesaler, error) {
	var out []domain.Wholesaler
	err := r.conn(ctx).NewSelect().Model(&out).Where("active").OrderExpr("id").Scan(ctx)
	return out, err
}

// OpenBatch returns the batch for a wholesaler's business day, creating it
// on the first run for that day.
func (r *Settlement) OpenBatch(ctx context.Context, wholesalerID string, day time.Time) (*domain.SettlementBatch, error) {
	b := &domain.SettlementBatch{
		ID:           r.newID(),
		WholesalerID: wholesalerID,
		BusinessDate: day,
		Status:       domain.BatchOpen,
	}
	err := r.conn(ctx).NewInsert().Model(b).
		On("CONFLICT (wholesaler_id, business_date) DO UPDATE").
		Set("updated_at = now()").
		Returning("*").
		Scan(ctx)
	return b, err
}

func (r *Settlement) Batch(ctx context.Context, id string) (*domain.SettlementBatch, error) {
	b := new(domain.SettlementBatch)
	err := r.conn(ctx).NewSelect().Model(b).Where("id = ?", id).Scan(ctx)
	return b, mapErr(err)
}

func (r *Settlement) BatchByLot(ctx context.Context, lotID string) (*domain.SettlementBatch, error) {
	b := new(domain.SettlementBatch)
	err := r.conn(ctx).NewSelect().Model(b).Where("partner_lot_id = ?", lotID).Scan(ctx)
	return b, mapErr(err)
}

func (r *Settlement) MarkSubmitted(ctx context.Context, id, lotID, invoiceID string, count int, total int64) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.SettlementBatch)(nil)).
		Set("status = ?", domain.BatchSubmitted).
		Set("partner_lot_id = ?", lotID).
		Set("invoice_id = ?", invoiceID).
		Set("copy_count = ?", count).
		Set("total_cents = ?", total).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *Settlement) SetPickupRef(ctx context.Context, id, ref string) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.SettlementBatch)(nil)).
		Set("pickup_ref = ?", ref).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *Settlement) MarkPaid(ctx context.Context, lotID string, at time.Time) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.SettlementBatch)(nil)).
		Set("status = ?", domain.BatchPaid).
		Set("paid_at = ?", at).
		Set("updated_at = now()").
		Where("partner_lot_id = ?", lotID).
		Where("status = ?", domain.BatchSubmitted).
		Exec(ctx)
	return err
}

// AddReceipt stores the wholesaler's receiving count for a lot.
func (r *Settlement) AddReceipt(ctx context.Context, rc *domain.WholesaleReceipt) error {
	_, err := r.conn(ctx).NewInsert().Model(rc).Exec(ctx)
	return err
}

// ClaimRegrade marks a regrade task as applied on the caller's transaction.
func (r *Settlement) ClaimRegrade(ctx context.Context, taskID, lotID string) (bool, error) {
	res, err := r.conn(ctx).NewRaw(
		"INSERT INTO regrade_applications (task_id, partner_lot_id) VALUES (?, ?) ON CONFLICT (task_id) DO NOTHING",
		taskID, lotID,
	).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
