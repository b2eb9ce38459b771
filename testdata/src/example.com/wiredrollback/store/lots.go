package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

type txKey struct{}

// conn returns the transaction ctx carries, or db.
func conn(ctx context.Context, db *sql.DB) Querier {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}

// TxRunner runs work in a transaction it carries in the context.
type TxRunner struct{ DB *sql.DB }

// WithinTx runs fn in a transaction it commits when fn succeeds.
func (r *TxRunner) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Gift is a donation of seed.
type Gift struct {
	ID      string
	Species string
}

// GiftStore keeps gifts.
type GiftStore struct{ DB *sql.DB }

func (s *GiftStore) Get(ctx context.Context, id string) (*Gift, error) {
	g := &Gift{}
	err := conn(ctx, s.DB).QueryRowContext(ctx, `SELECT id, species FROM seed_gifts WHERE id = $1`, id).Scan(&g.ID, &g.Species)
	return g, err
}

// LotStore keeps the lots gifts become.
type LotStore struct{ DB *sql.DB }

func (s *LotStore) InsertFromGift(ctx context.Context, g *Gift) error {
	_, err := conn(ctx, s.DB).ExecContext(ctx, `INSERT INTO seed_lots (id, donation_id, species) VALUES ($1, $2, $3)`, "lot_"+g.ID, g.ID, g.Species) // want `a retry inserts the row for the same`
	return err
}

func (s *LotStore) InsertQuietly(ctx context.Context, g *Gift) error {
	_, err := conn(ctx, s.DB).ExecContext(ctx, `INSERT INTO seed_lots (id, donation_id, species) VALUES ($1, $2, $3) ON CONFLICT (donation_id) DO NOTHING`, "lot_"+g.ID, g.ID, g.Species)
	return err
}

// EventStore queues lot events.
type EventStore struct{ DB *sql.DB }

func (s *EventStore) Enqueue(ctx context.Context, topic, subject string) error {
	_, err := conn(ctx, s.DB).ExecContext(ctx, `INSERT INTO lot_events (id, topic, subject) VALUES ($1, $2, $3)`, uuid.NewString(), topic, subject) // want `a retry inserts a second lot_events row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PostNote\)`
	return err
}

// Move is a lot's move under the caller's reference.
type Move struct {
	ID  string
	Ref string
}

// MoveStore keeps moves.
type MoveStore struct{ DB *sql.DB }

func (s *MoveStore) GetByRef(ctx context.Context, ref string) (*Move, error) {
	m := &Move{}
	err := conn(ctx, s.DB).QueryRowContext(ctx, `SELECT id, reference FROM lot_moves WHERE reference = $1`, ref).Scan(&m.ID, &m.Ref)
	return m, err
}

func (s *MoveStore) Create(ctx context.Context, m *Move) error {
	_, err := conn(ctx, s.DB).ExecContext(ctx, `INSERT INTO lot_moves (id, reference) VALUES ($1, $2)`, m.ID, m.Ref) // want `a retry inserts the row for the same reference again, which fails or duplicates it: the INSERT into lot_moves in store.MoveStore.Create has no conflict handling for the caller-known reference \(HTTP handler Handler.PostMoveBlind\)`
	return err
}

// Place stores a move, as Create does.
func (s *MoveStore) Place(ctx context.Context, m *Move) error {
	_, err := conn(ctx, s.DB).ExecContext(ctx, `INSERT INTO lot_moves (id, reference) VALUES ($1, $2)`, m.ID, m.Ref)
	return err
}
