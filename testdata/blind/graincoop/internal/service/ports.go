// Package service holds the cooperative's business operations. Services
// depend on the narrow interfaces below; cmd/* wires the concrete store
// and provider clients.
package service

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/ach"
	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/grading"
	"github.com/prairiegold/graincoop/internal/notify"
	"github.com/prairiegold/graincoop/internal/portal"
	"github.com/prairiegold/graincoop/internal/store"
	"github.com/prairiegold/graincoop/internal/weighbridge"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrInvalid      = errors.New("invalid request")
	ErrLimitReached = errors.New("advance limit reached")
)

// UnitOfWork runs a callback with repositories bound to one transaction.
type UnitOfWork interface {
	InTx(ctx context.Context, fn func(r *store.Repos) error) error
}

// Publisher emits domain events to Kafka.
type Publisher interface {
	Publish(ctx context.Context, topic, key, eventID string, evt any) error
}

// Payments is the ACH origination provider.
type Payments interface {
	CreatePayment(ctx context.Context, req ach.PaymentRequest, opts ...ach.CallOption) (*ach.Payment, error)
	CreateCounterparty(ctx context.Context, req ach.CounterpartyRequest, opts ...ach.CallOption) (*ach.Counterparty, error)
}

type Texter interface {
	Send(ctx context.Context, m notify.TextMessage) (*notify.TextReceipt, error)
}

type Mailer interface {
	Send(ctx context.Context, m notify.EmailMessage) (*notify.EmailReceipt, error)
}

type PortalPusher interface {
	Deliver(ctx context.Context, endpoint, secret string, evt portal.Event) error
}

type ScaleCommander interface {
	RequestReweigh(ctx context.Context, cmd weighbridge.ReweighCommand) (string, error)
}

// Repository views used outside transactions.

type GrowerReader interface {
	Get(ctx context.Context, id int64) (*domain.Grower, error)
	ByMemberNo(ctx context.Context, memberNo string) (*domain.Grower, error)
}

type GrowerRegistry interface {
	GrowerReader
	Register(ctx context.Context, g *domain.Grower) (bool, error)
}

type BankAccounts interface {
	Create(ctx context.Context, a *domain.BankAccount) error
	Get(ctx context.Context, id uuid.UUID) (*domain.BankAccount, error)
	Default(ctx context.Context, growerID int64) (*domain.BankAccount, error)
	ClearDefault(ctx context.Context, growerID int64) error
}

type Contracts interface {
	NextContractNo(ctx context.Context, c domain.Commodity, season int) (string, error)
	Create(ctx context.Context, c *domain.Contract) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Contract, error)
	AddDelivered(ctx context.Context, id uuid.UUID, bu decimal.Decimal) error
}

type Tickets interface {
	Capture(ctx context.Context, t *domain.ScaleTicket) (bool, error)
	Get(ctx context.Context, id int64) (*domain.ScaleTicket, error)
	ByNumber(ctx context.Context, elevatorID, ticketNo string) (*domain.ScaleTicket, error)
	Complete(ctx context.Context, id int64, tareLb int, res grading.Result, at time.Time) error
	SetStatus(ctx context.Context, id int64, s domain.TicketStatus) error
}

type Notifications interface {
	Find(ctx context.Context, channel, template, ref string) (*domain.Notification, error)
	Ensure(ctx context.Context, n *domain.Notification) (*domain.Notification, error)
	Record(ctx context.Context, n *domain.Notification) error
	MarkSent(ctx context.Context, id int64, providerID string, at time.Time) error
}

// Clock is swapped in tests and backfills.
type Clock func() time.Time

func SystemClock() time.Time { return time.Now().UTC() }

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	return err
}
