// Package topups sells extra data bundles for live eSIMs.
package topups

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/providers/adyen"
	"github.com/globetrek/esim-platform/internal/providers/carriers"
	"github.com/globetrek/esim-platform/internal/service/ports"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

var (
	ErrNotFound      = errors.New("topups: not found")
	ErrEsimNotLive   = errors.New("topups: esim is not live")
	ErrUnknownBundle = errors.New("topups: unknown bundle for this carrier")
	ErrNoPayment     = errors.New("topups: no stored payment method")
)

// Service is the top-up workflow.
type Service struct {
	db       *store.DB
	psp      ports.Payments
	carriers *carriers.Registry
	tasks    tasks.Enqueuer
	log      *slog.Logger
	now      func() time.Time
}

// New returns a top-up service.
func New(db *store.DB, psp ports.Payments, reg *carriers.Registry, q tasks.Enqueuer, log *slog.Logger) *Service {
	return &Service{db: db, psp: psp, carriers: reg, tasks: q, log: log, now: time.Now}
}

// CreateInput is a traveller's top-up request.
type CreateInput struct {
	CustomerID string
	EsimID     string
	BundleSKU  string
}

// Create records a top-up and queues its payment.
func (s *Service) Create(ctx context.Context, in CreateInput) (*model.TopUp, error) {
	e, err := s.db.Esims.Get(ctx, in.EsimID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && e.CustomerID != in.CustomerID) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if e.Status != model.EsimInstalled && e.Status != model.EsimReserved {
		return nil, ErrEsimNotLive
	}
	bundle, err := s.db.Plans.Get(ctx, in.BundleSKU)
	if errors.Is(err, store.ErrNotFound) || (err == nil && (bundle.Carrier != e.Carrier || !bundle.Active)) {
		return nil, ErrUnknownBundle
	}
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	t := &model.TopUp{
		ID:          uuid.NewString(),
		EsimID:      e.ID,
		CustomerID:  e.CustomerID,
		BundleCode:  bundle.SKU,
		DataBytes:   bundle.DataBytes,
		AmountMinor: bundle.PriceMinor,
		Currency:    bundle.Currency,
		Status:      model.TopUpPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if err := s.db.TopUps.Insert(ctx, t); err != nil {
		return nil, err
	}
	if err := s.tasks.Enqueue(ctx, tasks.ChargeTopUp(t.ID)); err != nil {
		return nil, err
	}
	return t, nil
}

// Charge takes payment for a pending top-up with the card stored on the
// original order.
func (s *Service) Charge(ctx context.Context, topUpID string) error {
	t, err := s.db.TopUps.Get(ctx, topUpID)
	if err != nil {
		return err
	}
	if t.Status != model.TopUpPending {
		return nil
	}
	e, err := s.db.Esims.Get(ctx, t.EsimID)
	if err != nil {
		return err
	}
	o, err := s.db.Orders.Get(ctx, e.OrderID)
	if err != nil {
		return err
	}
	if o.PaymentMethodID == nil {
		_, err := s.db.TopUps.Exec(ctx, "set_status", t.ID, model.TopUpFailed)
		if err != nil {
			return err
		}
		return ErrNoPayment
	}
	reference := "tu_" + xid.New().String()
	res, err := s.psp.Authorise(ctx, adyen.PaymentRequest{
		Reference:             reference,
		Amount:                adyen.Amount{Currency: t.Currency, Value: t.AmountMinor},
		ShopperReference:      t.CustomerID,
		StoredPaymentMethodID: *o.PaymentMethodID,
		ShopperInteraction:    "ContAuth",
		RecurringProcessing:   "CardOnFile",
		Metadata:              map[string]string{"top_up_id": t.ID, "esim_id": t.EsimID},
	}, adyen.WithIdempotencyKey(reference))
	if err != nil {
		return err
	}
	if res.ResultCode != adyen.ResultAuthorised {
		s.log.InfoContext(ctx, "top-up payment refused", "top_up", t.ID, "reason", res.RefusalReason)
		_, err := s.db.TopUps.Exec(ctx, "set_status", t.ID, model.TopUpFailed)
		return err
	}
	if _, err := s.db.TopUps.Exec(ctx, "mark_charged", t.ID, res.PSPReference); err != nil {
		return err
	}
	return s.tasks.Enqueue(ctx, tasks.ApplyTopUp(t.ID))
}

// Apply adds the paid bundle to the profile at the carrier.
func (s *Service) Apply(ctx context.Context, topUpID string) error {
	t, err := s.db.TopUps.Get(ctx, topUpID)
	if err != nil {
		return err
	}
	if t.Status != model.TopUpCharged && t.Status != model.TopUpApplying {
		return nil
	}
	e, err := s.db.Esims.Get(ctx, t.EsimID)
	if err != nil {
		return err
	}
	if e.ICCID == nil {
		return fmt.Errorf("top-up %s: esim %s has no profile", t.ID, e.ID)
	}
	c, err := s.carriers.Get(e.Carrier)
	if err != nil {
		return err
	}
	if _, err := s.db.TopUps.Exec(ctx, "set_status", t.ID, model.TopUpApplying); err != nil {
		return err
	}
	res, err := c.TopUp(ctx, carriers.TopUpRequest{
		ICCID:      *e.ICCID,
		BundleCode: t.BundleCode,
		DataBytes:  t.DataBytes,
	})
	if err != nil {
		return fmt.Errorf("top up at %s: %w", c.Code(), err)
	}
	if res.Pending {
		s.log.InfoContext(ctx, "top-up queued at carrier", "top_up", t.ID, "tx", res.TransactionID)
		return nil
	}
	return s.Applied(ctx, t.ID, res.TransactionID)
}

// Applied credits the bundle's data to the eSIM once the carrier confirms it.
func (s *Service) Applied(ctx context.Context, topUpID, carrierTx string) error {
	return s.db.InTx(ctx, func(r *store.Repos) error {
		t, err := r.TopUps.GetForUpdate(ctx, topUpID)
		if err != nil {
			return err
		}
		if _, err := r.TopUps.Exec(ctx, "set_status", t.ID, model.TopUpApplied); err != nil {
			return err
		}
		if _, err := r.Esims.Exec(ctx, "add_data", t.EsimID, t.DataBytes); err != nil {
			return err
		}
		s.log.InfoContext(ctx, "top-up applied", "top_up", t.ID, "carrier_tx", carrierTx, "bytes", t.DataBytes)
		return nil
	})
}
