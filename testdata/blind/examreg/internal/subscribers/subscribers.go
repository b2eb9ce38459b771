// Package subscribers connects services to in-process domain events.
package subscribers

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/lexicaassess/examreg/internal/platform/events"
)

// Confirmations sends booking confirmation email.
type Confirmations interface {
	SendConfirmation(ctx context.Context, evt events.RegistrationConfirmed) error
}

// Refunds returns fees on withdrawal.
type Refunds interface {
	RefundWithdrawal(ctx context.Context, evt events.WithdrawalAccepted) error
}

// PrintOrders sends certificates to print.
type PrintOrders interface {
	OrderPrint(ctx context.Context, evt events.CertificateIssued) error
}

// Deps are the services driven by domain events.
type Deps struct {
	Confirmations Confirmations
	Refunds       Refunds
	PrintOrders   PrintOrders
}

// Register adds every subscriber to the bus's router. A handler error is
// retried by the router's retry middleware and then nacked for redelivery.
func Register(b *events.Bus, d Deps) {
	events.Subscribe(b, "confirmation-email", events.TopicRegistrationConfirmed,
		func(ctx context.Context, evt events.RegistrationConfirmed, _ *message.Message) error {
			return d.Confirmations.SendConfirmation(ctx, evt)
		})

	events.Subscribe(b, "withdrawal-refund", events.TopicWithdrawalAccepted,
		func(ctx context.Context, evt events.WithdrawalAccepted, _ *message.Message) error {
			return d.Refunds.RefundWithdrawal(ctx, evt)
		})

	events.Subscribe(b, "certificate-print", events.TopicCertificateIssued,
		func(ctx context.Context, evt events.CertificateIssued, _ *message.Message) error {
			return d.PrintOrders.OrderPrint(ctx, evt)
		})
}
