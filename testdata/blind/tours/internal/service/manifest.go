package service

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/provider/supplierapi"
)

// ManifestService maintains traveller manifests and sends rooming lists to
// suppliers.
type ManifestService struct {
	bookings   BookingStore
	departures DepartureStore
	travellers TravellerStore
	manifests  ManifestStore
	gateway    SupplierGateway
	log        *slog.Logger

	newID func() string
	now   Clock
}

// NewManifestService constructs a ManifestService.
func NewManifestService(bookings BookingStore, departures DepartureStore, travellers TravellerStore,
	manifests ManifestStore, gateway SupplierGateway, log *slog.Logger) *ManifestService {
	return &ManifestService{
		bookings: bookings, departures: departures, travellers: travellers,
		manifests: manifests, gateway: gateway, log: log,
		newID: ids.Manifest,
		now:   time.Now,
	}
}

// TravellerInput is a traveller's details as entered by the lead booker.
type TravellerInput struct {
	FullName    string `json:"full_name"`
	DateOfBirth string `json:"date_of_birth"`
	PassportNo  string `json:"passport_no"`
	Nationality string `json:"nationality"`
	Dietary     string `json:"dietary"`
	RoomShare   string `json:"room_share"`
}

func (in TravellerInput) apply(t *domain.Traveller) error {
	name := strings.TrimSpace(in.FullName)
	if name == "" {
		return domain.Invalid("full_name", "required")
	}
	t.FullName = name
	t.PassportNo = strings.ToUpper(strings.ReplaceAll(in.PassportNo, " ", ""))
	t.Nationality = strings.ToUpper(strings.TrimSpace(in.Nationality))
	t.Dietary = strings.TrimSpace(in.Dietary)
	t.RoomShare = strings.TrimSpace(in.RoomShare)
	t.DateOfBirth = nil
	if in.DateOfBirth != "" {
		dob, err := time.Parse("2006-01-02", in.DateOfBirth)
		if err != nil {
			return domain.Invalid("date_of_birth", "must be YYYY-MM-DD")
		}
		t.DateOfBirth = &dob
	}
	return nil
}

// editableBooking loads a booking whose manifest can still change.
func (s *ManifestService) editableBooking(ctx context.Context, bookingID string) (*domain.Booking, error) {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	if !b.IsActive() {
		return nil, fmt.Errorf("booking %s is %s: %w", b.ID, b.Status, domain.ErrInvalidState)
	}
	dep, err := s.departures.Get(ctx, b.DepartureID)
	if err != nil {
		return nil, err
	}
	if dep.ManifestLockedAt != nil {
		return nil, fmt.Errorf("manifest for departure %s is locked: %w", dep.ID, domain.ErrInvalidState)
	}
	return b, nil
}

