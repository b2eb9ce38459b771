package httpx

import (
	"log/slog"

	"github.com/gofiber/fiber/v2"

	"github.com/pawsandstay/kennel/internal/platform/idem"
)

// Replay makes a route repeatable for clients that send an Idempotency-Key:
// a finished response stored under the same key is replayed instead of
// running the handler again. Requests without a key pass through.
func Replay(scope string, responses *idem.Responses, log *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		key := c.Get(HeaderIdempotencyKey)
		if key == "" {
			return c.Next()
		}
		hash := idem.Hash(c.Path(), string(c.Body()))

		prev, err := responses.Lookup(c.UserContext(), scope, key)
		if err != nil {
			return err
		}
		if prev != nil && prev.Done() {
			if prev.RequestHash != hash {
				return idem.ErrKeyReused
			}
			c.Set("Idempotent-Replayed", "true")
			c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
			return c.Status(*prev.StatusCode).Send(prev.Response)
		}

		if err := c.Next(); err != nil {
			return err
		}

		status := c.Response().StatusCode()
		if status >= 200 && status < 300 {
			body := append([]byte(nil), c.Response().Body()...)
			if err := responses.Save(c.UserContext(), scope, key, hash, status, body); err != nil {
				log.Warn("store idempotent response", "scope", scope, "err", err)
			}
		}
		return nil
	}
}
