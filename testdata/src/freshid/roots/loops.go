package roots

import (
	"context"
	"time"

	"github.com/google/uuid"
	gofrs "github.com/gofrs/uuid/v5"
)

// A hand-written retry loop: a fresh id per attempt.
func retryInsert(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = db.ExecContext(ctx, "INSERT INTO transfers (transfer_id) VALUES ($1)", uuid.NewString()) // want `hand-written retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same with err != nil and continue, and a gofrs generator.
func retryInsertContinue(ctx context.Context) {
	for {
		id, _ := gofrs.NewV4() // want `hand-written retry loop`
		if _, err := db.ExecContext(ctx, "INSERT INTO transfers (id) VALUES ($1)", id.String()); err != nil {
			continue
		}
		break
	}
}

// Negative: the id is made once, before the retry loop.
func retryStable(ctx context.Context) error {
	id := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = db.ExecContext(ctx, "INSERT INTO transfers (transfer_id) VALUES ($1)", id); err == nil {
			return nil
		}
	}
	return err
}

// Negative: a loop over items, one insert per item, is not a retry loop.
func insertEach(ctx context.Context, n int) error {
	for i := 0; i < n; i++ {
		if _, err := db.ExecContext(ctx, "INSERT INTO items (item_id) VALUES ($1)", uuid.NewString()); err != nil {
			return err
		}
	}
	return nil
}