// AddTraveller adds a person to the booking's manifest.
func (s *ManifestService) AddTraveller(ctx context.Context, bookingID string, in TravellerInput) (*domain.Traveller, error) {
	b, err := s.editableBooking(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	n, err := s.travellers.CountByBooking(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	if n >= b.Pax {
		return nil, fmt.Errorf("booking %s already lists %d travellers: %w", b.ID, n, domain.ErrInvalidState)
	}
	t := &domain.Traveller{BookingID: b.ID}
	if err := in.apply(t); err != nil {
		return nil, err
	}
	if err := s.travellers.Insert(ctx, t); err != nil {
		return nil, err
	}
	return t, nil
}

// UpdateTraveller replaces a traveller's details.
func (s *ManifestService) UpdateTraveller(ctx context.Context, bookingID, travellerID string, in TravellerInput) (*domain.Traveller, error) {
	if _, err := s.editableBooking(ctx, bookingID); err != nil {
		return nil, err
	}
	t := &domain.Traveller{ID: travellerID, BookingID: bookingID}
	if err := in.apply(t); err != nil {
		return nil, err
	}
	ok, err := s.travellers.Update(ctx, t)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("traveller %s: %w", travellerID, domain.ErrNotFound)
	}
	return s.travellers.Get(ctx, bookingID, travellerID)
}

// RemoveTraveller takes a person off the manifest.
func (s *ManifestService) RemoveTraveller(ctx context.Context, bookingID, travellerID string) error {
	if _, err := s.editableBooking(ctx, bookingID); err != nil {
		return err
	}
	return s.travellers.Delete(ctx, bookingID, travellerID)
}

// ListTravellers returns a booking's manifest.
func (s *ManifestService) ListTravellers(ctx context.Context, bookingID string) ([]domain.Traveller, error) {
	return s.travellers.ListByBooking(ctx, bookingID)
}

// Submissions returns the rooming lists sent for a departure.
func (s *ManifestService) Submissions(ctx context.Context, departureID string) ([]domain.ManifestSubmission, error) {
	return s.manifests.ListByDeparture(ctx, departureID)
}

// Publish sends the current rooming list to every hotel and coach operator
// on the departure and records each submission.
func (s *ManifestService) Publish(ctx context.Context, departureID string) ([]domain.ManifestSubmission, error) {
	dep, err := s.departures.Get(ctx, departureID)
	if err != nil {
		return nil, err
	}
	lines, err := s.departures.Services(ctx, dep.ID)
	if err != nil {
		return nil, err
	}
	bookings, err := s.bookings.ListActiveForDeparture(ctx, dep.ID)
	if err != nil {
		return nil, err
	}
	travellers, err := s.travellers.ListByDeparture(ctx, dep.ID)
	if err != nil {
		return nil, err
	}
	rooms := buildRooms(bookings, travellers)

	var out []domain.ManifestSubmission
	for _, line := range firstLinePerSupplier(lines) {
		if line.Kind == domain.ServiceGuide {
			continue // guides get the manifest by email from the ops team
		}
		list := supplierapi.RoomingList{
			PartnerCode: line.PartnerCode,
			DepartureID: dep.ID,
			ServiceDate: line.ServiceDate.Format("2006-01-02"),
			Nights:      line.Nights,
			Rooms:       rooms,
		}
		sub, err := s.gateway.SubmitRoomingList(ctx, list)
		if err != nil {
			return out, fmt.Errorf("rooming list for %s: %w", line.PartnerCode, err)
		}
		version, err := s.manifests.NextVersion(ctx, dep.ID, line.SupplierID)
		if err != nil {
			return out, err
		}
		rec := domain.ManifestSubmission{
			ID:             s.newID(),
			DepartureID:    dep.ID,
			SupplierID:     line.SupplierID,
			Version:        version,
			SupplierRef:    sub.ID,
			TravellerCount: len(travellers),
			SubmittedAt:    s.now().UTC(),
		}
		if err := s.manifests.Insert(ctx, &rec); err != nil {
			return out, err
		}
		s.log.InfoContext(ctx, "rooming list submitted",
			"departure_id", dep.ID, "partner", line.PartnerCode, "version", version, "supplier_ref", sub.ID)
		out = append(out, rec)
	}
	return out, nil
}

// firstLinePerSupplier keeps each supplier's earliest plan line; a rooming
// list covers the supplier's whole stay.
func firstLinePerSupplier(lines []domain.DepartureService) []domain.DepartureService {
	seen := map[string]bool{}
	var out []domain.DepartureService
	for _, l := range lines {
		if seen[l.SupplierID] {
			continue
		}
		seen[l.SupplierID] = true
		out = append(out, l)
	}
	return out
}

// buildRooms groups travellers into rooms: travellers sharing a room_share
// label go together, everyone else rooms with their own booking party.
func buildRooms(bookings []domain.Booking, travellers []domain.Traveller) []supplierapi.RoomingEntry {
	refs := make(map[string]string, len(bookings))
	for _, b := range bookings {
		refs[b.ID] = b.Reference
	}
	groups := map[string]*supplierapi.RoomingEntry{}
	var order []string
	for _, t := range travellers {
		key := t.BookingID
		if t.RoomShare != "" {
			key = t.BookingID + "/" + t.RoomShare
		}
		g, ok := groups[key]
		if !ok {
			g = &supplierapi.RoomingEntry{BookingRef: refs[t.BookingID]}
			groups[key] = g
			order = append(order, key)
		}
		g.Occupants = append(g.Occupants, t.FullName)
		if t.Dietary != "" {
			g.Dietary = append(g.Dietary, t.FullName+": "+t.Dietary)
		}
	}
	sort.Strings(order)
	out := make([]supplierapi.RoomingEntry, 0, len(order))
	for _, k := range order {
		out = append(out, *groups[k])
	}
	return out
}
