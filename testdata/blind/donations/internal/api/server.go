package api

import (
	"context"
	"net"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/config"
	"github.com/kindredgive/donations/internal/platform/httpx"
)

// Handlers is every HTTP handler struct, injected by fx.
type Handlers struct {
	fx.In

	Donations *DonationHandler
	Recurring *RecurringHandler
	Donors    *DonorHandler
	Matching  *MatchingHandler
	Payouts   *PayoutHandler
	Webhooks  *WebhookHandler
}

// NewApp builds the fiber app and registers every route.
func NewApp(h Handlers, log *zap.Logger) *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:      "donations-api",
		ReadTimeout:  15 * time.Second,
		WriteTimeout: 30 * time.Second,
		ErrorHandler: httpx.ErrorHandler(log),
	})
	app.Use(recover.New())
	app.Use(requestID())

	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })

	v1 := app.Group("/v1")
	v1.Post("/donors", h.Donors.Register)
	v1.Put("/donors/:id/preferences", h.Donors.UpdatePreferences)
	v1.Post("/donations", h.Donations.Create)
	v1.Get("/donations/:id", h.Donations.Get)
	v1.Post("/donations/:id/gift-aid", h.Donors.DeclareGiftAid)
	v1.Post("/recurring-plans", h.Recurring.Create)
	v1.Post("/recurring-plans/:id/cancel", h.Recurring.Cancel)
	v1.Post("/matching/claims", h.Matching.RequestClaim)

	admin := v1.Group("/admin", staffOnly())
	admin.Post("/donations/:id/refunds", h.Donations.Refund)
	admin.Post("/charities/:id/payouts", h.Payouts.Request)

	hooks := app.Group("/webhooks")
	hooks.Post("/processor", h.Webhooks.Processor)
	hooks.Post("/matching", h.Webhooks.Matching)
	hooks.Post("/email", h.Webhooks.Email)

	return app
}

// Serve starts the listener with the fx lifecycle.
func Serve(lc fx.Lifecycle, app *fiber.App, cfg *config.Config, log *zap.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", cfg.HTTPAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := app.Listener(ln); err != nil {
					log.Error("http server stopped", zap.Error(err))
				}
			}()
			log.Info("http listening", zap.String("addr", cfg.HTTPAddr))
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return app.ShutdownWithContext(ctx)
		},
	})
}
