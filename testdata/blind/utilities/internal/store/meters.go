package store

import (
	"context"
	"time"

	"github.com/gridwell/utilities/internal/domain"
)

type meterRepo struct{ q Querier }

const meterCols = `id, premise_id, account_id, utility, serial, prepaid, consecutive_estimates`

func (r *meterRepo) Get(ctx context.Context, id string) (*domain.Meter, error) {
	var m domain.Meter
	if err := r.q.GetContext(ctx, &m, `SELECT `+meterCols+` FROM meters WHERE id = ?`, id); err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *meterRepo) GetBySerial(ctx context.Context, serial string) (*domain.Meter, error) {
	var m domain.Meter
	if err := r.q.GetContext(ctx, &m, `SELECT `+meterCols+` FROM meters WHERE serial = ?`, serial); err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *meterRepo) ListByAccount(ctx context.Context, accountID string) ([]domain.Meter, error) {
	var ms []domain.Meter
	err := r.q.SelectContext(ctx, &ms, `SELECT `+meterCols+` FROM meters WHERE account_id = ? ORDER BY id`, accountID)
	return ms, err
}

func (r *meterRepo) IncrementEstimates(ctx context.Context, id string) (int, error) {
	if _, err := r.q.ExecContext(ctx,
		`UPDATE meters SET consecutive_estimates = consecutive_estimates + 1 WHERE id = ?`, id); err != nil {
		return 0, err
	}
	var n int
	err := r.q.GetContext(ctx, &n, `SELECT consecutive_estimates FROM meters WHERE id = ?`, id)
	return n, err
}

func (r *meterRepo) ResetEstimates(ctx context.Context, id string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE meters SET consecutive_estimates = 0 WHERE id = ?`, id)
	return err
}

type readingRepo struct{ q Querier }

// Upsert stores a head-end reading. The head-end resends intervals it is not
// sure we received, so the natural key decides.
func (r *readingRepo) Upsert(ctx context.Context, rd domain.Reading) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO meter_readings (meter_id, register, read_at, value, source, received_at)
		VALUES (:meter_id, :register, :read_at, :value, :source, :received_at)
		ON DUPLICATE KEY UPDATE value = VALUES(value), source = VALUES(source)`, rd)
	return err
}

func (r *readingRepo) InsertIfAbsent(ctx context.Context, rd domain.Reading) (bool, error) {
	res, err := r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO meter_readings (meter_id, register, read_at, value, source, received_at)
		VALUES (:meter_id, :register, :read_at, :value, :source, :received_at)`, rd)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *readingRepo) ListBetween(ctx context.Context, meterID, register string, from, to time.Time) ([]domain.Reading, error) {
	var out []domain.Reading
	err := r.q.SelectContext(ctx, &out, `
		SELECT meter_id, register, read_at, value, source, received_at
		FROM meter_readings
		WHERE meter_id = ? AND register = ? AND read_at >= ? AND read_at < ?
		ORDER BY read_at`, meterID, register, from, to)
	return out, err
}

func (r *readingRepo) InsertEstimate(ctx context.Context, e domain.EstimatedReading) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO estimated_readings
			(id, meter_id, register, period_start, period_end, value, method, workflow_id, created_at)
		VALUES
			(:id, :meter_id, :register, :period_start, :period_end, :value, :method, :workflow_id, :created_at)`, e)
	return err
}

func (r *readingRepo) ListEstimates(ctx context.Context, meterID string, from, to time.Time) ([]domain.EstimatedReading, error) {
	var out []domain.EstimatedReading
	err := r.q.SelectContext(ctx, &out, `
		SELECT id, meter_id, register, period_start, period_end, value, method, workflow_id, created_at
		FROM estimated_readings
		WHERE meter_id = ? AND period_start >= ? AND period_end <= ?`, meterID, from, to)
	return out, err
}
