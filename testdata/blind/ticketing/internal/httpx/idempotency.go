package httpx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"

	"github.com/gofiber/fiber/v2"

	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/store"
)

// HeaderIdempotencyKey is the header clients use to make POSTs retry-safe.
const HeaderIdempotencyKey = "Idempotency-Key"

// StoredResponse is a response remembered for an idempotency key.
type StoredResponse struct {
	RequestHash string
	Status      int
	Body        []byte
}

// KeyStore remembers responses per (scope, key).
type KeyStore interface {
	Lookup(ctx context.Context, scope, key string) (StoredResponse, bool, error)
	Save(ctx context.Context, scope, key string, resp StoredResponse) error
}

// PGKeyStore keeps idempotency records in api_idempotency.
type PGKeyStore struct {
	q db.Querier
}

func NewPGKeyStore(q db.Querier) *PGKeyStore { return &PGKeyStore{q: q} }

func (s *PGKeyStore) Lookup(ctx context.Context, scope, key string) (StoredResponse, bool, error) {
	rec, err := s.q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if store.IsNotFound(err) {
		return StoredResponse{}, false, nil
	}
	if err != nil {
		return StoredResponse{}, false, err
	}
	if rec.ResponseStatus == nil {
		// Claimed by an in-transaction flow that has not produced a response.
		return StoredResponse{}, false, nil
	}
	return StoredResponse{RequestHash: rec.RequestHash, Status: int(*rec.ResponseStatus), Body: rec.ResponseBody}, true, nil
}

func (s *PGKeyStore) Save(ctx context.Context, scope, key string, resp StoredResponse) error {
	return s.q.SaveIdempotentResponse(ctx, db.SaveIdempotentResponseParams{
		Scope:          scope,
		Key:            key,
		RequestHash:    resp.RequestHash,
		ResponseStatus: int32(resp.Status),
		ResponseBody:   resp.Body,
	})
}

// IdempotencyConfig tunes the middleware.
type IdempotencyConfig struct {
	Required bool
}

// IdempotencyOption configures the middleware.
type IdempotencyOption func(*IdempotencyConfig)

// RequireKey rejects requests without an Idempotency-Key header.
func RequireKey() IdempotencyOption {
	return func(c *IdempotencyConfig) { c.Required = true }
}

// Idempotency replays the stored response when a request repeats a key it has
// already seen on the same path; otherwise it runs the handler and remembers
// the response.
func Idempotency(ks KeyStore, opts ...IdempotencyOption) fiber.Handler {
	var cfg IdempotencyConfig
	for _, o := range opts {
		o(&cfg)
	}
	return func(c *fiber.Ctx) error {
		key := c.Get(HeaderIdempotencyKey)
		if key == "" {
			if cfg.Required {
				return c.Status(fiber.StatusBadRequest).JSON(errorBody{Error: "Idempotency-Key header required"})
			}
			return c.Next()
		}
		ctx := c.UserContext()
		scope := FanIDFrom(ctx) + " " + c.Method() + " " + c.Path()
		sum := sha256.Sum256(c.Body())
		hash := hex.EncodeToString(sum[:])

		prev, found, err := ks.Lookup(ctx, scope, key)
		if err != nil {
			return c.Status(fiber.StatusServiceUnavailable).JSON(errorBody{Error: "idempotency store unavailable"})
		}
		if found {
			if prev.RequestHash != hash {
				return c.Status(fiber.StatusUnprocessableEntity).JSON(errorBody{Error: "Idempotency-Key reused with a different body"})
			}
			c.Set("Idempotent-Replayed", "true")
			c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
			return c.Status(prev.Status).Send(prev.Body)
		}

		if err := c.Next(); err != nil {
			return err
		}

		status := c.Response().StatusCode()
		if status >= 500 {
			return nil
		}
		body := append([]byte(nil), c.Response().Body()...)
		if err := ks.Save(ctx, scope, key, StoredResponse{RequestHash: hash, Status: status, Body: body}); err != nil {
			slog.WarnContext(ctx, "idempotency: save failed", "scope", scope, "err", err)
		}
		return nil
	}
}
