// Package ctxfiber holds a fiber route whose helper has only a context,
// into which the package's middleware put the request's key read with
// fiber's Ctx.Get (a variadic getter).
package ctxfiber

import (
	"context"
	"database/sql"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

var db *sql.DB

type keyCtx struct{}

// Keys reads the request's key into the context handed down.
func Keys(c *fiber.Ctx) error {
	ctx := context.WithValue(c.UserContext(), keyCtx{}, c.Get("Idempotency-Key"))
	return enroll(ctx, c.Get("X-Course"))
}

// KeyFrom returns the key Keys put in ctx, or "".
func KeyFrom(ctx context.Context) string {
	k, _ := ctx.Value(keyCtx{}).(string)
	return k
}

func enroll(ctx context.Context, course string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO enrolments (id, course) VALUES ($1, $2)", uuid.NewString(), course) // want `a retry inserts a second enrolments row with a new id: uuid.NewString\(\) is fresh on every attempt \(fiber handler Keys\)`
	return err
}

func routes(app *fiber.App) {
	app.Post("/enrolments", Keys)
}
