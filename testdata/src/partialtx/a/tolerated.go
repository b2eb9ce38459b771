package a

import (
	"context"
	"errors"
	"log"

	"example.com/laterrepo"
	"github.com/hibiken/asynq"
)

// Negative: the stock movement's failure is logged and the work goes
// on: the code does without it, so no retry follows its failure.
func receiveStock(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty + $1 WHERE sku = $2", 5, "a"); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO stock_moves (sku, qty) VALUES ($1, $2)", "a", 5); err != nil {
		log.Printf("recording the move: %v", err)
	}
	return nil
}

// Negative: an empty branch tolerates the failure too.
func receiveStockQuietly(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty + $1 WHERE sku = $2", 5, "a"); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, "INSERT INTO stock_moves (sku, qty) VALUES ($1, $2)", "a", 5)
	if err != nil {
		// best effort
	}
	return nil
}

// A failure logged and then returned is not tolerated.
func receiveStockStrictly(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty + $1 WHERE sku = $2", 5, "a"); err != nil { // want `2 writes commit separately and the UPDATE of stock`
		return err
	}
	_, err := pool.Exec(ctx, "INSERT INTO stock_moves (sku, qty) VALUES ($1, $2)", "a", 5)
	if err != nil {
		log.Printf("recording the move: %v", err)
	}
	return err
}

// A failure that skips the rest of the loop's turn is not tolerated:
// here the update's failure skips the move, and the move's fails the
// task, whose retry repeats the update.
func receiveAll(ctx context.Context, t *asynq.Task) error {
	for _, sku := range []string{"a", "b"} {
		if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty + 1 WHERE sku = $1", sku); err != nil { // want `2 writes commit separately and the UPDATE of stock`
			log.Printf("stock: %v", err)
			continue
		}
		if _, err := pool.Exec(ctx, "INSERT INTO stock_moves (sku, qty) VALUES ($1, 1)", sku); err != nil {
			return err
		}
	}
	return nil
}

// Negative: the task is kept as it came first, its failure only
// logged: a record beside the work, which goes on without it, not a
// part of it that the retry repeats.
func receiveKept(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO task_receipts (task_type, payload) VALUES ($1, $2)", t.Type(), t.Payload()); err != nil {
		log.Printf("keeping the task: %v", err)
	}
	if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty + 1 WHERE sku = $1", "a"); err != nil {
		return err
	}
	return nil
}

var errWarm = errors.New("cache not warmed")

func warm(ctx context.Context, id int) error { return errWarm }

// Negative: when warming fails, the event just inserted is deleted in a
// transaction of its own and the handler fails: a compensation, not a
// second part of the work.
func createEvent(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO events (name) VALUES ($1)", "gig"); err != nil {
		return err
	}
	if err := warm(ctx, 1); err != nil {
		if _, cerr := pool.Exec(ctx, "DELETE FROM events WHERE name = $1", "gig"); cerr != nil {
			log.Printf("compensating: %v", cerr)
		}
		return err
	}
	return nil
}

// Negative: the compensation in a helper of its own.
func createEventUndone(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO events (name) VALUES ($1)", "gig"); err != nil {
		return err
	}
	if err := warm(ctx, 1); err != nil {
		_ = undoEvent(ctx, "gig")
		return err
	}
	return nil
}

func undoEvent(ctx context.Context, name string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "DELETE FROM event_seats WHERE event = $1", name); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM events WHERE name = $1", name); err != nil {
		return err
	}
	return tx.Commit()
}

// A record of the failure is an INSERT: it adds, it does not undo, and
// a retry repeats the event's INSERT before it.
func createEventNoted(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO events (name) VALUES ($1)", "gig"); err != nil { // want `2 writes commit separately and the INSERT into events is not idempotent`
		return err
	}
	if err := warm(ctx, 1); err != nil {
		pool.Exec(ctx, "INSERT INTO failures (what) VALUES ($1)", "warm")
		return err
	}
	return nil
}

