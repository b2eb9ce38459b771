// Package settlement imports partner settlement files, reconciles them
// against our payouts and closes partner positions. It runs on raw SQL
// (pgxpool) because files carry tens of thousands of lines.
package settlement

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sendhome/remit/internal/payout"
)

type File struct {
	ID           string
	Partner      string
	BusinessDate time.Time
	Currency     string
	Status       string
}

type Line struct {
	ID         uuid.UUID
	FileID     string
	Partner    string
	PartnerRef string
	Amount     int64
	Fee        int64
	Currency   string
}

type PayoutRow struct {
	ID       uuid.UUID
	Amount   int64
	Currency string
	Status   string
}

type Adjustment struct {
	ID       uuid.UUID
	FileID   string
	LineID   uuid.UUID
	PayoutID *uuid.UUID
	Kind     string
	Amount   int64
	Currency string
}

type Position struct {
	Currency string
	Net      int64
}

// Store is the raw-SQL repository for settlement data.
type Store interface {
	ImportFile(ctx context.Context, f File, lines []payout.SettlementLine) (int, error)
	KnownFiles(ctx context.Context, partner string, ids []string) (map[string]bool, error)
	FilesInStatus(ctx context.Context, status string, limit int) ([]File, error)
	Lines(ctx context.Context, fileID string) ([]Line, error)
	PayoutByRef(ctx context.Context, partner, ref string) (*PayoutRow, error)
	InsertAdjustment(ctx context.Context, a Adjustment) error
	FinishReconciliation(ctx context.Context, fileID string, lineStatus map[uuid.UUID]string) error
	ClosePositions(ctx context.Context, partner string, day time.Time) ([]Position, error)
}

type pgStore struct{ pool *pgxpool.Pool }

func NewStore(pool *pgxpool.Pool) Store { return &pgStore{pool: pool} }

func (s *pgStore) ImportFile(ctx context.Context, f File, lines []payout.SettlementLine) (int, error) {
	var net int64
	for _, l := range lines {
		net += l.Amount - l.Fee
	}
	inserted := 0
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO settlement_files (id, partner, business_date, status, line_count, net_amount, currency)
			VALUES ($1, $2, $3, 'imported', $4, $5, $6)
			ON CONFLICT (id) DO NOTHING`,
			f.ID, f.Partner, f.BusinessDate, len(lines), net, f.Currency)
		if err != nil {
			return fmt.Errorf("insert settlement file: %w", err)
		}
		batch := &pgx.Batch{}
		for _, l := range lines {
			batch.Queue(`
				INSERT INTO settlement_lines (id, file_id, partner, partner_ref, amount, fee, currency)
				VALUES ($1, $2, $3, $4, $5, $6, $7)
				ON CONFLICT (file_id, partner_ref) DO NOTHING`,
				uuid.New(), f.ID, f.Partner, l.PartnerRef, l.Amount, l.Fee, l.Currency)
		}
		br := tx.SendBatch(ctx, batch)
		for range lines {
			tag, err := br.Exec()
			if err != nil {
				br.Close()
				return fmt.Errorf("insert settlement line: %w", err)
			}
			inserted += int(tag.RowsAffected())
		}
		return br.Close()
	})
	return inserted, err
}

func (s *pgStore) KnownFiles(ctx context.Context, partner string, ids []string) (map[string]bool, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM settlement_files WHERE partner = $1 AND id = ANY($2)`, partner, ids)
	if err != nil {
		return nil, err
	}
	known, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(known))
	for _, id := range known {
		out[id] = true
	}
	return out, nil
}

func (s *pgStore) FilesInStatus(ctx context.Context, status string, limit int) ([]File, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT id, partner, business_date, currency, status
		FROM settlement_files WHERE status = $1
		ORDER BY business_date, id LIMIT $2`, status, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (File, error) {
		var f File
		err := r.Scan(&f.ID, &f.Partner, &f.BusinessDate, &f.Currency, &f.Status)
		return f, err
	})
}

func (s *pgStore) Lines(ctx context.Context, fileID string) ([]Line, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT id, file_id, partner, partner_ref, amount, fee, currency
		FROM settlement_lines WHERE file_id = $1 ORDER BY partner_ref`, fileID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Line, error) {
		var l Line
		err := r.Scan(&l.ID, &l.FileID, &l.Partner, &l.PartnerRef, &l.Amount, &l.Fee, &l.Currency)
		return l, err
	})
}

func (s *pgStore) PayoutByRef(ctx context.Context, partner, ref string) (*PayoutRow, error) {
	var p PayoutRow
	err := s.pool.QueryRow(ctx, `
		SELECT id, amount, currency, status FROM payouts
		WHERE partner = $1 AND partner_ref = $2
		ORDER BY created_at DESC LIMIT 1`, partner, ref).
		Scan(&p.ID, &p.Amount, &p.Currency, &p.Status)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}

func (s *pgStore) InsertAdjustment(ctx context.Context, a Adjustment) error {
	_, err := s.pool.Exec(ctx, `
		INSERT INTO settlement_adjustments (id, file_id, line_id, payout_id, kind, amount, currency)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		a.ID, a.FileID, a.LineID, a.PayoutID, a.Kind, a.Amount, a.Currency)
	return err
}

func (s *pgStore) FinishReconciliation(ctx context.Context, fileID string, lineStatus map[uuid.UUID]string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for id, st := range lineStatus {
			if _, err := tx.Exec(ctx, `UPDATE settlement_lines SET status = $2 WHERE id = $1`, id, st); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `UPDATE settlement_files SET status = 'reconciled' WHERE id = $1 AND status = 'imported'`, fileID)
		return err
	})
}

var ErrUnreconciled = errors.New("settlement: files for the day are not reconciled yet")

// ClosePositions recomputes the partner's net position for the day and marks
// its files closed, in one transaction. Running it again yields the same rows.
func (s *pgStore) ClosePositions(ctx context.Context, partner string, day time.Time) ([]Position, error) {
	var out []Position
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var pending int
		if err := tx.QueryRow(ctx, `
			SELECT count(*) FROM settlement_files
			WHERE partner = $1 AND business_date = $2 AND status IN ('received', 'imported')`,
			partner, day).Scan(&pending); err != nil {
			return err
		}
		if pending > 0 {
			return ErrUnreconciled
		}
		rows, err := tx.Query(ctx, `
			SELECT l.currency, coalesce(sum(l.amount - l.fee), 0)
			FROM settlement_lines l JOIN settlement_files f ON f.id = l.file_id
			WHERE f.partner = $1 AND f.business_date = $2
			GROUP BY l.currency`, partner, day)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Position, error) {
			var p Position
			err := r.Scan(&p.Currency, &p.Net)
			return p, err
		})
		if err != nil {
			return err
		}
		for _, p := range out {
			if _, err := tx.Exec(ctx, `
				INSERT INTO partner_positions (partner, business_date, currency, net_amount)
				VALUES ($1, $2, $3, $4)
				ON CONFLICT (partner, business_date, currency)
				DO UPDATE SET net_amount = EXCLUDED.net_amount, closed_at = now()`,
				partner, day, p.Currency, p.Net); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `
			UPDATE settlement_files SET status = 'closed'
			WHERE partner = $1 AND business_date = $2 AND status = 'reconciled'`, partner, day)
		return err
	})
	return out, err
}
