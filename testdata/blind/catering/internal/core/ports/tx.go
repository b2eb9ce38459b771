package ports

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Transactor runs fn inside a database transaction. Repositories called with
// the ctx passed to fn join that transaction.
type Transactor interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// IDGenerator issues identifiers for new aggregates.
type IDGenerator interface {
	NewID() uuid.UUID
}

// Clock abstracts time for the services.
type Clock interface {
	Now() time.Time
}
