package fixes

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

// The retry wrapper calls the closure again on failure: the ID is made
// once, before it.
func transfer(ctx context.Context, amount int) error {
	err := backoff.Retry(func() error {
		id := uuid.New() // want `backoff.Retry operation`
		_, err := db.ExecContext(ctx, "INSERT INTO transfers (id, amount) VALUES ($1, $2)", id, amount)
		return err
	}, backoff.NewExponentialBackOff())
	return err
}

// Made inline, it gets a name of its own; id is taken.
func refund(ctx context.Context, id int) error {
	if err := retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO refunds (refund_id, payment) VALUES ($1, $2)", uuid.NewString(), id) // want `retry.Do function`
		return err
	}); err != nil {
		return err
	}
	return nil
}

// A hand-written retry loop.
func settle(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = db.ExecContext(ctx, "INSERT INTO settlements (settlement_id) VALUES ($1)", uuid.NewString()) // want `hand-written retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// No fix: one row per line of the attempt, each with its own ID.
func lines(ctx context.Context, n int) error {
	return backoff.Retry(func() error {
		for i := 0; i < n; i++ {
			if _, err := db.ExecContext(ctx, "INSERT INTO lines (line_id) VALUES ($1)", uuid.New()); err != nil { // want `backoff.Retry operation`
				return err
			}
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// No fix: the function that retries runs for a handler, which the
// client retries, so a value made before the retry would still be new on
// the client's retry; and the client's key is not in scope here.
func audit(ctx context.Context) error {
	return backoff.Retry(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO exports (export_id) VALUES ($1)", uuid.New()) // want `backoff.Retry operation`
		return err
	}, backoff.NewExponentialBackOff())
}

func auditHandler(w http.ResponseWriter, r *http.Request) {
	audit(r.Context())
}

// The closure in a variable that only the retry wrapper reads.
func payout(ctx context.Context, seller string) error {
	op := func() error {
		payoutID := uuid.New() // want `backoff.Retry operation`
		_, err := db.ExecContext(ctx, "INSERT INTO payouts (payout_id, seller) VALUES ($1, $2)", payoutID, seller)
		return err
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}

// No fix: the closure also runs outside the wrapper, where each call
// pays out once, with an ID of its own.
func payoutTwice(ctx context.Context, seller string) error {
	op := func() error {
		payoutID := uuid.New() // want `backoff.Retry operation`
		_, err := db.ExecContext(ctx, "INSERT INTO payouts (payout_id, seller) VALUES ($1, $2)", payoutID, seller)
		return err
	}
	if err := op(); err != nil {
		return err
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}
