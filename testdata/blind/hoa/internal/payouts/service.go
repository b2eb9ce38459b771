// Package payouts pays vendors for completed maintenance work through
// Paylane's connected-account payouts.
package payouts

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/larchway/hoaops/internal/maintenance"
	"github.com/larchway/hoaops/internal/platform/apperr"
	"github.com/larchway/hoaops/internal/provider/paylane"
)

// Store persists vendor payouts.
type Store interface {
	Get(ctx context.Context, id uuid.UUID) (maintenance.Payout, error)
	MarkPaid(ctx context.Context, id uuid.UUID, transferRef string) error
}

// Vendors reads the vendor roster.
type Vendors interface {
	Get(ctx context.Context, id uuid.UUID) (maintenance.Vendor, error)
}

// Gateway is the subset of Paylane used here.
type Gateway interface {
	CreatePayout(ctx context.Context, req paylane.PayoutRequest) (paylane.Payout, error)
}

// Service pays vendors.
type Service interface {
	PayVendor(ctx context.Context, payoutID uuid.UUID) error
}

type service struct {
	store   Store
	vendors Vendors
	gateway Gateway
	log     *slog.Logger
}

// New builds the payouts service.
func New(store Store, vendors Vendors, gw Gateway, log *slog.Logger) Service {
	return &service{store: store, vendors: vendors, gateway: gw, log: log.With("component", "payouts")}
}

// PayVendor transfers a pending payout to the vendor's connected account.
func (s *service) PayVendor(ctx context.Context, payoutID uuid.UUID) error {
	p, err := s.store.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status == "paid" {
		return nil
	}
	v, err := s.vendors.Get(ctx, p.VendorID)
	if err != nil {
		return err
	}
	if v.PayoutAccountRef == nil || *v.PayoutAccountRef == "" {
		return fmt.Errorf("%w: vendor %s has no payout account", apperr.ErrPrecondMet, v.Name)
	}

	// One key per payout call: Paylane then collapses the client's own
	// transport retries into a single transfer.
	key := uuid.NewString()
	transfer, err := s.gateway.CreatePayout(ctx, paylane.PayoutRequest{
		Destination:    *v.PayoutAccountRef,
		AmountCents:    p.AmountCents,
		Currency:       "usd",
		Description:    "Maintenance work " + p.RequestID.String(),
		Metadata:       map[string]string{"payout_id": p.ID.String()},
		IdempotencyKey: key,
	})
	if err != nil {
		return fmt.Errorf("paylane payout %s: %w", p.ID, err)
	}
	if err := s.store.MarkPaid(ctx, p.ID, transfer.ID); err != nil {
		return fmt.Errorf("mark payout %s paid: %w", p.ID, err)
	}
	s.log.InfoContext(ctx, "vendor paid", "payout_id", p.ID, "vendor", v.Name, "transfer", transfer.ID)
	return nil
}
