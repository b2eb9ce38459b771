package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/skyway-air/ancillaries/internal/domain"
)

const accrualColumns = `id, order_item_id, pnr, loyalty_number, miles, source, reason, status,
	partner_txn_id, business_date, created_at`

type accrualRepo struct{ q sqlx.ExtContext }

func (r accrualRepo) Create(ctx context.Context, a domain.MilesAccrual) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO miles_accruals (id, order_item_id, pnr, loyalty_number, miles, source, reason,
			status, business_date)
		VALUES (:id, :order_item_id, :pnr, :loyalty_number, :miles, :source, :reason,
			'pending', :business_date)`, a)
	if err != nil {
		return fmt.Errorf("accruals: create: %w", err)
	}
	return nil
}

func (r accrualRepo) CreateForItem(ctx context.Context, a domain.MilesAccrual) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO miles_accruals (id, order_item_id, pnr, loyalty_number, miles, source, reason,
			status, business_date)
		VALUES (:id, :order_item_id, :pnr, :loyalty_number, :miles, :source, :reason,
			'pending', :business_date)
		ON CONFLICT (order_item_id) WHERE order_item_id IS NOT NULL DO NOTHING`, a)
	n, err := affected(res, err)
	if err != nil {
		return false, fmt.Errorf("accruals: create for item: %w", err)
	}
	return n == 1, nil
}

func (r accrualRepo) Get(ctx context.Context, id string) (domain.MilesAccrual, error) {
	var a domain.MilesAccrual
	err := sqlx.GetContext(ctx, r.q, &a, `SELECT `+accrualColumns+` FROM miles_accruals WHERE id = $1`, id)
	return a, notFound(err)
}

func (r accrualRepo) MarkPosted(ctx context.Context, id, partnerTxnID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE miles_accruals SET status = 'posted', partner_txn_id = $2
		WHERE id = $1`, id, partnerTxnID)
	return err
}

func (r accrualRepo) ListPostedOn(ctx context.Context, day time.Time) ([]domain.MilesAccrual, error) {
	var out []domain.MilesAccrual
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT `+accrualColumns+` FROM miles_accruals
		WHERE business_date = $1 AND status = 'posted'
		ORDER BY created_at`, day)
	return out, err
}

func (r accrualRepo) AddStatementLine(ctx context.Context, l domain.StatementLine) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO loyalty_statement_lines (loyalty_number, accrual_id, miles, description, posted_at)
		VALUES (:loyalty_number, :accrual_id, :miles, :description, :posted_at)`, l)
	return err
}

func (r accrualRepo) AddMemberMiles(ctx context.Context, number string, miles int) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO loyalty_member_totals (loyalty_number, miles) VALUES ($1, $2)
		ON CONFLICT (loyalty_number) DO UPDATE SET
			miles = loyalty_member_totals.miles + EXCLUDED.miles, updated_at = now()`, number, miles)
	return err
}

func (r accrualRepo) ClaimBatch(ctx context.Context, b domain.ExportBatch) (domain.ExportBatch, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO loyalty_export_batches (batch_id, business_date, status)
		VALUES (:batch_id, :business_date, 'open')
		ON CONFLICT (batch_id) DO NOTHING`, b)
	if err != nil {
		return domain.ExportBatch{}, fmt.Errorf("accruals: claim batch: %w", err)
	}
	var out domain.ExportBatch
	err = sqlx.GetContext(ctx, r.q, &out, `
		SELECT batch_id, business_date, status, line_count, partner_ref, created_at
		FROM loyalty_export_batches WHERE batch_id = $1`, b.BatchID)
	return out, notFound(err)
}

func (r accrualRepo) MarkBatchUploaded(ctx context.Context, batchID, partnerRef string, lines int) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE loyalty_export_batches SET status = 'uploaded', partner_ref = $2, line_count = $3
		WHERE batch_id = $1`, batchID, partnerRef, lines)
	return err
}