// A DELETE that is part of the work, not only run after a failure.
func moveEvent(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO archived_events (name) VALUES ($1)", "gig"); err != nil { // want `2 writes commit separately and the INSERT into archived_events is not idempotent`
		return err
	}
	if _, err := pool.Exec(ctx, "DELETE FROM events WHERE name = $1", "gig"); err != nil {
		return err
	}
	return nil
}

func alreadyPaid(ctx context.Context, id int) error { return errWarm }

// An early return on a lookup's success leaves the work on the lookup's
// failure branch: the work, not a compensation.
func payOnce(ctx context.Context, t *asynq.Task) error {
	if err := alreadyPaid(ctx, 1); err == nil {
		return nil
	}
	if _, err := pool.Exec(ctx, "INSERT INTO payments (order_id) VALUES ($1)", 1); err != nil { // want `2 writes commit separately and the INSERT into payments is not idempotent`
		return err
	}
	if _, err := pool.Exec(ctx, "UPDATE orders SET status = 'paid' WHERE id = $1", 1); err != nil {
		return err
	}
	return nil
}

// A record of the failure in another table is no compensation: it
// undoes nothing the work wrote.
func createEventMarked(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO events (name) VALUES ($1)", "gig"); err != nil { // want `2 writes commit separately and the INSERT into events is not idempotent`
		return err
	}
	if err := warm(ctx, 1); err != nil {
		pool.Exec(ctx, "UPDATE venues SET status = 'unwarmed' WHERE name = $1", "gig")
		return err
	}
	return nil
}

// A fallback that goes on to succeed is the work too.
func createEventCold(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO events (name) VALUES ($1)", "gig"); err != nil { // want `2 writes commit separately and the INSERT into events is not idempotent`
		return err
	}
	if err := warm(ctx, 1); err != nil {
		if _, err := pool.Exec(ctx, "DELETE FROM events WHERE name = $1 AND draft", "gig"); err != nil {
			return err
		}
		return nil
	}
	return nil
}

// log.Fatalf does not return: the failure is not tolerated.
func receiveStockOrDie(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty + $1 WHERE sku = $2", 5, "a"); err != nil { // want `2 writes commit separately and the UPDATE of stock`
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO stock_moves (sku, qty) VALUES ($1, $2)", "a", 5); err != nil {
		log.Fatalf("recording the move: %v", err)
	}
	return nil
}

// A failure passed on through a flag is not tolerated.
func receiveStockFlagged(ctx context.Context, t *asynq.Task) error {
	failed := false
	if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty + $1 WHERE sku = $2", 5, "a"); err != nil { // want `2 writes commit separately and the UPDATE of stock`
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO stock_moves (sku, qty) VALUES ($1, $2)", "a", 5); err != nil {
		log.Printf("recording the move: %v", err)
		failed = true
	}
	if failed {
		return errors.New("move not recorded")
	}
	return nil
}

// Negative: when the second token cannot be stored, the first is
// deleted before the failure is returned: nothing is left done.
func issueTokens(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO tokens (kind) VALUES ('access')"); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO tokens (kind) VALUES ('refresh')"); err != nil {
		pool.Exec(ctx, "DELETE FROM tokens WHERE kind = 'access'")
		return err
	}
	return nil
}

// The compensation answers another failure than the second write's.
func issueTokensLoosely(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO tokens (kind) VALUES ('access')"); err != nil { // want `the INSERT into tokens is not idempotent`
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO sessions (kind) VALUES ('web')"); err != nil {
		return err
	}
	if err := warm(ctx, 2); err != nil {
		pool.Exec(ctx, "DELETE FROM tokens WHERE kind = 'access'")
		return err
	}
	return nil
}

// Negative: the log's handle is a field the repository's constructor
// fills with a value of its own, not the transaction it keeps beside.
func saveItem(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := laterrepo.SaveWith(ctx, tx); err != nil {
		return err
	}
	return tx.Commit()
}
