package app

import (
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/gofiber/fiber/v2/middleware/requestid"
	"github.com/uptrace/bun"
	"go.uber.org/dig"

	"github.com/pawsandstay/kennel/internal/addons"
	"github.com/pawsandstay/kennel/internal/checkout"
	"github.com/pawsandstay/kennel/internal/loyalty"
	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/passes"
	"github.com/pawsandstay/kennel/internal/payments"
	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
	"github.com/pawsandstay/kennel/internal/platform/idem"
	"github.com/pawsandstay/kennel/internal/platform/queue"
	"github.com/pawsandstay/kennel/internal/providers/sms"
	"github.com/pawsandstay/kennel/internal/reservations"
	"github.com/pawsandstay/kennel/internal/vaccines"
)

type apiParams struct {
	dig.In

	Config       *config.Config
	Log          *slog.Logger
	Responses    *idem.Responses
	Reservations *reservations.Handler
	Addons       *addons.Handler
	Checkout     *checkout.Handler
	Passes       *passes.Handler
	Vaccines     *vaccines.Handler
	Loyalty      *loyalty.Handler
	Owners       *owners.Handler
	Updates      *notify.UpdatesHandler
	Queue        *queue.Client
}

// staffAuth trusts the identity headers set by the edge gateway, which
// terminates staff SSO.
func staffAuth(c *fiber.Ctx) error {
	if id := c.Get("X-Staff-ID"); id != "" {
		c.Locals("staff_id", id)
	}
	return c.Next()
}

func newAPI(p apiParams) *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:      "kennel-api",
		ErrorHandler: httpx.ErrorHandler(p.Log),
		BodyLimit:    2 << 20,
		ReadTimeout:  15 * time.Second,
		WriteTimeout: 30 * time.Second,
	})
	app.Use(recover.New(), requestid.New(), staffAuth)
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })

	v1 := app.Group("/v1")
	p.Reservations.Register(v1, httpx.Replay("reservations.checkin", p.Responses, p.Log))
	p.Addons.Register(v1)
	p.Checkout.Register(v1)
	p.Passes.Register(v1)
	p.Vaccines.Register(v1)
	p.Loyalty.Register(v1, httpx.Replay("loyalty.redeem", p.Responses, p.Log))
	p.Owners.Register(v1)
	p.Updates.Register(v1)
	return app
}

func newPassesService(db *bun.DB, dir owners.Directory, gw payments.Gateway, ledger *idem.Ledger, cfg *config.Config, log *slog.Logger) passes.Service {
	return passes.NewService(db, dir, gw, ledger, cfg, log.With("component", "passes"))
}

func newUpdates(db *bun.DB, dir owners.Directory, sender sms.Sender, cb Callbacks) notify.Updates {
	return notify.NewUpdates(db, dir, sender, cb.SMSStatus)
}

// API adds the public API's handlers and server to c.
func API(c *dig.Container) error {
	if err := InsertOnlyQueue(c); err != nil {
		return err
	}
	ctors := []any{
		reservations.NewHandler,
		addons.NewHandler,
		checkout.NewHandler,
		newPassesService,
		passes.NewHandler,
		vaccines.NewService,
		vaccines.NewHandler,
		loyalty.NewHandler,
		owners.NewHandler,
		newUpdates,
		notify.NewUpdatesHandler,
		newAPI,
	}
	for _, fn := range ctors {
		if err := c.Provide(fn); err != nil {
			return err
		}
	}
	return nil
}
