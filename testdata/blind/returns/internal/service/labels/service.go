// Package labels books, reissues and tracks carrier return labels.
package labels

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/jobs"
	"github.com/northwind-retail/rma/internal/platform/ids"
	"github.com/northwind-retail/rma/internal/platform/tx"
	"github.com/northwind-retail/rma/internal/provider/carrier"
	"github.com/northwind-retail/rma/internal/repo"
	"github.com/northwind-retail/rma/internal/service/webhooks"
)

// Carrier is the part of the ShipBridge client this package uses.
type Carrier interface {
	CreateLabel(ctx context.Context, req carrier.CreateLabelRequest, opts ...carrier.RequestOption) (*carrier.Label, error)
	VoidLabel(ctx context.Context, shipmentID string, opts ...carrier.RequestOption) error
}

type Publisher interface {
	PublishTx(ctx context.Context, t pgx.Tx, ev webhooks.Event) error
}

type Notifier interface {
	LabelReady(ctx context.Context, r domain.Return, labelURL string) error
}

// AddressBook resolves the customer's pickup address and the merchant's
// return warehouse.
type AddressBook interface {
	CustomerAddress(ctx context.Context, r domain.Return) (carrier.Address, error)
	WarehouseAddress(ctx context.Context, merchantID string) (carrier.Address, error)
}

type Service struct {
	pool     *pgxpool.Pool
	returns  repo.Returns
	items    repo.Items
	labels   repo.Labels
	tracking repo.Tracking
	seen     repo.CarrierEvents
	carrier  Carrier
	addr     AddressBook
	jobs     jobs.Enqueuer
	events   Publisher
	notify   Notifier
	log      *slog.Logger
}

type Deps struct {
	Pool     *pgxpool.Pool
	Returns  repo.Returns
	Items    repo.Items
	Labels   repo.Labels
	Tracking repo.Tracking
	Seen     repo.CarrierEvents
	Carrier  Carrier
	Address  AddressBook
	Jobs     jobs.Enqueuer
	Events   Publisher
	Notify   Notifier
	Log      *slog.Logger
}

func New(d Deps) *Service {
	return &Service{
		pool: d.Pool, returns: d.Returns, items: d.Items, labels: d.Labels, tracking: d.Tracking,
		seen: d.Seen, carrier: d.Carrier, addr: d.Address, jobs: d.Jobs, events: d.Events,
		notify: d.Notify, log: d.Log,
	}
}

const carrierName = "shipbridge"

// buildRequest assembles the label request for a return.
func (s *Service) buildRequest(ctx context.Context, r domain.Return, serviceLevel string) (carrier.CreateLabelRequest, error) {
	from, err := s.addr.CustomerAddress(ctx, r)
	if err != nil {
		return carrier.CreateLabelRequest{}, fmt.Errorf("customer address: %w", err)
	}
	to, err := s.addr.WarehouseAddress(ctx, r.MerchantID)
	if err != nil {
		return carrier.CreateLabelRequest{}, fmt.Errorf("warehouse address: %w", err)
	}
	items, err := s.items.ListByReturn(ctx, s.pool, r.ID)
	if err != nil {
		return carrier.CreateLabelRequest{}, err
	}
	return carrier.CreateLabelRequest{
		Reference:    r.ID,
		ServiceLevel: serviceLevel,
		From:         from,
		To:           to,
		Parcel:       estimateParcel(items),
		LabelFormat:  "pdf",
	}, nil
}

func estimateParcel(items []domain.ReturnItem) carrier.Parcel {
	units := 0
	for _, it := range items {
		units += it.Quantity
	}
	if units == 0 {
		units = 1
	}
	return carrier.Parcel{WeightGrams: 450 * units, LengthCM: 35, WidthCM: 25, HeightCM: 8 + 4*min(units, 8)}
}

// bookingAttempt carries per-call metadata for one label purchase.
type bookingAttempt struct {
	key       string
	requestID string
	started   time.Time
}

