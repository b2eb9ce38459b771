package returns

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/store"
	"github.com/quayside/lockers/internal/webhooks"
)

// NoticeFunc tells a recipient their parcel is going back.
type NoticeFunc func(ctx context.Context, phone, lockerName, barcode string) error

type SweepOption func(*Sweeper)

func WithNotice(fn NoticeFunc) SweepOption {
	return func(s *Sweeper) { s.notice = fn }
}

func WithBatchSize(n int) SweepOption {
	return func(s *Sweeper) { s.batch = n }
}

// Sweeper marks parcels whose pickup window has passed for return.
type Sweeper struct {
	tx        store.TxRunner
	repos     store.Repos
	publisher webhooks.Publisher
	notice    NoticeFunc
	batch     int
	log       *slog.Logger
	now       func() time.Time
}

func NewSweeper(tx store.TxRunner, repos store.Repos, publisher webhooks.Publisher, log *slog.Logger, opts ...SweepOption) *Sweeper {
	s := &Sweeper{
		tx:        tx,
		repos:     repos,
		publisher: publisher,
		notice:    func(context.Context, string, string, string) error { return nil },
		batch:     200,
		log:       log,
		now:       time.Now,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *Sweeper) Run(ctx context.Context) (int, error) {
	overdue, err := s.repos.Parcels.ListOverdue(ctx, s.now(), s.batch)
	if err != nil {
		return 0, err
	}
	marked := 0
	var errs []error
	for _, p := range overdue {
		if err := s.sweepOne(ctx, p); err != nil {
			errs = append(errs, fmt.Errorf("parcel %s: %w", p.ID, err))
			continue
		}
		marked++
	}
	return marked, errors.Join(errs...)
}

func (s *Sweeper) sweepOne(ctx context.Context, p domain.Parcel) error {
	sh, err := s.repos.Shipments.Get(ctx, p.ShipmentID)
	if err != nil {
		return err
	}
	locker, err := s.repos.Lockers.Get(ctx, p.LockerID)
	if err != nil {
		return err
	}

	if err := s.notice(ctx, sh.RecipientPhone, locker.Name, p.Barcode); err != nil {
		return fmt.Errorf("notify recipient: %w", err)
	}

	now := s.now().UTC()
	marked, err := store.InTx(ctx, s.tx, func(ctx context.Context, r store.Repos) (bool, error) {
		ok, err := r.Parcels.MarkReturnPending(ctx, p.ID, now)
		if err != nil || !ok {
			return ok, err
		}
		_, err = r.Shipments.Transition(ctx, sh.ID, []domain.ShipmentStatus{domain.ShipmentInLocker}, domain.ShipmentReturning)
		return true, err
	})
	if err != nil {
		return err
	}
	if !marked {
		return nil
	}
	return webhooks.Publish(ctx, s.publisher, "shipment.returned:"+sh.ID, webhooks.TypeShipmentReturned, sh.PartnerID,
		webhooks.ShipmentReturnedPayload{
			ShipmentID:  sh.ID,
			ExternalRef: sh.ExternalRef,
			Reason:      "pickup_window_expired",
			OccurredAt:  now,
		})
}
