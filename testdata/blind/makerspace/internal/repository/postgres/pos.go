package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
)

// POSRepo implements repository.POSRepository.
type POSRepo struct{ db *sqlx.DB }

func NewPOSRepo(db *sqlx.DB) *POSRepo { return &POSRepo{db: db} }

const saleColumns = `id, kiosk_id, member_id, payment_method, kiosk_txn_id, total_cents, status,
	processor_charge_id, created_at, updated_at`

func (r *POSRepo) GetPacks(ctx context.Context, skus []string) (map[string]domain.MaterialPack, error) {
	query, args, err := sqlx.In(`SELECT sku, name, price_cents, stock, updated_at FROM material_packs WHERE sku IN (?)`, skus)
	if err != nil {
		return nil, err
	}
	q := dbx.Conn(ctx, r.db)
	var packs []domain.MaterialPack
	if err := q.SelectContext(ctx, &packs, q.Rebind(query), args...); err != nil {
		return nil, err
	}
	out := make(map[string]domain.MaterialPack, len(packs))
	for _, p := range packs {
		out[p.SKU] = p
	}
	return out, nil
}

func (r *POSRepo) DecrementStock(ctx context.Context, sku string, qty int) error {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE material_packs SET stock = stock - $2, updated_at = now()
		 WHERE sku = $1 AND stock >= $2`, sku, qty)
	if err != nil {
		return err
	}
	if dbx.RowsAffected(res) == 0 {
		return fmt.Errorf("%s: %w", sku, domain.ErrOutOfStock)
	}
	return nil
}

func (r *POSRepo) IncrementStock(ctx context.Context, sku string, qty int) error {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx,
		`UPDATE material_packs SET stock = stock + $2, updated_at = now() WHERE sku = $1`, sku, qty)
	if err != nil {
		return err
	}
	if dbx.RowsAffected(res) == 0 {
		return fmt.Errorf("sku %s: %w", sku, domain.ErrNotFound)
	}
	return nil
}

func (r *POSRepo) InsertSale(ctx context.Context, s *domain.Sale) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO pos_sales (`+saleColumns+`)
		VALUES (:id, :kiosk_id, :member_id, :payment_method, :kiosk_txn_id, :total_cents, :status,
			:processor_charge_id, :created_at, :updated_at)`, s)
	return err
}

func (r *POSRepo) InsertLines(ctx context.Context, lines []domain.SaleLine) error {
	if len(lines) == 0 {
		return nil
	}
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO pos_sale_lines (sale_id, sku, quantity, unit_price_cents)
		VALUES (:sale_id, :sku, :quantity, :unit_price_cents)`, lines)
	return err
}

// UpsertCardSale records a card sale keyed by (kiosk_id, kiosk_txn_id) and
// returns the stored row, which is the earlier one when the kiosk retries.
func (r *POSRepo) UpsertCardSale(ctx context.Context, s *domain.Sale) (*domain.Sale, error) {
	var out domain.Sale
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &out, `
		INSERT INTO pos_sales (`+saleColumns+`)
		VALUES ($1, $2, $3, 'card', $4, $5, 'pending', NULL, $6, $6)
		ON CONFLICT (kiosk_id, kiosk_txn_id) WHERE kiosk_txn_id IS NOT NULL
		DO UPDATE SET updated_at = pos_sales.updated_at
		RETURNING `+saleColumns,
		s.ID, s.KioskID, s.MemberID, s.KioskTxnID, s.TotalCents, s.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (r *POSRepo) GetSale(ctx context.Context, id string) (*domain.Sale, error) {
	q := dbx.Conn(ctx, r.db)
	var s domain.Sale
	if err := q.GetContext(ctx, &s, `SELECT `+saleColumns+` FROM pos_sales WHERE id = $1`, id); err != nil {
		return nil, notFound(err, "sale "+id)
	}
	if err := q.SelectContext(ctx, &s.Lines,
		`SELECT sale_id, sku, quantity, unit_price_cents FROM pos_sale_lines WHERE sale_id = $1 ORDER BY sku`, id); err != nil {
		return nil, err
	}
	return &s, nil
}

func (r *POSRepo) MarkSalePaid(ctx context.Context, id, chargeID string, now time.Time) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE pos_sales SET status = 'paid', processor_charge_id = $2, updated_at = $3
		 WHERE id = $1 AND status IN ('pending', 'failed')`, id, chargeID, now)
	return err
}

func (r *POSRepo) MarkSaleFailed(ctx context.Context, id string, now time.Time) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE pos_sales SET status = 'failed', updated_at = $2
		 WHERE id = $1 AND status = 'pending'`, id, now)
	return err
}

func (r *POSRepo) SetSaleStatus(ctx context.Context, id string, status domain.SaleStatus, now time.Time) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx,
		`UPDATE pos_sales SET status = $2, updated_at = $3 WHERE id = $1`, id, status, now)
	return err
}

// InsertRefundIfAbsent records a refund request keyed by (sale_id,
// refund_request_id) and returns the stored row.
func (r *POSRepo) InsertRefundIfAbsent(ctx context.Context, rf *domain.Refund) (*domain.Refund, error) {
	var out domain.Refund
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &out, `
		INSERT INTO pos_refunds (id, sale_id, refund_request_id, amount_cents, reason, status, created_at)
		VALUES ($1, $2, $3, $4, $5, 'pending', $6)
		ON CONFLICT ON CONSTRAINT pos_refunds_request_key
		DO UPDATE SET reason = pos_refunds.reason
		RETURNING id, sale_id, refund_request_id, amount_cents, reason, status, processor_refund_id, created_at`,
		rf.ID, rf.SaleID, rf.RefundRequestID, rf.AmountCents, rf.Reason, rf.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (r *POSRepo) RefundedTotal(ctx context.Context, saleID string) (int64, error) {
	var total int64
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &total, `
		SELECT coalesce(sum(amount_cents), 0) FROM pos_refunds
		 WHERE sale_id = $1 AND status <> 'failed'`, saleID)
	return total, err
}

func (r *POSRepo) MarkRefund(ctx context.Context, id, status string, processorRefundID *string) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE pos_refunds SET status = $2, processor_refund_id = coalesce($3, processor_refund_id)
		 WHERE id = $1`, id, status, processorRefundID)
	return err
}

func (r *POSRepo) InsertRestock(ctx context.Context, rs *domain.Restock) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO inventory_restocks (id, sku, quantity, supplier, received_at)
		VALUES (:id, :sku, :quantity, :supplier, :received_at)`, rs)
	return err
}
