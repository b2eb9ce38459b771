package storage

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/harbourline/marina/internal/domain"
)

type SettlementRepository interface {
	// AddLine records l once per (SourceType, SourceID).
	AddLine(ctx context.Context, l *domain.SettlementLine) (bool, error)
	InsertLine(ctx context.Context, l *domain.SettlementLine) error
	OpenBatch(ctx context.Context, businessDate time.Time) (*domain.SettlementBatch, error)
	AttachLines(ctx context.Context, batchID string, businessDate time.Time) (count int, total int64, err error)
	BatchLines(ctx context.Context, batchID string) ([]domain.SettlementLine, error)
	MarkExported(ctx context.Context, batchID, externalRef string) error
	Acknowledge(ctx context.Context, batchID, externalRef string, at time.Time) (bool, error)
}

type settlementRepo struct{ q Querier }

func (r *settlementRepo) AddLine(ctx context.Context, l *domain.SettlementLine) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		INSERT INTO settlement_lines (business_date, source_type, source_id, account_code, amount_cents, description)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (source_type, source_id) DO NOTHING`,
		l.BusinessDate, l.SourceType, l.SourceID, l.AccountCode, l.AmountCents, l.Description)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *settlementRepo) InsertLine(ctx context.Context, l *domain.SettlementLine) error {
	return r.q.QueryRow(ctx, `
		INSERT INTO settlement_lines (business_date, source_type, source_id, account_code, amount_cents, description)
		VALUES ($1, $2, $3, $4, $5, $6)
		RETURNING id`,
		l.BusinessDate, l.SourceType, l.SourceID, l.AccountCode, l.AmountCents, l.Description).Scan(&l.ID)
}

func (r *settlementRepo) OpenBatch(ctx context.Context, businessDate time.Time) (*domain.SettlementBatch, error) {
	var b domain.SettlementBatch
	var ext *string
	err := r.q.QueryRow(ctx, `
		INSERT INTO settlement_batches (id, business_date)
		VALUES ($1, $2)
		ON CONFLICT (business_date) DO UPDATE SET business_date = EXCLUDED.business_date
		RETURNING id, business_date, status, line_count, total_cents, external_ref`,
		uuid.NewString(), businessDate).
		Scan(&b.ID, &b.BusinessDate, &b.Status, &b.LineCount, &b.TotalCents, &ext)
	if err != nil {
		return nil, err
	}
	if ext != nil {
		b.ExternalRef = *ext
	}
	return &b, nil
}

func (r *settlementRepo) AttachLines(ctx context.Context, batchID string, businessDate time.Time) (int, int64, error) {
	if _, err := r.q.Exec(ctx, `
		UPDATE settlement_lines SET batch_id = $1
		WHERE batch_id IS NULL AND business_date <= $2`, batchID, businessDate); err != nil {
		return 0, 0, err
	}
	var count int
	var total int64
	err := r.q.QueryRow(ctx, `
		UPDATE settlement_batches b
		SET line_count = s.n, total_cents = s.total, status = 'ready'
		FROM (SELECT count(*) AS n, COALESCE(sum(amount_cents), 0) AS total
		      FROM settlement_lines WHERE batch_id = $1) s
		WHERE b.id = $1
		RETURNING b.line_count, b.total_cents`, batchID).Scan(&count, &total)
	return count, total, err
}

func (r *settlementRepo) BatchLines(ctx context.Context, batchID string) ([]domain.SettlementLine, error) {
	rows, err := r.q.Query(ctx, `
		SELECT id, business_date, source_type, source_id, account_code, amount_cents, description
		FROM settlement_lines WHERE batch_id = $1 ORDER BY id`, batchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.SettlementLine
	for rows.Next() {
		var l domain.SettlementLine
		if err := rows.Scan(&l.ID, &l.BusinessDate, &l.SourceType, &l.SourceID, &l.AccountCode, &l.AmountCents, &l.Description); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

func (r *settlementRepo) MarkExported(ctx context.Context, batchID, externalRef string) error {
	_, err := r.q.Exec(ctx, `
		UPDATE settlement_batches SET status = 'exported', external_ref = $2, exported_at = now()
		WHERE id = $1 AND status IN ('open', 'ready')`, batchID, externalRef)
	return err
}

func (r *settlementRepo) Acknowledge(ctx context.Context, batchID, externalRef string, at time.Time) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE settlement_batches
		SET status = 'acknowledged', acknowledged_at = $3, external_ref = COALESCE(external_ref, $2)
		WHERE id = $1 AND status IN ('ready', 'exported')`, batchID, externalRef, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
