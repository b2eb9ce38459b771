package service

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/platform/ids"
	"github.com/haulgrid/loadboard/internal/providers/eld"
)

// TrackingService subscribes booked loads to ELD tracking and stores the
// position pings vendors send back.
type TrackingService struct {
	loads       LoadStore
	carriers    CarrierStore
	assignments AssignmentStore
	pings       PingStore
	tracker     Tracker
	log         *slog.Logger
	now         NowFunc
}

func NewTrackingService(loads LoadStore, carriers CarrierStore, assignments AssignmentStore, pings PingStore, tracker Tracker, log *slog.Logger) *TrackingService {
	return &TrackingService{
		loads:       loads,
		carriers:    carriers,
		assignments: assignments,
		pings:       pings,
		tracker:     tracker,
		log:         log,
		now:         time.Now,
	}
}

// StartTracking subscribes to the carrier's ELD for the load's transit
// window. The subscription's external_ref is the tender ID, so the vendor
// answers a repeated request with the existing subscription.
func (s *TrackingService) StartTracking(ctx context.Context, loadID, tenderID string) (string, error) {
	a, err := s.assignments.LatestForLoad(ctx, loadID)
	if err != nil {
		return "", err
	}
	if a.TrackingSubscriptionID != "" {
		return a.TrackingSubscriptionID, nil
	}
	carrier, err := s.carriers.Get(ctx, a.CarrierID)
	if err != nil {
		return "", err
	}
	if carrier.ELDVendor == "" {
		s.log.InfoContext(ctx, "carrier has no ELD integration; tracking by check calls", "carrier_id", carrier.ID)
		return "", nil
	}
	load, err := s.loads.Get(ctx, loadID)
	if err != nil {
		return "", err
	}
	sub, err := s.tracker.CreateSubscription(ctx, eld.SubscriptionRequest{
		ExternalRef: "tender:" + tenderID,
		Vendor:      carrier.ELDVendor,
		AccountID:   carrier.ELDAccountID,
		TruckNumber: a.TruckNumber,
		DriverPhone: a.DriverPhone,
		StartsAt:    load.PickupAt.Add(-2 * time.Hour),
		EndsAt:      load.DeliverBy.Add(12 * time.Hour),
	})
	var exists *eld.ExistsError
	switch {
	case errors.As(err, &exists):
		sub = &exists.Existing
	case err != nil:
		return "", err
	}
	if sub.DeviceID != "" {
		if err := s.pings.RegisterDevice(ctx, carrier.ELDVendor, sub.DeviceID, sub.ID); err != nil {
			return "", err
		}
	}
	if err := s.assignments.SetTrackingSubscription(ctx, loadID, sub.ID); err != nil {
		return "", err
	}
	return sub.ID, nil
}

// PingInput is one position from a vendor webhook.
type PingInput struct {
	DeviceID   string
	Lat, Lng   float64
	SpeedMph   float64
	Heading    int
	RecordedAt time.Time
}

// IngestPings stores a vendor's batch of pings. Vendors resend batches they
// did not get a 2xx for; pings already stored are skipped.
func (s *TrackingService) IngestPings(ctx context.Context, vendor string, in []PingInput) (int64, error) {
	received := s.now().UTC()
	loadByDevice := map[string]string{}
	pings := make([]domain.Ping, 0, len(in))
	for _, p := range in {
		loadID, ok := loadByDevice[p.DeviceID]
		if !ok {
			id, err := s.pings.LoadForDevice(ctx, vendor, p.DeviceID)
			if err != nil {
				return 0, err
			}
			loadByDevice[p.DeviceID], loadID = id, id
		}
		ping := domain.Ping{
			ID:         ids.Short(),
			Vendor:     vendor,
			DeviceID:   p.DeviceID,
			LoadID:     loadID,
			Lat:        p.Lat,
			Lng:        p.Lng,
			SpeedMph:   p.SpeedMph,
			Heading:    p.Heading,
			RecordedAt: p.RecordedAt.UTC().Truncate(time.Second),
			ReceivedAt: received,
		}
		if !ping.Valid() {
			s.log.WarnContext(ctx, "dropping invalid ping", "vendor", vendor, "device_id", p.DeviceID)
			continue
		}
		pings = append(pings, ping)
	}
	n, err := s.pings.InsertBatch(ctx, pings)
	if err != nil {
		return 0, err
	}
	for _, loadID := range loadByDevice {
		if loadID == "" {
			continue
		}
		if _, err := s.loads.Transition(ctx, loadID, domain.LoadInTransit, domain.LoadCovered); err != nil {
			return n, err
		}
	}
	return n, nil
}
