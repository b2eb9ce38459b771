// Package quota sells quota from the national reserve and moves quota
// between vessels.
package quota

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

// PriceFunc prices a purchase from the reserve in minor currency units.
type PriceFunc func(species, area string, kg int64) int64

type Service struct {
	uow       ports.UnitOfWork
	vessels   ports.VesselRepository
	holdings  ports.HoldingRepository
	ledger    ports.LedgerRepository
	purchases ports.PurchaseRepository
	transfers ports.TransferRepository
	outbox    ports.OutboxRepository
	payments  ports.PaymentGateway

	price    PriceFunc
	currency string
}

func New(
	uow ports.UnitOfWork,
	vessels ports.VesselRepository,
	holdings ports.HoldingRepository,
	ledger ports.LedgerRepository,
	purchases ports.PurchaseRepository,
	transfers ports.TransferRepository,
	outbox ports.OutboxRepository,
	payments ports.PaymentGateway,
	fees config.Fees,
) *Service {
	return &Service{
		uow:       uow,
		vessels:   vessels,
		holdings:  holdings,
		ledger:    ledger,
		purchases: purchases,
		transfers: transfers,
		outbox:    outbox,
		payments:  payments,
		price:     flatPrice(fees.QuotaPricePerKg),
		currency:  fees.Currency,
	}
}

func flatPrice(perKg int64) PriceFunc {
	return func(_, _ string, kg int64) int64 { return perKg * kg }
}

func (s *Service) activeVessel(ctx context.Context, id uuid.UUID) (*domain.Vessel, error) {
	v, err := s.vessels.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !v.Active() {
		return nil, fmt.Errorf("%w: %s is %s", ports.ErrVesselInactive, v.RegistrationNo, v.Status)
	}
	return v, nil
}

// Purchase buys quota from the national reserve. The vessel's mandate is
// charged now; the holding is credited when the provider confirms the
// charge (see payevents).
func (s *Service) Purchase(ctx context.Context, in ports.PurchaseInput) (*domain.QuotaPurchase, error) {
	if in.QuantityKg <= 0 {
		return nil, fmt.Errorf("quota: quantity must be positive")
	}
	vessel, err := s.activeVessel(ctx, in.VesselID)
	if err != nil {
		return nil, err
	}

	p, created, err := s.purchases.Claim(ctx, &domain.QuotaPurchase{
		ID:         uuid.New(),
		VesselID:   vessel.ID,
		ClientRef:  in.ClientRef,
		Species:    in.Species,
		Area:       in.Area,
		Season:     in.Season,
		QuantityKg: in.QuantityKg,
		PriceMinor: s.price(in.Species, in.Area, in.QuantityKg),
		Currency:   s.currency,
		Status:     domain.PurchasePending,
	})
	if err != nil {
		return nil, fmt.Errorf("quota: record purchase: %w", err)
	}
	if !created && p.Status != domain.PurchasePending {
		return p, nil
	}

	charge, err := s.payments.CreateCharge(ctx, ports.ChargeRequest{
		CustomerRef: vessel.PaymentCustomerRef,
		AmountMinor: p.PriceMinor,
		Currency:    p.Currency,
		Description: fmt.Sprintf("Quota %s/%s %d kg season %d", p.Species, p.Area, p.QuantityKg, p.Season),
		Metadata: map[string]string{
			"purchase_id": p.ID.String(),
			"vessel":      vessel.RegistrationNo,
		},
	})
	if err != nil {
		var apiErr interface{ Temporary() bool }
		if errors.As(err, &apiErr) && !apiErr.Temporary() {
			_ = s.purchases.SetStatus(ctx, p.ID, domain.PurchaseFailed)
		}
		return nil, fmt.Errorf("quota: charge purchase %s: %w", p.ID, err)
	}
	if err := s.purchases.MarkCharged(ctx, p.ID, charge.ID); err != nil {
		return nil, fmt.Errorf("quota: mark purchase %s charged: %w", p.ID, err)
	}
	p.Status, p.ChargeID = domain.PurchaseCharged, charge.ID
	return p, nil
}
