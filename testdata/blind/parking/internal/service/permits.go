package service

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/idem"
	"github.com/cityparking/parking/internal/payments"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/pricing"
	"github.com/cityparking/parking/internal/store"
)

type PermitService struct {
	tx       store.TxManager
	permits  store.PermitRepository
	zones    store.ZoneRepository
	vehicles store.VehicleRepository
	accounts store.AccountRepository
	gateway  payments.Gateway
	clock    Clock
	settings Settings
}

func NewPermitService(
	tx store.TxManager,
	permits store.PermitRepository,
	zones store.ZoneRepository,
	vehicles store.VehicleRepository,
	accounts store.AccountRepository,
	gateway payments.Gateway,
	clock Clock,
	settings Settings,
) *PermitService {
	return &PermitService{tx: tx, permits: permits, zones: zones, vehicles: vehicles,
		accounts: accounts, gateway: gateway, clock: clock, settings: settings}
}

type PurchaseInput struct {
	AccountID uuid.UUID
	VehicleID uuid.UUID
	ZoneID    string
	StartDate time.Time
	Months    int
	AutoRenew bool
}

// Purchase buys a residential permit for one of the account's vehicles and
// charges the card on file straight away.
func (s *PermitService) Purchase(ctx context.Context, in PurchaseInput) (*domain.Permit, error) {
	if in.Months < 1 || in.Months > 12 {
		return nil, fmt.Errorf("%w: months must be 1-12", domain.ErrInvalidState)
	}
	acct, err := s.accounts.Get(ctx, in.AccountID)
	if err != nil {
		return nil, err
	}
	if !acct.HasCard() {
		return nil, domain.ErrNoCardOnFile
	}
	zone, err := s.zones.Get(ctx, in.ZoneID)
	if err != nil {
		return nil, err
	}
	if !zone.PermitZone {
		return nil, ErrZoneNotPermitted
	}
	vehicle, err := s.vehicles.Get(ctx, in.AccountID, in.VehicleID)
	if err != nil {
		return nil, err
	}

	from, to := pricing.PermitPeriod(in.StartDate, in.Months)
	permit, err := s.permits.UpsertPending(ctx, nil, &domain.Permit{
		ID:         uuid.New(),
		AccountID:  acct.ID,
		ZoneID:     zone.ID,
		Plate:      vehicle.Plate,
		ValidFrom:  from,
		ValidTo:    to,
		PriceCents: pricing.PermitPrice(*zone, in.Months),
		Status:     domain.PermitPendingPayment,
		AutoRenew:  in.AutoRenew,
		CreatedAt:  s.clock(),
	})
	if err != nil {
		return nil, err
	}
	if permit.AccountID != acct.ID {
		return nil, domain.ErrConflict
	}
	if permit.Status == domain.PermitActive {
		return permit, nil
	}

	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      acct.StripeCustomerID,
		PaymentMethodID: acct.DefaultPaymentPM,
		AmountCents:     permit.PriceCents,
		Currency:        s.settings.Currency,
		Description:     fmt.Sprintf("Residential permit %s %s", zone.Name, permit.Plate),
	},
		payments.WithIdempotencyKey(idem.NewKey("permit")),
		payments.WithMetadata("permit_id", permit.ID.String()),
		payments.WithStatementDescriptor("PERMIT "+zone.ID),
	)
	if err != nil {
		return nil, err
	}

	if err := s.permits.Activate(ctx, nil, permit.ID, res.PaymentIntentID); err != nil {
		return nil, fmt.Errorf("permit %s charged (%s) but not activated: %w", permit.ID, res.PaymentIntentID, err)
	}
	permit.Status = domain.PermitActive
	permit.PaymentIntentID = &res.PaymentIntentID
	return permit, nil
}

// renewalOrder is everything needed to charge and store one renewal.
type renewalOrder struct {
	permit  *domain.Permit
	request payments.ChargeRequest
	opKey   string
}

func (s *PermitService) buildRenewal(acct *domain.Account, zone *domain.Zone, prev *domain.Permit) renewalOrder {
	months := monthsBetween(prev.ValidFrom, prev.ValidTo)
	from, to := pricing.PermitPeriod(prev.ValidTo.AddDate(0, 0, 1), months)
	now := s.clock()
	p := &domain.Permit{
		ID:            uuid.New(),
		AccountID:     prev.AccountID,
		ZoneID:        prev.ZoneID,
		Plate:         prev.Plate,
		ValidFrom:     from,
		ValidTo:       to,
		PriceCents:    pricing.PermitPrice(*zone, months),
		Status:        domain.PermitPendingPayment,
		AutoRenew:     true,
		RenewedFromID: &prev.ID,
		CreatedAt:     now,
	}
	return renewalOrder{
		permit: p,
		request: payments.ChargeRequest{
			CustomerID:      acct.StripeCustomerID,
			PaymentMethodID: acct.DefaultPaymentPM,
			AmountCents:     p.PriceCents,
			Currency:        s.settings.Currency,
			Description:     fmt.Sprintf("Permit renewal %s %s", zone.Name, p.Plate),
		},
		opKey: "renew_" + prev.ID.String() + "_" + strconv.FormatInt(now.UnixNano(), 36),
	}
}

// Renew charges and stores the next period of an auto-renewing permit.
func (s *PermitService) Renew(ctx context.Context, permitID uuid.UUID) (*domain.Permit, error) {
	prev, err := s.permits.Get(ctx, permitID)
	if err != nil {
		return nil, err
	}
	if !prev.AutoRenew || prev.Status != domain.PermitActive {
		return nil, nil
	}
	if existing, err := s.permits.FindRenewalOf(ctx, prev.ID); err == nil {
		return existing, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}

	acct, err := s.accounts.Get(ctx, prev.AccountID)
	if err != nil {
		return nil, err
	}
	if !acct.HasCard() {
		logx.From(ctx).Info("permit not renewed: no card on file", "permit_id", prev.ID)
		return nil, nil
	}
	zone, err := s.zones.Get(ctx, prev.ZoneID)
	if err != nil {
		return nil, err
	}

	order := s.buildRenewal(acct, zone, prev)
	res, err := s.gateway.Charge(ctx, order.request,
		payments.WithIdempotencyKey(order.opKey),
		payments.WithMetadata("renewed_from", prev.ID.String()),
	)
	if err != nil {
		return nil, err
	}

	order.permit.Status = domain.PermitActive
	order.permit.PaymentIntentID = &res.PaymentIntentID
	err = s.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		return s.permits.InsertRenewal(ctx, tx, order.permit)
	})
	if err != nil {
		return nil, err
	}
	return order.permit, nil
}

func monthsBetween(from, to time.Time) int {
	m := (to.Year()-from.Year())*12 + int(to.Month()) - int(from.Month())
	if to.Day() >= from.Day()-1 {
		m++
	}
	if m < 1 {
		m = 1
	}
	return m
}
