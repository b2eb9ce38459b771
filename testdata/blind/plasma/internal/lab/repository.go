package lab

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Repository persists samples, results and sample history.
type Repository interface {
	GetSample(ctx context.Context, db pgstore.DBTX, id string) (Sample, error)
	LockSample(ctx context.Context, tx pgx.Tx, id string) (Sample, error)
	MarkOrdered(ctx context.Context, db pgstore.DBTX, id, orderRef string, at time.Time) error
	InsertResult(ctx context.Context, db pgstore.DBTX, r Result) error
	MarkResulted(ctx context.Context, db pgstore.DBTX, id string, at time.Time) error
	MarkRejected(ctx context.Context, db pgstore.DBTX, id, reason string) (bool, error)
	RejectUnit(ctx context.Context, db pgstore.DBTX, unitID, reason string) error
	AppendEvent(ctx context.Context, db pgstore.DBTX, e SampleEvent) error
}

type pgRepository struct{}

// NewRepository returns the Postgres repository.
func NewRepository() Repository { return pgRepository{} }

const sampleSelect = `
	SELECT s.id, s.unit_id, s.tube_barcode, s.panel, s.status, COALESCE(s.partner_order_ref, ''), s.ordered_at,
	       u.collected_at, u.centre_id
	  FROM lab_samples s
	  JOIN plasma_units u ON u.id = s.unit_id`

func scanSample(row pgx.Row) (Sample, error) {
	var s Sample
	err := row.Scan(&s.ID, &s.UnitID, &s.TubeBarcode, &s.Panel, &s.Status, &s.PartnerOrderRef, &s.OrderedAt,
		&s.CollectedAt, &s.CentreID)
	return s, err
}

func (pgRepository) GetSample(ctx context.Context, db pgstore.DBTX, id string) (Sample, error) {
	s, err := scanSample(db.QueryRow(ctx, sampleSelect+` WHERE s.id = $1`, id))
	if pgstore.IsNoRows(err) {
		return Sample{}, apperr.NotFound("sample %s not found", id)
	}
	if err != nil {
		return Sample{}, fmt.Errorf("get sample: %w", err)
	}
	return s, nil
}

func (pgRepository) LockSample(ctx context.Context, tx pgx.Tx, id string) (Sample, error) {
	s, err := scanSample(tx.QueryRow(ctx, sampleSelect+` WHERE s.id = $1 FOR UPDATE OF s`, id))
	if pgstore.IsNoRows(err) {
		return Sample{}, apperr.NotFound("sample %s not found", id)
	}
	if err != nil {
		return Sample{}, fmt.Errorf("lock sample: %w", err)
	}
	return s, nil
}

func (pgRepository) MarkOrdered(ctx context.Context, db pgstore.DBTX, id, orderRef string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE lab_samples SET status = 'ordered', partner_order_ref = $2, ordered_at = $3
		 WHERE id = $1 AND status = 'pending'`, id, orderRef, at)
	if err != nil {
		return fmt.Errorf("mark sample ordered: %w", err)
	}
	return nil
}

func (pgRepository) InsertResult(ctx context.Context, db pgstore.DBTX, r Result) error {
	_, err := db.Exec(ctx, `
		INSERT INTO lab_results (id, sample_id, test_code, outcome, value, method, resulted_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		r.ID, r.SampleID, r.TestCode, r.Outcome, r.Value, r.Method, r.ResultedAt)
	if err != nil {
		return fmt.Errorf("insert lab result %s/%s: %w", r.SampleID, r.TestCode, err)
	}
	return nil
}

func (pgRepository) MarkResulted(ctx context.Context, db pgstore.DBTX, id string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE lab_samples SET status = 'resulted', resulted_at = $2
		 WHERE id = $1 AND status IN ('pending', 'ordered')`, id, at)
	if err != nil {
		return fmt.Errorf("mark sample resulted: %w", err)
	}
	return nil
}

func (pgRepository) MarkRejected(ctx context.Context, db pgstore.DBTX, id, reason string) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE lab_samples SET status = 'rejected', rejection_reason = $2
		 WHERE id = $1 AND status IN ('pending', 'ordered')`, id, reason)
	if err != nil {
		return false, fmt.Errorf("mark sample rejected: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (pgRepository) RejectUnit(ctx context.Context, db pgstore.DBTX, unitID, reason string) error {
	_, err := db.Exec(ctx, `
		UPDATE plasma_units SET status = 'rejected', status_reason = $2
		 WHERE id = $1 AND status = 'quarantined'`, unitID, reason)
	if err != nil {
		return fmt.Errorf("reject unit: %w", err)
	}
	return nil
}

func (pgRepository) AppendEvent(ctx context.Context, db pgstore.DBTX, e SampleEvent) error {
	_, err := db.Exec(ctx, `
		INSERT INTO lab_sample_events (id, sample_id, event_type, detail, occurred_at)
		VALUES ($1, $2, $3, $4, $5)`,
		e.ID, e.SampleID, e.EventType, e.Detail, e.OccurredAt)
	if err != nil {
		return fmt.Errorf("append sample event: %w", err)
	}
	return nil
}
