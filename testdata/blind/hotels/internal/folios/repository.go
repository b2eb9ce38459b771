// Package folios keeps guest folios (the running bill of a stay).
package folios

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// Folio is a bill attached to a reservation.
type Folio struct {
	ID            string `json:"id"`
	ReservationID string `json:"reservation_id"`
	Label         string `json:"label"`
	Status        string `json:"status"`
	BalanceMinor  int64  `json:"balance_minor"`
	Currency      string `json:"currency"`
}

// Line is a posted charge or credit.
type Line struct {
	ID          string `json:"id"`
	FolioID     string `json:"folio_id"`
	Code        string `json:"code"`
	Description string `json:"description"`
	AmountMinor int64  `json:"amount_minor"`
	PostedBy    string `json:"posted_by"`
}

// Repository persists folios.
type Repository interface {
	CreateFolio(ctx context.Context, f *Folio) error
	GetFolio(ctx context.Context, id string) (*Folio, error)
	InsertLine(ctx context.Context, l *Line) error
	GetLine(ctx context.Context, id string) (*Line, error)
	AddToBalance(ctx context.Context, folioID string, delta int64) error
}

type pgRepository struct{ db *sql.DB }

// NewRepository returns the Postgres implementation.
func NewRepository(db *sql.DB) Repository { return &pgRepository{db: db} }

func (r *pgRepository) CreateFolio(ctx context.Context, f *Folio) error {
	_, err := sqldb.Conn(ctx, r.db).ExecContext(ctx,
		`INSERT INTO folios (id, reservation_id, label, status, currency) VALUES ($1, $2, $3, 'open', $4)`,
		f.ID, f.ReservationID, f.Label, f.Currency)
	if err != nil {
		return fmt.Errorf("folios: create: %w", err)
	}
	f.Status = "open"
	return nil
}

func (r *pgRepository) GetFolio(ctx context.Context, id string) (*Folio, error) {
	var f Folio
	err := sqldb.Conn(ctx, r.db).QueryRowContext(ctx,
		`SELECT id, reservation_id, label, status, balance_minor, currency FROM folios WHERE id = $1`, id).
		Scan(&f.ID, &f.ReservationID, &f.Label, &f.Status, &f.BalanceMinor, &f.Currency)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return &f, err
}

func (r *pgRepository) InsertLine(ctx context.Context, l *Line) error {
	_, err := sqldb.Conn(ctx, r.db).ExecContext(ctx,
		`INSERT INTO folio_lines (id, folio_id, code, description, amount_minor, posted_by) VALUES ($1, $2, $3, $4, $5, $6)`,
		l.ID, l.FolioID, l.Code, l.Description, l.AmountMinor, l.PostedBy)
	return err
}

func (r *pgRepository) GetLine(ctx context.Context, id string) (*Line, error) {
	var l Line
	err := sqldb.Conn(ctx, r.db).QueryRowContext(ctx,
		`SELECT id, folio_id, code, description, amount_minor, posted_by FROM folio_lines WHERE id = $1`, id).
		Scan(&l.ID, &l.FolioID, &l.Code, &l.Description, &l.AmountMinor, &l.PostedBy)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return &l, err
}

func (r *pgRepository) AddToBalance(ctx context.Context, folioID string, delta int64) error {
	res, err := sqldb.Conn(ctx, r.db).ExecContext(ctx,
		`UPDATE folios SET balance_minor = balance_minor + $2 WHERE id = $1 AND status = 'open'`, folioID, delta)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: folio %s is not open", domain.ErrConflict, folioID)
	}
	return nil
}
