// Package orders implements order intake and changes requested by merchants.
package orders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/payments"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// Charger is the slice of the payments client this service needs.
type Charger interface {
	CreateCharge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.Charge, error)
}

// Service handles merchant order commands.
type Service struct {
	store   store.Store
	charger Charger
	pricing *Pricing
	depots  map[string]bool
	log     *slog.Logger
	now     func() time.Time
}

// Option configures a Service.
type Option func(*Service)

// WithPricing overrides the price list.
func WithPricing(p *Pricing) Option { return func(s *Service) { s.pricing = p } }

// WithDepots restricts pickup to the given depots.
func WithDepots(ids ...string) Option {
	return func(s *Service) {
		for _, id := range ids {
			s.depots[id] = true
		}
	}
}

// WithClock overrides time.Now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New returns an order Service.
func New(st store.Store, charger Charger, opts ...Option) *Service {
	s := &Service{
		store:   st,
		charger: charger,
		pricing: DefaultPricing(),
		depots:  map[string]bool{},
		log:     slog.Default(),
		now:     time.Now,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// CreateOrderCmd is a merchant's request to deliver one parcel.
type CreateOrderCmd struct {
	MerchantID     uuid.UUID
	MerchantRef    string
	PickupDepotID  string
	Dropoff        domain.Point
	RecipientName  string
	RecipientPhone string
	ParcelGrams    int
	Priority       domain.Priority
}

// Subject implements command.Subjecter.
func (c CreateOrderCmd) Subject() string { return c.MerchantID.String() + "/" + c.MerchantRef }

func (c CreateOrderCmd) validate(depots map[string]bool) error {
	var problems []string
	if c.MerchantRef == "" {
		problems = append(problems, "merchant_ref is required")
	}
	if len(depots) > 0 && !depots[c.PickupDepotID] {
		problems = append(problems, "unknown pickup depot "+c.PickupDepotID)
	}
	if c.Dropoff.Lat < -90 || c.Dropoff.Lat > 90 || c.Dropoff.Lng < -180 || c.Dropoff.Lng > 180 {
		problems = append(problems, "dropoff out of range")
	}
	if !strings.HasPrefix(c.RecipientPhone, "+") {
		problems = append(problems, "recipient_phone must be E.164")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", domain.ErrInvalidArgument, strings.Join(problems, "; "))
	}
	return nil
}

// CreateOrder books a delivery and charges the fee to the merchant's card on file.
func (s *Service) CreateOrder(ctx context.Context, cmd CreateOrderCmd) (*domain.Order, error) {
	if cmd.Priority == "" {
		cmd.Priority = domain.PriorityStandard
	}
	if err := cmd.validate(s.depots); err != nil {
		return nil, err
	}
	m, err := s.store.Merchants().Get(ctx, cmd.MerchantID)
	if err != nil {
		return nil, fmt.Errorf("load merchant: %w", err)
	}
	if m.PaymentMethodID == "" {
		return nil, fmt.Errorf("%w: merchant has no card on file", domain.ErrInvalidArgument)
	}
	fee, err := s.pricing.Quote(cmd.ParcelGrams, cmd.Priority)
	if err != nil {
		return nil, fmt.Errorf("quote: %w", err)
	}

	o := &domain.Order{
		ID:             uuid.New(),
		MerchantID:     m.ID,
		MerchantRef:    cmd.MerchantRef,
		Status:         domain.OrderPendingPayment,
		Priority:       cmd.Priority,
		PickupDepotID:  cmd.PickupDepotID,
		Dropoff:        cmd.Dropoff,
		RecipientName:  cmd.RecipientName,
		RecipientPhone: cmd.RecipientPhone,
		ParcelGrams:    cmd.ParcelGrams,
		FeeCents:       fee,
		Currency:       m.Currency,
		CreatedAt:      s.now(),
	}
	if err := s.store.Orders().Insert(ctx, o); err != nil {
		return nil, fmt.Errorf("insert order: %w", err)
	}

	ch, err := s.charger.CreateCharge(ctx, payments.ChargeRequest{
		CustomerID:      m.PaymentCustomerID,
		PaymentMethodID: m.PaymentMethodID,
		AmountCents:     fee,
		Currency:        m.Currency,
		Description:     "Skyhop delivery " + cmd.MerchantRef,
	}, payments.WithIdempotencyKey("order-fee:"+o.ID.String()))
	if err != nil {
		// The order stays pending_payment; the expiry sweep cancels it.
		var pe *payments.Error
		if errors.As(err, &pe) && pe.Declined() {
			return nil, fmt.Errorf("%w: card declined", domain.ErrInvalidArgument)
		}
		return nil, fmt.Errorf("charge delivery fee: %w", err)
	}
	if err := s.store.Orders().SetCharged(ctx, o.ID, ch.ID); err != nil {
		return nil, fmt.Errorf("record charge: %w", err)
	}
	o.ChargeID = ch.ID
	o.Status = domain.OrderScheduled
	return o, nil
}

// UpgradeCmd upgrades a standard order to express.
type UpgradeCmd struct {
	OrderID uuid.UUID
}

// Subject implements command.Subjecter.
func (c UpgradeCmd) Subject() string { return c.OrderID.String() }

// UpgradeToExpress charges the express surcharge and bumps the order's priority.
func (s *Service) UpgradeToExpress(ctx context.Context, cmd UpgradeCmd) (*domain.Order, error) {
	o, err := s.store.Orders().Get(ctx, cmd.OrderID)
	if err != nil {
		return nil, err
	}
	if o.Priority == domain.PriorityExpress {
		return o, nil
	}
	if o.Status != domain.OrderScheduled {
		return nil, fmt.Errorf("%w: order is %s", domain.ErrInvalidTransition, o.Status)
	}
	m, err := s.store.Merchants().Get(ctx, o.MerchantID)
	if err != nil {
		return nil, err
	}
	surcharge := s.pricing.ExpressSurcharge()
	// One upgrade per order, so the order id is a stable key for the surcharge.
	if _, err := s.charger.CreateCharge(ctx, payments.ChargeRequest{
		CustomerID:      m.PaymentCustomerID,
		PaymentMethodID: m.PaymentMethodID,
		AmountCents:     surcharge,
		Currency:        o.Currency,
		Description:     "Express upgrade " + o.MerchantRef,
	}, payments.WithIdempotencyKey("express-upgrade:"+o.ID.String())); err != nil {
		return nil, fmt.Errorf("charge express surcharge: %w", err)
	}
	if _, err := s.store.Orders().UpgradePriority(ctx, o.ID, domain.PriorityExpress, surcharge); err != nil {
		return nil, err
	}
	return s.store.Orders().Get(ctx, o.ID)
}

// Get returns an order.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*domain.Order, error) {
	return s.store.Orders().Get(ctx, id)
}
