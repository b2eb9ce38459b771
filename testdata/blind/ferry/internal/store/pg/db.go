// Package pg implements the store interfaces on PostgreSQL with pgx v5.
package pg

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/store"
)

// Querier is satisfied by *pgxpool.Pool and pgx.Tx.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, src pgx.CopyFromSource) (int64, error)
}

// Module provides the postgres-backed store.Store.
var Module = fx.Module("store",
	fx.Provide(
		fx.Annotate(New, fx.As(new(store.Store))),
	),
)

// Store is the postgres implementation of store.Store. The zero value is not
// usable; build one with New.
type Store struct {
	pool  *pgxpool.Pool
	db    Querier
	tx    pgx.Tx
	queue *river.Client[pgx.Tx]
}

var _ store.Store = (*Store)(nil)

// New returns a Store that runs each call in its own implicit transaction
// until InTx is used.
func New(pool *pgxpool.Pool, queue *river.Client[pgx.Tx]) *Store {
	return &Store{pool: pool, db: pool, queue: queue}
}

// InTx implements store.Store.
func (s *Store) InTx(ctx context.Context, fn func(tx store.Store) error) error {
	if s.tx != nil {
		return fn(s)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return fn(&Store{pool: s.pool, db: tx, tx: tx, queue: s.queue})
	})
}

func (s *Store) Bookings() store.BookingRepo            { return bookings{db: s.db} }
func (s *Store) Sailings() store.SailingRepo            { return sailings{db: s.db} }
func (s *Store) Payments() store.PaymentRepo            { return payments{db: s.db} }
func (s *Store) Refunds() store.RefundRepo              { return refunds{db: s.db} }
func (s *Store) Loyalty() store.LoyaltyRepo             { return loyalty{db: s.db} }
func (s *Store) Manifests() store.ManifestRepo          { return manifests{db: s.db} }
func (s *Store) BoardingPasses() store.BoardingPassRepo { return boardingPasses{db: s.db} }
func (s *Store) Settlements() store.SettlementRepo      { return settlements{db: s.db} }
func (s *Store) Idempotency() store.IdempotencyRepo     { return idempotency{db: s.db} }
func (s *Store) StripeEvents() store.StripeEventRepo    { return stripeEvents{db: s.db} }

func (s *Store) Vessels() store.ReferenceRepo[domain.Vessel] {
	return vesselTable.bind(s.db)
}

func (s *Store) Ports() store.ReferenceRepo[domain.Port] {
	return portTable.bind(s.db)
}

func (s *Store) Members() store.ReferenceRepo[domain.LoyaltyMember] {
	return memberTable.bind(s.db)
}

func (s *Store) Jobs() store.JobQueue { return jobQueue{client: s.queue, tx: s.tx} }

type jobQueue struct {
	client *river.Client[pgx.Tx]
	tx     pgx.Tx
}

func (q jobQueue) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	var err error
	if q.tx != nil {
		_, err = q.client.InsertTx(ctx, q.tx, args, opts)
	} else {
		_, err = q.client.Insert(ctx, args, opts)
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

const uniqueViolation = "23505"

// translate maps pgx errors onto the store sentinel errors.
func translate(err error, what string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, store.ErrNotFound)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation {
		return fmt.Errorf("%s: %s: %w", what, pgErr.ConstraintName, store.ErrConflict)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// affected turns a command tag into "did the conditional write apply".
func affected(tag pgconn.CommandTag, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}
