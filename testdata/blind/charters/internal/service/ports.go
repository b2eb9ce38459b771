package service

import (
	"context"
	"time"

	"github.com/saltline-charters/charterhub/internal/marina"
	"github.com/saltline-charters/charterhub/internal/payments"
)

// PaymentGateway is the part of the card processor the services use.
type PaymentGateway interface {
	CreateCharge(ctx context.Context, p payments.ChargeParams) (*payments.Charge, error)
	Refund(ctx context.Context, p payments.RefundParams) (*payments.Refund, error)
}

// MarinaGateway is the partner marina network.
type MarinaGateway interface {
	RequestBerth(ctx context.Context, r marina.BerthRequest) (*marina.BerthAck, error)
	ReleaseBerth(ctx context.Context, marinaCode, reference string) error
	OrderFuel(ctx context.Context, o marina.FuelOrder) (*marina.FuelAck, error)
}

// Texter sends a text message.
type Texter interface {
	Send(ctx context.Context, to, body string) error
}

// Publisher puts one message on the outbound topic.
type Publisher interface {
	Publish(ctx context.Context, data []byte, attrs map[string]string) error
}

// Clock is injected so tests and the batch runner can pin "now".
type Clock func() time.Time

func SystemClock() Clock { return func() time.Time { return time.Now().UTC() } }

// Settings are the knobs shared by the services.
type Settings struct {
	Currency string
	HoldTTL  time.Duration
}
