package publicapi

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"

	"github.com/stagepass/ticketing/internal/httpx"
)

// NewApp builds the fiber app with the shared middleware stack.
func NewApp() *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:      "stagepass-public",
		ReadTimeout:  10 * time.Second,
		WriteTimeout: 30 * time.Second,
		BodyLimit:    256 << 10,
	})
	app.Use(recover.New())
	app.Use(httpx.RequestID())
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	return app
}

// Register mounts the v1 routes.
func Register(app *fiber.App, h *Handlers, keys httpx.KeyStore) {
	v1 := app.Group("/v1", httpx.FanAuth())

	v1.Post("/holds", httpx.Created(h.CreateHold))
	v1.Post("/holds/:id/release", httpx.Handle(h.ReleaseHold))

	v1.Post("/orders", httpx.Created(h.PlaceOrder))
	v1.Post("/orders/:id/capture", httpx.Handle(h.CaptureOrder))
	v1.Post("/orders/:id/addons", httpx.Idempotency(keys, httpx.RequireKey()), httpx.Created(h.AddAddon))

	v1.Post("/tickets/:id/transfers", httpx.Created(h.CreateTransfer))
	v1.Post("/transfers/:id/accept", httpx.Handle(h.AcceptTransfer))
}
