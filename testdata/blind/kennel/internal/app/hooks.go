package app

import (
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/uptrace/bun"
	"go.uber.org/dig"

	"github.com/pawsandstay/kennel/internal/billing"
	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
	"github.com/pawsandstay/kennel/internal/platform/queue"
	"github.com/pawsandstay/kennel/internal/vaccines"
)

type hooksParams struct {
	dig.In

	Log      *slog.Logger
	Stripe   *billing.WebhookHandler
	Vet      *vaccines.WebhookHandler
	Receipts *notify.ReceiptsHandler
	Queue    *queue.Client
}

func newHooks(p hooksParams) *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:      "kennel-hooks",
		ErrorHandler: httpx.ErrorHandler(p.Log),
		ReadTimeout:  10 * time.Second,
	})
	app.Use(recover.New())
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	wh := app.Group("/webhooks")
	p.Stripe.Register(wh)
	p.Vet.Register(wh)
	p.Receipts.Register(wh)
	return app
}

func newStripeWebhook(db *bun.DB, cfg *config.Config, dir owners.Directory, outbox *notify.Outbox, log *slog.Logger) *billing.WebhookHandler {
	return billing.NewWebhookHandler(billing.WebhookDeps{
		DB:     db,
		Secret: cfg.StripeWebhookSecret,
		Events: billing.NewEventLog(db),
		Dir:    dir,
		Outbox: outbox,
		Log:    log,
	})
}

func newVetWebhook(db *bun.DB, cfg *config.Config, dir owners.Directory, outbox *notify.Outbox) *vaccines.WebhookHandler {
	return vaccines.NewWebhookHandler(db, dir, outbox, cfg.VetRecordsWebhookSecret)
}

// Hooks adds the webhook receivers and their server to c.
func Hooks(c *dig.Container) error {
	if err := InsertOnlyQueue(c); err != nil {
		return err
	}
	for _, fn := range []any{newStripeWebhook, newVetWebhook, notify.NewReceiptsHandler, newHooks} {
		if err := c.Provide(fn); err != nil {
			return err
		}
	}
	return nil
}
