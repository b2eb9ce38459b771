// Command ledgerctl runs one maintenance task of the ledger, named by
// its first argument.
package main

import (
	"context"
	"log"
	"os"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"
)

func main() {
	if len(os.Args) < 3 {
		log.Fatal("usage: ledgerctl mark KEY | credit ACCOUNT CENTS | replay STREAM")
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	switch os.Args[1] {
	case "mark":
		// Records by hand the key of a request whose effect an operator
		// checked: the effect of another subcommand never runs with it.
		_, err = pool.Exec(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", os.Args[2]) // safe: a subcommand of its own, apart from every effect
	case "credit":
		cents, _ := strconv.ParseInt(os.Args[3], 10, 64)
		err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "UPDATE accounts SET balance_cents = balance_cents + $1 WHERE id = $2", cents, os.Args[2])
			return err
		})
	case "replay":
		err = replay(ctx, pool, os.Args[2])
	}
	if err != nil {
		log.Fatal(err)
	}
}

// replay runs two independent jobs side by side: one records the message
// IDs of a stream as processed, the other recomputes the balances. They
// share no execution order, so neither is the other's key or effect.
func replay(ctx context.Context, pool *pgxpool.Pool, stream string) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		rows, err := pool.Query(ctx, "SELECT message_id FROM stream_messages WHERE stream = $1", stream)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := pool.Exec(ctx, "INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT DO NOTHING", id); err != nil { // safe: a goroutine of its own, apart from the balances
				return err
			}
		}
		return nil
	})
	g.Go(func() error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "UPDATE accounts SET balance_cents = (SELECT coalesce(sum(cents), 0) FROM entries WHERE entries.account_id = accounts.id)")
			return err
		})
	})
	return g.Wait()
}
