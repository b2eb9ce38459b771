package fixes

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/oklog/ulid/v2"

	"freshid/fixids"
)

// A ULID stored in a column sized for one (CHAR(26)): the derived value
// is a ULID too.
func booking(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO bookings (id) VALUES ($1)", ulid.Make().String()) // want `a retry inserts a second bookings row`
	return err
}

// A ULID made by another package's function, named for it.
func hold(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO holds (id) VALUES ($1)", fixids.NewULID()) // want `a retry inserts a second holds row`
	return err
}
