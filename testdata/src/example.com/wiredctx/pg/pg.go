// Package pg implements orders.Store.
package pg

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

// Store keeps orders in PostgreSQL.
type Store struct{ DB *sql.DB }

func (s *Store) InsertOrder(ctx context.Context, id string, total int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
	return err
}

func (s *Store) InsertShipment(ctx context.Context, id, order string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO shipments (id, order_id) VALUES ($1, $2)", id, order) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into shipments in pg.Store.InsertShipment is not idempotent \(SQS message handler Queue.handle\)`
	return err
}

func (s *Store) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// Archive stores an archived order under an ID it makes.
func (s *Store) Archive(ctx context.Context, tx *sql.Tx, total int64) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO archives (id, total) VALUES ($1, $2)", uuid.NewString(), total) // want `a retry inserts a second archives row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Archive\); absorb the repeat at the INSERT into archives too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
	return err
}

// ArchiveLine stores one archived line under an ID it makes.
func (s *Store) ArchiveLine(ctx context.Context, tx *sql.Tx, total int64) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO archives (id, total) VALUES ($1, $2)", uuid.NewString(), total) // want `a retry inserts a second archives row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.ArchiveEach\); derive it from the request's Idempotency-Key header`
	return err
}

// InsertReturn records a return through a helper that makes its ID.
func (s *Store) InsertReturn(ctx context.Context, order string) error {
	return s.insertReturn(ctx, order)
}

// insertReturn runs its INSERT in a callback that a runner calls with
// the context it is given.
func (s *Store) insertReturn(ctx context.Context, order string) error {
	return s.withConn(ctx, func(ctx context.Context, conn *sql.Conn) error {
		_, err := conn.ExecContext(ctx, "INSERT INTO returns (id, order_id) VALUES ($1, $2)", uuid.NewString(), order) // want `a retry inserts a second returns row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Return\); absorb the repeat at the INSERT into returns too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
		return err
	})
}

// withConn runs fn on a connection of its own, with ctx.
func (s *Store) withConn(ctx context.Context, fn func(ctx context.Context, conn *sql.Conn) error) error {
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return fn(ctx, conn)
}