func newBookingAttempt() bookingAttempt {
	return bookingAttempt{key: uuid.NewString(), requestID: uuid.NewString(), started: time.Now()}
}

func (a bookingAttempt) options() []carrier.RequestOption {
	return []carrier.RequestOption{
		carrier.WithIdempotencyKey(a.key),
		carrier.WithRequestID(a.requestID),
		carrier.WithTimeout(30 * time.Second),
	}
}

// BookNow books a label synchronously for merchants who print labels at the
// counter. It returns the existing label if one was already booked.
func (s *Service) BookNow(ctx context.Context, returnID, serviceLevel string) (domain.LabelBooking, error) {
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return domain.LabelBooking{}, err
	}
	if existing, err := s.labels.GetByReturn(ctx, s.pool, ret.ID); err == nil && existing.Status == domain.LabelBooked {
		return existing, nil
	} else if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return domain.LabelBooking{}, err
	}
	if ret.Status != domain.StatusApproved && ret.Status != domain.StatusRequested {
		return domain.LabelBooking{}, fmt.Errorf("%w: return is %s", domain.ErrInvalidState, ret.Status)
	}
	req, err := s.buildRequest(ctx, ret, serviceLevel)
	if err != nil {
		return domain.LabelBooking{}, err
	}

	attempt := newBookingAttempt()
	label, err := s.carrier.CreateLabel(ctx, req, attempt.options()...)
	if err != nil {
		return domain.LabelBooking{}, fmt.Errorf("book label: %w", err)
	}
	s.log.InfoContext(ctx, "label booked", "return_id", ret.ID, "shipment_id", label.ShipmentID,
		"request_id", attempt.requestID, "elapsed", time.Since(attempt.started))

	booking := domain.LabelBooking{
		ID:                ids.New("lbl"),
		ReturnID:          ret.ID,
		Carrier:           carrierName,
		ServiceLevel:      serviceLevel,
		Status:            domain.LabelBooked,
		CarrierShipmentID: label.ShipmentID,
		TrackingNumber:    label.TrackingNumber,
		LabelURL:          label.LabelURL,
	}
	err = tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		if err := s.labels.Upsert(ctx, t, booking); err != nil {
			return err
		}
		_, err := s.returns.Transition(ctx, t, ret.ID,
			[]domain.ReturnStatus{domain.StatusRequested, domain.StatusApproved}, domain.StatusLabeled)
		return err
	})
	return booking, err
}

// BookFromJob books the label for an approved return from the label.book
// job. The booking row is committed first and its id is the carrier
// idempotency key, so every retry of the job asks ShipBridge for the same
// label.
func (s *Service) BookFromJob(ctx context.Context, returnID, serviceLevel string) error {
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return err
	}
	if ret.Status != domain.StatusApproved {
		s.log.InfoContext(ctx, "skip label booking", "return_id", ret.ID, "status", ret.Status)
		return nil
	}
	booking, err := s.labels.EnsurePending(ctx, s.pool, domain.LabelBooking{
		ID:           ids.New("lbl"),
		ReturnID:     ret.ID,
		Carrier:      carrierName,
		ServiceLevel: serviceLevel,
	})
	if err != nil {
		return err
	}
	if booking.Status == domain.LabelBooked {
		return nil
	}
	req, err := s.buildRequest(ctx, ret, booking.ServiceLevel)
	if err != nil {
		return err
	}
	label, err := s.carrier.CreateLabel(ctx, req,
		carrier.WithIdempotencyKey(booking.ID),
		carrier.WithRequestID(ids.NewUUID()),
	)
	if err != nil {
		_ = s.labels.MarkFailed(ctx, s.pool, booking.ID, err.Error())
		return fmt.Errorf("book label %s: %w", booking.ID, err)
	}
	err = tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		if err := s.labels.MarkBooked(ctx, t, booking.ID, label.ShipmentID, label.TrackingNumber, label.LabelURL); err != nil {
			return err
		}
		if _, err := s.returns.Transition(ctx, t, ret.ID, []domain.ReturnStatus{domain.StatusApproved}, domain.StatusLabeled); err != nil {
			return err
		}
		return s.events.PublishTx(ctx, t, webhooks.Event{
			ID:         ids.Derive("evt", "label.created", booking.ID),
			MerchantID: ret.MerchantID,
			Type:       "label.created",
			Data: map[string]any{
				"return_id": ret.ID, "tracking_number": label.TrackingNumber, "label_url": label.LabelURL,
			},
		})
	})
	if err != nil {
		return err
	}
	if err := s.notify.LabelReady(ctx, ret, label.LabelURL); err != nil {
		s.log.WarnContext(ctx, "label email failed", "return_id", ret.ID, "err", err)
	}
	return nil
}

