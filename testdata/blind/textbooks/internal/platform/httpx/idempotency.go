package httpx

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/gin-gonic/gin"
)

// StoredResponse is the first answer given for an Idempotency-Key.
type StoredResponse struct {
	Status int
	Body   json.RawMessage
}

// ResponseStore remembers responses by (scope, key).
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*StoredResponse, error)
	Save(ctx context.Context, scope, key string, resp StoredResponse) error
}

// Replay wraps h so that a repeated Idempotency-Key gets the stored answer
// instead of running the handler again. Requests without the header run as
// usual.
func Replay(scope string, store ResponseStore, h Handler) Handler {
	return func(c *gin.Context) (int, any, error) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			return h(c)
		}
		ctx := c.Request.Context()
		scoped := scope + ":" + StudentID(c)

		prev, err := store.Lookup(ctx, scoped, key)
		if err != nil {
			return 0, nil, err
		}
		if prev != nil {
			return prev.Status, prev.Body, nil
		}

		status, body, err := h(c)
		if err != nil {
			return status, body, err
		}

		raw, err := json.Marshal(body)
		if err != nil {
			return status, body, nil
		}
		if err := store.Save(ctx, scoped, key, StoredResponse{Status: status, Body: raw}); err != nil {
			slog.WarnContext(ctx, "could not store idempotent response", "scope", scoped, "err", err)
		}
		return status, body, nil
	}
}
