// Package idempotency provides response replay for API routes that accept an
// Idempotency-Key header.
package idempotency

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gofiber/fiber/v2"
)

// StoredResponse is a previously rendered response for a key.
type StoredResponse struct {
	Key        string
	Method     string
	Path       string
	StatusCode int
	Body       []byte
	CreatedAt  time.Time
}

// ResponseStore persists rendered responses by key.
type ResponseStore interface {
	LookupResponse(ctx context.Context, key string) (*StoredResponse, error)
	SaveResponse(ctx context.Context, r StoredResponse) error
}

// Options tune the guard.
type Options struct {
	// Required rejects requests that carry no key.
	Required bool
	// Header is the request header to read; defaults to Idempotency-Key.
	Header string
}

// Option mutates Options.
type Option func(*Options)

// Required makes the header mandatory.
func Required() Option { return func(o *Options) { o.Required = true } }

// Guard replays the stored response when a request repeats a key that has
// already completed, and stores successful and 4xx responses for later
// replays.
func Guard(store ResponseStore, log *slog.Logger, opts ...Option) fiber.Handler {
	o := Options{Header: "Idempotency-Key"}
	for _, fn := range opts {
		fn(&o)
	}
	return func(c *fiber.Ctx) error {
		key := c.Get(o.Header)
		if key == "" {
			if o.Required {
				return fiber.NewError(http.StatusBadRequest, o.Header+" header is required")
			}
			return c.Next()
		}
		ctx := c.UserContext()

		prev, err := store.LookupResponse(ctx, key)
		if err != nil {
			return err
		}
		if prev != nil {
			if prev.Method != c.Method() || prev.Path != c.Path() {
				return fiber.NewError(http.StatusUnprocessableEntity, "idempotency key reused for a different request")
			}
			c.Set("Idempotent-Replayed", "true")
			c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
			return c.Status(prev.StatusCode).Send(prev.Body)
		}

		if err := c.Next(); err != nil {
			return err
		}

		status := c.Response().StatusCode()
		if status >= 500 {
			return nil
		}
		body := append([]byte(nil), c.Response().Body()...)
		if err := store.SaveResponse(ctx, StoredResponse{
			Key:        key,
			Method:     c.Method(),
			Path:       c.Path(),
			StatusCode: status,
			Body:       body,
		}); err != nil {
			log.WarnContext(ctx, "store idempotent response", "key", key, "err", err)
		}
		return nil
	}
}
