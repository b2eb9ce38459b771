package a

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"
)

// Two subcommands of a tool: the key statement of one and the effect of
// the other never run in one execution.
func subcommand(ctx context.Context, cmd, key string) error {
	switch cmd {
	case "mark":
		_, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
		return err
	case "order":
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1); err != nil {
			return err
		}
		return tx.Commit()
	}
	return nil
}

// The check of one subcommand and the effect of another.
func subcommandCheck(ctx context.Context, cmd, key string) error {
	if cmd == "check" {
		var n int
		return db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	return tx.Commit()
}

// After either branch, the key is written apart from the effect.
func branchThenKey(ctx context.Context, cmd, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if cmd == "big" {
		tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 100)
	} else {
		tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `a crash between the two commits leaves the effect without its key`
	return err
}

// Two goroutines of independent work: one records the keys of another
// stream, the other writes orders. Neither runs in place.
func independentWorkers(ctx context.Context, keys <-chan string) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		for key := range keys {
			if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
				return err
			}
		}
		return nil
	})
	g.Go(func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
		return tx.Commit()
	})
	return g.Wait()
}

// The same with go statements and a WaitGroup.
func independentGoroutines(ctx context.Context, key string) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	}()
	wg.Go(func() {
		tx, _ := db.BeginTx(ctx, nil)
		tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
		tx.Commit()
	})
	wg.Wait()
}

// Within one goroutine, the key still commits apart from the effect.
func splitInGoroutine(ctx context.Context, key string) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
		db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `a crash between the two commits leaves the effect without its key`
		return tx.Commit()
	})
	return g.Wait()
}
