// Package httpapi exposes the customer, agent, internal, partner and
// webhook HTTP routes on fiber.
package httpapi

import (
	"context"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/gofiber/fiber/v2/middleware/requestid"
	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/payments"
	"github.com/basketline/grocery/internal/service"
)

type Baskets interface {
	Open(ctx context.Context, customerID uuid.UUID, storeID string) (*domain.Basket, bool, error)
	Get(ctx context.Context, customerID, basketID uuid.UUID) (*domain.Basket, error)
	SetItem(ctx context.Context, in service.SetItemInput) (*domain.Basket, error)
}

type Checkout interface {
	Checkout(ctx context.Context, in service.CheckoutInput) (*service.CheckoutResult, error)
}

type Slots interface {
	Available(ctx context.Context, storeID string, days int) ([]*domain.DeliverySlot, error)
	Reserve(ctx context.Context, in service.ReserveInput) (*domain.SlotReservation, error)
	Release(ctx context.Context, customerID, reservationID uuid.UUID) error
	ChangeSlot(ctx context.Context, customerID, orderID, slotID uuid.UUID) (*domain.Order, error)
}

type Orders interface {
	Get(ctx context.Context, actor service.Actor, id uuid.UUID) (*domain.Order, error)
	Cancel(ctx context.Context, actor service.Actor, id uuid.UUID, reason string) (*domain.Order, error)
	ReleaseToStore(ctx context.Context, id uuid.UUID) (*domain.Order, error)
	SetInstructions(ctx context.Context, actor service.Actor, id uuid.UUID, text string) error
}

type Refunds interface {
	AgentRefund(ctx context.Context, in service.AgentRefundInput) (*domain.Refund, error)
	DecideSubstitution(ctx context.Context, customerID, orderID, subID uuid.UUID, decision string) (*domain.Substitution, error)
}

type Loyalty interface {
	Enrol(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, bool, error)
	Account(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, error)
	Redeem(ctx context.Context, customerID, basketID uuid.UUID, points int64) (*domain.LoyaltyRedemption, error)
	Goodwill(ctx context.Context, in service.GoodwillInput) (*domain.LoyaltyLedgerEntry, error)
}

type Stock interface {
	ApplySnapshot(ctx context.Context, snap service.Snapshot) (int64, error)
}

type PaymentWebhooks interface {
	HandlePaymentEvent(ctx context.Context, ev payments.Event) error
}

// WebhookLog remembers which provider events have been handled.
type WebhookLog interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	Record(ctx context.Context, provider, eventID, eventType string) error
}

type Deps struct {
	Baskets  Baskets
	Checkout Checkout
	Slots    Slots
	Orders   Orders
	Refunds  Refunds
	Loyalty  Loyalty
	Stock    Stock
	Webhooks PaymentWebhooks
	Events   WebhookLog

	InternalToken  string
	WebhookSecret  string
	PartnerAPIKeys map[string]string // api key -> partner id
	Now            func() time.Time
	Log            *slog.Logger
}

type Server struct {
	d   Deps
	app *fiber.App
}

func New(d Deps) *Server {
	s := &Server{d: d}
	app := fiber.New(fiber.Config{
		AppName:      "basketline-api",
		ReadTimeout:  15 * time.Second,
		WriteTimeout: 30 * time.Second,
		BodyLimit:    2 << 20,
		ErrorHandler: s.errorHandler,
	})
	app.Use(recover.New())
	app.Use(requestid.New())
	app.Use(s.accessLog)

	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })

	v1 := app.Group("/v1", s.requireCustomer)
	v1.Post("/baskets", s.openBasket)
	v1.Get("/baskets/:basketID", s.getBasket)
	v1.Put("/baskets/:basketID/items/:sku", s.setBasketItem)
	v1.Post("/baskets/:basketID/checkout", s.checkout)

	v1.Get("/stores/:storeID/slots", s.listSlots)
	v1.Post("/slots/:slotID/reservations", s.reserveSlot)
	v1.Delete("/slot-reservations/:reservationID", s.releaseReservation)

	v1.Get("/orders/:orderID", s.getOrder)
	v1.Post("/orders/:orderID/cancel", s.cancelOrder)
	v1.Put("/orders/:orderID/slot", s.changeSlot)
	v1.Put("/orders/:orderID/delivery-instructions", s.setInstructions)
	v1.Post("/orders/:orderID/substitutions/:subID/decision", s.decideSubstitution)

	v1.Post("/loyalty/account", s.enrolLoyalty)
	v1.Get("/loyalty/account", s.getLoyalty)
	v1.Post("/loyalty/redemptions", s.redeemPoints)

	agent := app.Group("/agent/v1", s.requireInternal, s.requireAgent)
	agent.Post("/orders/:orderID/refunds", s.agentRefund)
	agent.Post("/orders/:orderID/cancel", s.cancelOrder)
	agent.Post("/customers/:customerID/goodwill", s.goodwill)

	internal := app.Group("/internal/v1", s.requireInternal)
	internal.Post("/orders/:orderID/release", s.releaseOrder)

	app.Post("/partners/v1/stock-snapshots", s.requirePartner, s.stockSnapshot)
	app.Post("/webhooks/processor", s.processorWebhook)

	s.app = app
	return s
}

func (s *Server) App() *fiber.App { return s.app }

func (s *Server) Listen(addr string) error { return s.app.Listen(addr) }

func (s *Server) Shutdown(ctx context.Context) error { return s.app.ShutdownWithContext(ctx) }
