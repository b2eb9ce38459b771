package rentals

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
)

type NewRental struct {
	TicketNo      string
	RinkID        string
	SkateSize     string
	MemberID      *uuid.UUID
	CardToken     string
	DepositCents  int32
	DepositHoldID string
}

type Repository interface {
	TakePair(ctx context.Context, rinkID, size string) error
	Restock(ctx context.Context, rinkID, size string) error
	Insert(ctx context.Context, r NewRental) (uuid.UUID, error)
	Rental(ctx context.Context, id uuid.UUID) (db.Rental, error)
	MarkReturned(ctx context.Context, id uuid.UUID, damageCents int32) (db.Rental, error)
	SetDepositSettled(ctx context.Context, id uuid.UUID, settled string) error
}

type Store struct {
	pool *pgxpool.Pool
}

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) TakePair(ctx context.Context, rinkID, size string) error {
	n, err := platform.Q(ctx, s.pool).TakeSkatePair(ctx, rinkID, size)
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("no size %s skates left at %s: %w", size, rinkID, platform.ErrConflict)
	}
	return nil
}

func (s *Store) Restock(ctx context.Context, rinkID, size string) error {
	return platform.Q(ctx, s.pool).RestockSkatePair(ctx, rinkID, size)
}

// insertRental is hand-written rather than generated: member_id is an
// optional pointer and we only need the new ID back.
const insertRental = `
INSERT INTO rentals (ticket_no, rink_id, skate_size, member_id, card_token, deposit_cents, deposit_hold_id)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING id`

func (s *Store) Insert(ctx context.Context, r NewRental) (uuid.UUID, error) {
	var member pgtype.UUID
	if r.MemberID != nil {
		member = pgtype.UUID{Bytes: *r.MemberID, Valid: true}
	}
	var id uuid.UUID
	err := platform.Conn(ctx, s.pool).QueryRow(ctx, insertRental,
		r.TicketNo, r.RinkID, r.SkateSize, member, r.CardToken, r.DepositCents, r.DepositHoldID,
	).Scan(&id)
	return id, err
}

func (s *Store) Rental(ctx context.Context, id uuid.UUID) (db.Rental, error) {
	r, err := platform.Q(ctx, s.pool).GetRental(ctx, id)
	return r, platform.NotFound(err, "rental")
}

func (s *Store) MarkReturned(ctx context.Context, id uuid.UUID, damageCents int32) (db.Rental, error) {
	r, err := platform.Q(ctx, s.pool).MarkRentalReturned(ctx, db.MarkRentalReturnedParams{ID: id, DamageCents: damageCents})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Rental{}, fmt.Errorf("rental %s is not checked out: %w", id, platform.ErrConflict)
	}
	return r, err
}

func (s *Store) SetDepositSettled(ctx context.Context, id uuid.UUID, settled string) error {
	return platform.Q(ctx, s.pool).SetDepositSettled(ctx, id, settled)
}

var _ Repository = (*Store)(nil)
