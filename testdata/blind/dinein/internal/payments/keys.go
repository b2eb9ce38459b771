package payments

import (
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// OperationKey derives an idempotency key from the entity that owns the
// operation, e.g. OperationKey("charge", attemptID).
func OperationKey(op string, id uuid.UUID) string {
	return fmt.Sprintf("dinein:%s:%s", op, id)
}

// NewOperationKey returns a sortable, unique key for an operation that has
// no stored entity of its own.
func NewOperationKey(op string) string {
	return "dinein:" + op + ":" + strings.ToLower(ulid.Make().String())
}
