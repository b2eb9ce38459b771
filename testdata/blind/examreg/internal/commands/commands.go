// Package commands defines the write-side commands dispatched by the HTTP
// layer and the handlers that carry them out.
package commands

import (
	"context"
	"log/slog"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/bus"
	"github.com/lexicaassess/examreg/internal/service/certificate"
	"github.com/lexicaassess/examreg/internal/service/payment"
	"github.com/lexicaassess/examreg/internal/service/registration"
	"github.com/lexicaassess/examreg/internal/service/withdrawal"
)

// RegisterForSession books a candidate into a session. Registration and
// Hold are filled in on success.
type RegisterForSession struct {
	CandidateID    string
	SessionID      string
	Accommodations string

	Registration *model.Registration
	Hold         *model.SeatHold
}

// StartFeePayment creates a PaymentIntent for a pending registration.
type StartFeePayment struct {
	RegistrationID string
	CandidateID    string

	Fee *payment.FeeView
}

// WithdrawRegistration withdraws a confirmed registration.
type WithdrawRegistration struct {
	RegistrationID string
	CandidateID    string

	Outcome *withdrawal.Outcome
}

// ReissueCertificate sends a certificate to print again.
type ReissueCertificate struct {
	CertificateID string
	Reason        string
	RequestedBy   string

	PartnerRef string
}

// Registrar is the booking service.
type Registrar interface {
	Register(ctx context.Context, in registration.RegisterInput) (*model.Registration, *model.SeatHold, error)
}

// FeeStarter is the payment service.
type FeeStarter interface {
	StartFee(ctx context.Context, registrationID string) (*payment.FeeView, error)
}

// Withdrawer is the withdrawal service.
type Withdrawer interface {
	Withdraw(ctx context.Context, registrationID, candidateID string) (*withdrawal.Outcome, error)
}

// Reissuer is the certificate service.
type Reissuer interface {
	Reissue(ctx context.Context, in certificate.ReissueInput) (string, error)
}

// Services are the collaborators of the command handlers.
type Services struct {
	Registrar  Registrar
	Fees       FeeStarter
	Withdrawer Withdrawer
	Reissuer   Reissuer
	// Owner reports whether a registration belongs to a candidate.
	Owner func(ctx context.Context, registrationID, candidateID string) (bool, error)
}

// Install registers every command handler on b, each wrapped in logging and
// metrics decorators.
func Install(b *bus.Bus, svc Services, log *slog.Logger, m *bus.Metrics) {
	install(b, log, m, registerHandler(svc.Registrar))
	install(b, log, m, startFeeHandler(svc.Fees, svc.Owner))
	install(b, log, m, withdrawHandler(svc.Withdrawer))
	install(b, log, m, reissueHandler(svc.Reissuer))
}

func install[C any](b *bus.Bus, log *slog.Logger, m *bus.Metrics, h bus.Handler[C]) {
	bus.Register(b, bus.Decorate(h, bus.WithLogging[C](log), bus.WithMetrics[C](m)))
}