// Reissue replaces a label the carrier expired or voided.
func (s *Service) Reissue(ctx context.Context, returnID, shipmentID, reason string) error {
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return err
	}
	if ret.Status != domain.StatusLabeled {
		return nil
	}
	booking, err := s.labels.GetByReturn(ctx, s.pool, ret.ID)
	if err != nil {
		return err
	}
	if booking.CarrierShipmentID != shipmentID {
		// A newer label already replaced the one this job was created for.
		return nil
	}
	if err := s.carrier.VoidLabel(ctx, shipmentID); err != nil {
		var apiErr *carrier.APIError
		if !errors.As(err, &apiErr) || apiErr.Retryable() {
			return err
		}
		s.log.WarnContext(ctx, "void before reissue failed", "shipment_id", shipmentID, "err", err)
	}
	req, err := s.buildRequest(ctx, ret, booking.ServiceLevel)
	if err != nil {
		return err
	}
	label, err := s.carrier.CreateLabel(ctx, req, carrier.WithTimeout(30*time.Second))
	if err != nil {
		return fmt.Errorf("reissue label for %s (%s): %w", ret.ID, reason, err)
	}
	if err := s.labels.MarkBooked(ctx, s.pool, booking.ID, label.ShipmentID, label.TrackingNumber, label.LabelURL); err != nil {
		return err
	}
	if err := s.notify.LabelReady(ctx, ret, label.LabelURL); err != nil {
		s.log.WarnContext(ctx, "reissued label email failed", "return_id", ret.ID, "err", err)
	}
	return nil
}

// HandleTracking applies a ShipBridge tracking webhook.
func (s *Service) HandleTracking(ctx context.Context, ev carrier.TrackingWebhook) error {
	seen, err := s.seen.Seen(ctx, s.pool, ev.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	booking, err := s.labels.GetByTracking(ctx, s.pool, ev.TrackingNumber)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "tracking event for unknown label", "tracking", ev.TrackingNumber)
		return nil
	}
	if err != nil {
		return err
	}

	err = tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		if err := s.tracking.Insert(ctx, t, domain.TrackingEvent{
			ID:             ids.New("trk"),
			ReturnID:       booking.ReturnID,
			TrackingNumber: ev.TrackingNumber,
			Status:         ev.Status,
			Location:       ev.Location,
			OccurredAt:     ev.OccurredAt,
		}); err != nil {
			return err
		}
		switch ev.Status {
		case "accepted", "in_transit":
			_, err := s.returns.Transition(ctx, t, booking.ReturnID,
				[]domain.ReturnStatus{domain.StatusLabeled}, domain.StatusInTransit)
			return err
		case "label_expired", "label_voided":
			return s.jobs.EnqueueTx(ctx, t, jobs.ReissueLabelArgs{
				ReturnID: booking.ReturnID, ShipmentID: ev.ShipmentID, Reason: ev.Status,
			})
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.seen.Record(ctx, s.pool, ev.EventID)
}
