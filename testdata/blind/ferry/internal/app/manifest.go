package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/jobs"
	"github.com/northsound/ferrydesk/internal/provider/portauthority"
	"github.com/northsound/ferrydesk/internal/store"
)

// Manifests files passenger and vehicle manifests with the port authority.
type Manifests struct {
	store     store.Store
	authority ManifestAuthority
	now       Clock
	log       *slog.Logger
}

// NewManifests builds the manifest service.
func NewManifests(s store.Store, a ManifestAuthority, log *slog.Logger) *Manifests {
	return &Manifests{store: s, authority: a, now: SystemClock, log: log.With("service", "manifests")}
}

// manifestReference is the client_reference for a sailing's n-th filing.
func manifestReference(carrier string, sailingID uuid.UUID, version int) string {
	return fmt.Sprintf("%s-%s-v%d", carrier, sailingID, version)
}

// Submit files the full manifest for a sailing.
func (s *Manifests) Submit(ctx context.Context, sailingID uuid.UUID) error {
	sailing, err := s.store.Sailings().Get(ctx, sailingID)
	if err != nil {
		return err
	}
	if sailing.Status == domain.SailingCancelled || sailing.ManifestStatus == domain.ManifestSubmitted {
		return nil
	}
	vessel, err := s.store.Vessels().Get(ctx, sailing.VesselID)
	if err != nil {
		return err
	}
	origin, err := s.store.Ports().Get(ctx, sailing.OriginPort)
	if err != nil {
		return err
	}
	dest, err := s.store.Ports().Get(ctx, sailing.DestinationPort)
	if err != nil {
		return err
	}
	people, vehicles, err := s.store.Manifests().Lines(ctx, sailing.ID)
	if err != nil {
		return err
	}

	version := sailing.ManifestVersion + 1
	m := portauthority.Manifest{
		ClientReference: manifestReference(s.authority.Carrier(), sailing.ID, version),
		VesselIMO:       vessel.IMONumber,
		DeparturePort:   origin.AuthorityCode,
		ArrivalPort:     dest.AuthorityCode,
		DepartureTime:   sailing.DepartsAt,
		Persons:         make([]portauthority.Person, 0, len(people)),
		Vehicles:        make([]portauthority.Vehicle, 0, len(vehicles)),
	}
	for _, p := range people {
		m.Persons = append(m.Persons, toAuthorityPerson(p))
	}
	for _, v := range vehicles {
		m.Vehicles = append(m.Vehicles, portauthority.Vehicle{
			Registration: v.Registration, Category: vehicleCategory(v.VehicleType),
			LengthCM: v.LengthCM, BookingRef: v.BookingRef,
		})
	}

	res, err := s.authority.SubmitManifest(ctx, m)
	if err != nil {
		return err
	}
	sub := domain.ManifestSubmission{
		SailingID:          sailing.ID,
		Version:            version,
		AuthorityReference: res.ManifestID,
		PassengerCount:     len(m.Persons),
		VehicleCount:       len(m.Vehicles),
		SubmittedAt:        s.now(),
	}
	if err := s.store.Manifests().RecordSubmission(ctx, sub); err != nil {
		return err
	}
	if err := s.store.Sailings().SetManifestSubmitted(ctx, sailing.ID, version); err != nil {
		return err
	}
	s.log.InfoContext(ctx, "manifest filed", "sailing", sailing.ID, "version", version,
		"authority_ref", res.ManifestID, "persons", len(m.Persons), "vehicles", len(m.Vehicles))
	return nil
}

// QueueDue queues a manifest filing for every sailing departing within lead
// that has not been filed yet.
func (s *Manifests) QueueDue(ctx context.Context, lead time.Duration) (int, error) {
	due, err := s.store.Sailings().DueForManifest(ctx, s.now().Add(lead))
	if err != nil {
		return 0, err
	}
	for _, sl := range due {
		if err := s.store.Jobs().Enqueue(ctx, jobs.ManifestSubmitArgs{SailingID: sl.ID}, nil); err != nil {
			return 0, err
		}
	}
	return len(due), nil
}

// Amend adds a passenger who checked in after the manifest was filed.
func (s *Manifests) Amend(ctx context.Context, sailingID, passengerID uuid.UUID) error {
	latest, err := s.store.Manifests().LatestSubmission(ctx, sailingID)
	if errors.Is(err, store.ErrNotFound) {
		// Not filed yet; the full manifest will include them.
		return nil
	}
	if err != nil {
		return err
	}
	p, err := s.store.Bookings().Passenger(ctx, passengerID)
	if err != nil {
		return err
	}
	b, err := s.store.Bookings().Get(ctx, p.BookingID)
	if err != nil {
		return err
	}
	person := toAuthorityPerson(domain.ManifestLine{
		PassengerID: p.ID, BookingRef: b.Reference, FullName: p.FullName,
		DateOfBirth: p.DateOfBirth, Nationality: p.Nationality, DocumentNumber: p.DocumentNumber,
	})

	res, err := s.authority.AmendManifest(ctx, latest.AuthorityReference, portauthority.Amendment{
		Action: "add",
		Person: &person,
		Reason: "late check-in",
	})
	if err != nil {
		return err
	}
	return s.store.Manifests().RecordAmendment(ctx, domain.ManifestAmendment{
		ID:                   uuid.New(),
		SailingID:            sailingID,
		PassengerID:          p.ID,
		AuthorityReference:   latest.AuthorityReference,
		AuthorityAmendmentID: res.AmendmentID,
	})
}

func toAuthorityPerson(l domain.ManifestLine) portauthority.Person {
	return portauthority.Person{
		FullName:       l.FullName,
		DateOfBirth:    l.DateOfBirth.Format("2006-01-02"),
		Nationality:    l.Nationality,
		DocumentNumber: l.DocumentNumber,
		BookingRef:     l.BookingRef,
	}
}

// vehicleCategory maps our vehicle types onto EMA's categories.
func vehicleCategory(t string) string {
	switch t {
	case "motorcycle":
		return "L"
	case "car", "campervan":
		return "M1"
	case "van":
		return "N1"
	case "hgv":
		return "N3"
	}
	return "OTHER"
}
