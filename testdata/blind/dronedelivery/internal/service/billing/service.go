// Package billing covers money movements with merchants: refunds, credit notes,
// post-delivery surcharges and the monthly surcharge invoice run.
package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/payments"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// Gateway is the slice of the payments client billing needs.
type Gateway interface {
	CreateCharge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.Charge, error)
	CreateRefund(ctx context.Context, req payments.RefundRequest, opts ...payments.CallOption) (*payments.Refund, error)
}

// SurchargeFunc prices a completed flight beyond the included distance.
type SurchargeFunc func(flownKm float64) int64

// Service implements billing commands.
type Service struct {
	store           store.Store
	gateway         Gateway
	surcharge       SurchargeFunc
	minInvoiceCents int64
	log             *slog.Logger
	now             func() time.Time
}

// Option configures a Service.
type Option func(*Service)

// WithSurcharge sets the distance surcharge function.
func WithSurcharge(f SurchargeFunc) Option { return func(s *Service) { s.surcharge = f } }

// WithMinInvoice skips merchants whose outstanding balance is below cents.
func WithMinInvoice(cents int64) Option { return func(s *Service) { s.minInvoiceCents = cents } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// WithClock overrides time.Now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// New returns a billing Service.
func New(st store.Store, gw Gateway, opts ...Option) *Service {
	s := &Service{
		store:           st,
		gateway:         gw,
		surcharge:       func(float64) int64 { return 0 },
		minInvoiceCents: 500,
		log:             slog.Default(),
		now:             time.Now,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// AccrueDistanceSurcharge books the post-delivery distance surcharge onto the
// merchant's outstanding balance, to be collected by the monthly run.
func (s *Service) AccrueDistanceSurcharge(ctx context.Context, orderID uuid.UUID, flownKm float64) (int64, error) {
	o, err := s.store.Orders().Get(ctx, orderID)
	if err != nil {
		return 0, err
	}
	amount := s.surcharge(flownKm)
	if amount <= 0 {
		return 0, nil
	}
	err = s.store.InTx(ctx, func(r store.Repos) error {
		oid := o.ID
		if err := r.Ledger().Append(ctx, &domain.LedgerEntry{
			ID:          uuid.New(),
			MerchantID:  o.MerchantID,
			OrderID:     &oid,
			EntryType:   "distance_surcharge",
			AmountCents: amount,
			Memo:        fmt.Sprintf("%.1f km flown", flownKm),
		}); err != nil {
			return err
		}
		return r.Merchants().AddOutstanding(ctx, o.MerchantID, amount)
	})
	if err != nil {
		return 0, fmt.Errorf("accrue surcharge for %s: %w", o.ID, err)
	}
	return amount, nil
}
