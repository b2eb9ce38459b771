package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/example/topup/internal/carrier"
	"github.com/example/topup/internal/domain"
)

// CustomerNotifier publishes customer-facing notifications (SMS/push) to the
// notifications FIFO queue.
type CustomerNotifier interface {
	Notify(ctx context.Context, groupID, dedupID string, n CustomerNotification) error
}

type CustomerNotification struct {
	CustomerID uuid.UUID         `json:"customer_id"`
	MSISDN     string            `json:"msisdn"`
	Template   string            `json:"template"`
	Params     map[string]string `json:"params"`
}

type ActivationService struct {
	pool     *pgxpool.Pool
	bundles  BundleRepository
	carrier  carrier.API
	notifier CustomerNotifier
	log      *slog.Logger
}

func NewActivationService(pool *pgxpool.Pool, bundles BundleRepository, c carrier.API, n CustomerNotifier, log *slog.Logger) *ActivationService {
	return &ActivationService{pool: pool, bundles: bundles, carrier: c, notifier: n, log: log.With("svc", "activation")}
}

// Activate provisions a paid bundle on the subscriber's line and sends the
// confirmation SMS.
func (s *ActivationService) Activate(ctx context.Context, orderID uuid.UUID) error {
	o, err := s.bundles.GetOrder(ctx, s.pool, orderID)
	if err != nil {
		return err
	}
	if o.Status != "paid" && o.Status != "active" {
		return fmt.Errorf("%w: order %s is %s", domain.ErrInvalidState, o.ID, o.Status)
	}
	b, err := s.bundles.GetBundle(ctx, s.pool, o.BundleCode)
	if err != nil {
		return err
	}

	act, err := s.carrier.ActivateBundle(ctx, carrier.BundleActivation{
		MSISDN:         o.MSISDN,
		Operator:       b.Operator,
		BundleCode:     b.Code,
		Reference:      o.Reference,
		IdempotencyKey: "bundle-activation-" + o.ID.String(),
	})
	if err != nil {
		return err
	}
	if _, err := s.bundles.MarkOrderActive(ctx, s.pool, o.ID); err != nil {
		return err
	}

	return s.notifier.Notify(ctx, o.CustomerID.String(), uuid.NewString(), CustomerNotification{
		CustomerID: o.CustomerID,
		MSISDN:     o.MSISDN,
		Template:   "bundle_activated",
		Params: map[string]string{
			"bundle":     b.Description,
			"reference":  o.Reference,
			"expires_at": act.ExpiresAt,
		},
	})
}
