// Package services implements the salon use cases on top of the ports.
package services

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/rs/xid"
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/core/ports"
)

// Module provides every core service.
var Module = fx.Module("services",
	fx.Provide(
		NewBookingService,
		NewCheckoutService,
		NewVoucherService,
		NewLoyaltyService,
		NewWaitlistService,
		NewClientService,
		NewPayoutService,
		NewBalanceLedger,
		NewPaymentService,
		NewMessagingService,
		NewSchedulingService,
	),
)

// Deps are the collaborators most services share.
type Deps struct {
	fx.In

	Tx          ports.TxRunner
	Log         *slog.Logger
	Appts       ports.AppointmentRepository
	Catalog     ports.CatalogRepository
	Clients     ports.ClientRepository
	Payments    ports.PaymentRepository
	Vouchers    ports.VoucherRepository
	Loyalty     ports.LoyaltyRepository
	Waitlist    ports.WaitlistRepository
	Messages    ports.MessageRepository
	Payouts     ports.PayoutRepository
	Idempotency ports.IdempotencyStore
	Inbox       ports.InboxStore
	Gateway     ports.PaymentGateway
	Messenger   ports.Messenger
	PayoutsAPI  ports.PayoutGateway
	Events      ports.EventPublisher
	Jobs        ports.JobScheduler
}

// clock is swapped in tests.
var clock = func() time.Time { return time.Now().UTC() }

// requestHash fingerprints a request body for Idempotency-Key reuse checks.
func requestHash(v any) string {
	raw, _ := json.Marshal(v)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// newEventID returns a sortable unique identifier for an outgoing event.
func newEventID() string { return xid.New().String() }
