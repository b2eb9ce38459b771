// Package api registers the HTTP routes of cmd/api.
package api

import (
	"context"
	"log/slog"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/fx"

	"github.com/lingua/academy/internal/billing"
	"github.com/lingua/academy/internal/config"
	"github.com/lingua/academy/internal/corporate"
	"github.com/lingua/academy/internal/enrolment"
	"github.com/lingua/academy/internal/instalments"
	"github.com/lingua/academy/internal/payroll"
	"github.com/lingua/academy/internal/placement"
	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/platform/idempotency"
	"github.com/lingua/academy/internal/refunds"
	"github.com/lingua/academy/internal/rooms"
	"github.com/lingua/academy/internal/store"
	"github.com/lingua/academy/internal/visa"
)

// Params are the dependencies of the route table.
type Params struct {
	fx.In

	App        *fiber.App
	Config     config.Config
	Log        *slog.Logger
	Store      store.Store
	Enrolments enrolment.Service
	Collector  *instalments.Collector
	Reminder   *instalments.Reminder
	Placement  *placement.Service
	Rooms      *rooms.Service
	Refunds    *refunds.Service
	Visa       *visa.Service
	Payroll    *payroll.Service
	Corporate  corporate.Service
	Stripe     *billing.WebhookProcessor
}

type idInput struct {
	ID string `params:"id"`
}

// RegisterRoutes mounts every route on the fiber app.
func RegisterRoutes(p Params) {
	app := p.App
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })

	v1 := app.Group("/v1", httpx.RequestContext(), requireStaff())

	// Enrolments and instalments.
	v1.Post("/enrolments", httpx.Wrap(p.Enrolments.Create))
	v1.Get("/enrolments/:id", httpx.Wrap(func(ctx context.Context, in idInput) (enrolment.EnrolmentView, error) {
		return p.Enrolments.Get(ctx, in.ID)
	}))
	v1.Post("/enrolments/:id/transfer", httpx.Wrap(p.Enrolments.Transfer))
	v1.Post("/enrolments/:id/visa-letters", httpx.Wrap(p.Visa.RequestLetter))
	v1.Post("/instalments/:id/pay", httpx.Wrap(p.Collector.PayNow))
	v1.Post("/instalments/:id/remind", httpx.Wrap(p.Reminder.RemindNow))

	// Placement tests.
	v1.Post("/placement-bookings", httpx.Wrap(p.Placement.Book))
	v1.Post("/placement-bookings/:id/cancel", httpx.Wrap(p.Placement.Cancel))
	v1.Post("/placement-bookings/:id/reschedule", httpx.Wrap(p.Placement.Reschedule))

	// Classrooms.
	v1.Post("/rooms/:room/bookings", httpx.Wrap(p.Rooms.Book))

	// Refunds and credit notes.
	v1.Post("/refunds",
		idempotency.Guard(p.Store, p.Log, idempotency.Required()),
		httpx.Wrap(p.Refunds.RequestRefund))
	v1.Post("/students/:id/credit-notes", httpx.Wrap(p.Refunds.IssueCreditNote))

	// Payroll.
	v1.Post("/payroll-runs", httpx.Wrap(p.Payroll.Start))

	// Corporate training.
	corp := v1.Group("/corporate")
	corp.Post("/contracts/:id/invoices", httpx.Wrap(p.Corporate.CreateInvoice))
	corp.Post("/invoices/:id/issue", httpx.Wrap(p.Corporate.IssueInvoice))
	corp.Post("/invoices/:id/remittances", httpx.Wrap(p.Corporate.RecordRemittance))

	// Provider webhooks.
	hooks := app.Group("/webhooks", httpx.RequestContext())
	hooks.Post("/stripe", stripeWebhook(p.Stripe, p.Log))
	hooks.Post("/payroll", payrollWebhook(p.Payroll, p.Config.PayrollWebhookSecret, p.Log))
	hooks.Post("/sms-status", gatewayToken(p.Config.SMSAPIKey), httpx.Wrap(smsStatus(p.Store)))
}

// requireStaff rejects requests that did not pass through the staff gateway.
func requireStaff() fiber.Handler {
	return func(c *fiber.Ctx) error {
		if c.Get("X-Staff-Id") == "" {
			return fiber.ErrUnauthorized
		}
		return c.Next()
	}
}
