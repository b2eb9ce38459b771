package service

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
	"github.com/docketly/efile/internal/store/repo"
)

// ServiceRequestInput asks for a party to be served in person.
type ServiceRequestInput struct {
	FirmID       uuid.UUID
	FilingID     uuid.UUID
	PartyName    string `json:"party_name"`
	AddressLine1 string `json:"address_line1"`
	AddressLine2 string `json:"address_line2"`
	City         string `json:"city"`
	Region       string `json:"region"`
	PostalCode   string `json:"postal_code"`
	Instructions string `json:"instructions"`
	Rush         bool   `json:"rush"`
}

func (in ServiceRequestInput) validate() error {
	var missing []string
	for name, v := range map[string]string{
		"party_name": in.PartyName, "address_line1": in.AddressLine1,
		"city": in.City, "region": in.Region, "postal_code": in.PostalCode,
	} {
		if strings.TrimSpace(v) == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return invalid("missing %s", strings.Join(missing, ", "))
	}
	return nil
}

// ServiceOfProcess books and tracks in-person service.
type ServiceOfProcess struct {
	store   *store.Store
	jobs    jobs.Inserter
	servers ProcessServers
}

// NewServiceOfProcess returns the service.
func NewServiceOfProcess(s *store.Store, j jobs.Inserter, ps ProcessServers) *ServiceOfProcess {
	return &ServiceOfProcess{store: s, jobs: j, servers: ps}
}

// Request records a service request and queues the booking.
func (s *ServiceOfProcess) Request(ctx context.Context, in ServiceRequestInput) (db.ServiceRequest, error) {
	if err := in.validate(); err != nil {
		return db.ServiceRequest{}, err
	}
	f, err := s.store.GetFilingForFirm(ctx, in.FilingID, in.FirmID)
	if err != nil {
		return db.ServiceRequest{}, notFound(err, "filing")
	}
	if f.Status != "submitted" && f.Status != "accepted" {
		return db.ServiceRequest{}, conflict("papers can be served once the filing is submitted")
	}

	sr := db.ServiceRequest{
		ID:           uuid.New(),
		FilingID:     f.ID,
		FirmID:       f.FirmID,
		PartyName:    in.PartyName,
		AddressLine1: in.AddressLine1,
		AddressLine2: in.AddressLine2,
		City:         in.City,
		Region:       strings.ToUpper(in.Region),
		PostalCode:   in.PostalCode,
		Instructions: in.Instructions,
		Rush:         in.Rush,
		Status:       "pending",
	}
	err = s.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		if _, err := repo.Insert(ctx, tx, &sr); err != nil {
			return err
		}
		_, err := s.jobs.InsertTx(ctx, tx, jobs.BookServiceArgs{ServiceRequestID: sr.ID}, nil)
		return err
	})
	if err != nil {
		return db.ServiceRequest{}, err
	}
	return sr, nil
}

// Get returns a service request the firm owns.
func (s *ServiceOfProcess) Get(ctx context.Context, firmID, id uuid.UUID) (db.ServiceRequest, error) {
	sr, err := repo.Get[db.ServiceRequest](ctx, s.store.Pool, id)
	if err != nil || sr.FirmID != firmID {
		return db.ServiceRequest{}, notFound(repo.ErrNotFound, "service request")
	}
	return sr, nil
}

// Cancel withdraws an unserved request, cancelling the booking with the
// network if one was made.
func (s *ServiceOfProcess) Cancel(ctx context.Context, firmID, id uuid.UUID, reason string) error {
	sr, err := s.Get(ctx, firmID, id)
	if err != nil {
		return err
	}
	switch sr.Status {
	case "cancelled":
		return nil
	case "served", "failed":
		return conflict("service request is %s", sr.Status)
	}
	if sr.BookingID != nil {
		if err := s.servers.CancelBooking(ctx, *sr.BookingID, reason, "cancel/"+sr.ID.String()); err != nil {
			return err
		}
	}
	_, err = s.store.MarkServiceCancelled(ctx, sr.ID)
	return err
}
