package services

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/quillpress/apcdesk/internal/domain"
	"github.com/quillpress/apcdesk/internal/platform/retryx"
	"github.com/quillpress/apcdesk/internal/providers/payments"
)

// ReconcileConfig configures the reconciler.
type ReconcileConfig struct {
	ReconcileBatch int
	// ReconcileAfter is how long a direct debit may sit pending before the
	// reconciler asks the provider about it instead of waiting for a webhook.
	ReconcileAfter time.Duration
}

// Reconciler implements domain.Reconciler.
type Reconciler struct {
	store    domain.Store
	provider PaymentsProvider
	cfg      ReconcileConfig
	log      *slog.Logger
	now      Clock
}

var _ domain.Reconciler = (*Reconciler)(nil)

// NewReconciler wires a Reconciler.
func NewReconciler(store domain.Store, provider PaymentsProvider, cfg ReconcileConfig, log *slog.Logger) *Reconciler {
	if cfg.ReconcileBatch == 0 {
		cfg.ReconcileBatch = 100
	}
	if cfg.ReconcileAfter == 0 {
		cfg.ReconcileAfter = 6 * time.Hour
	}
	return &Reconciler{store: store, provider: provider, cfg: cfg, log: log.With("service", "reconciler"), now: UTC}
}

// Reconcile asks the provider about direct debits that have been pending
// longer than ReconcileAfter, in case a webhook was lost.
func (s *Reconciler) Reconcile(ctx context.Context) (int, error) {
	pending, err := s.store.Payments().ListPending(ctx, domain.MethodBankTransfer, s.now().Add(-s.cfg.ReconcileAfter), s.cfg.ReconcileBatch)
	if err != nil {
		return 0, err
	}
	moved := 0
	for _, p := range pending {
		remote, err := retryx.Value(ctx, func() (*payments.Payment, error) {
			return s.provider.GetPayment(ctx, p.ProviderPaymentID)
		})
		if err != nil {
			s.log.WarnContext(ctx, "could not fetch payment", "payment", p.ProviderPaymentID, "err", err)
			continue
		}
		status := mapProviderStatus(remote.Status)
		if status == domain.PaymentPending {
			continue
		}
		applied, err := s.applyPolled(ctx, p, remote, status)
		if err != nil {
			return moved, err
		}
		if applied {
			moved++
		}
	}
	return moved, nil
}

func (s *Reconciler) applyPolled(ctx context.Context, p domain.Payment, remote *payments.Payment, status domain.PaymentStatus) (bool, error) {
	payload, _ := json.Marshal(remote)
	ev := domain.PaymentEvent{
		ProviderEventID:   fmt.Sprintf("poll:%s:%s", remote.ID, remote.Status),
		Type:              "payment." + remote.Status,
		ProviderPaymentID: remote.ID,
		Payload:           payload,
		ReceivedAt:        s.now(),
	}
	applied := false
	err := s.store.Tx(ctx, func(tx domain.Store) error {
		inserted, err := tx.Payments().InsertEventIfAbsent(ctx, ev)
		if err != nil || !inserted {
			return err
		}
		moved, err := tx.Payments().SetStatusFrom(ctx, p.ID, domain.PaymentPending, status)
		if err != nil || !moved {
			return err
		}
		applied = true
		if status != domain.PaymentSucceeded {
			return nil
		}
		return markInvoicePaid(ctx, tx, p.InvoiceID, p.ID, s.now())
	})
	return applied, err
}
